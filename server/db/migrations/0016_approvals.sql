CREATE TABLE "approval_policy" (
	"action" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"threshold" bigint,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'PENDING_APPROVAL' NOT NULL,
	"maker_id" integer NOT NULL,
	"checker_id" integer,
	"client_id" integer,
	"amount" bigint NOT NULL,
	"before" bigint,
	"after" bigint,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approval_policy" ADD CONSTRAINT "approval_policy_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_maker_id_users_id_fk" FOREIGN KEY ("maker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_checker_id_users_id_fk" FOREIGN KEY ("checker_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_requests" ADD CONSTRAINT "approval_requests_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_requests_status_idx" ON "approval_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "approval_requests_created_idx" ON "approval_requests" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "approval_policy" ("action", "mode", "threshold") VALUES
	('balance-adjustment', 'threshold', 100000000),
	('withdrawal', 'threshold', 500000000),
	('void-upload', 'off', NULL),
	('bulk-withdrawable', 'off', NULL),
	('manual-finalize', 'off', NULL)
ON CONFLICT ("action") DO NOTHING;--> statement-breakpoint
INSERT INTO "modules" ("id", "title", "path", "icon", "parent_id", "sort", "is_required")
VALUES ('approvals', 'Approvals', '/dashboard/approvals', 'checkmark-shield', NULL, 7, false)
ON CONFLICT ("id") DO NOTHING;--> statement-breakpoint
INSERT INTO "role_modules" ("role_id", "module_id")
SELECT DISTINCT r."id", 'approvals' FROM "roles" r
JOIN "role_modules" rm ON rm."role_id" = r."id" AND rm."module_id" IN ('audit-log', 'settlement', 'management-user')
WHERE r."type" = 'SUPER ADMIN'
ON CONFLICT DO NOTHING;
