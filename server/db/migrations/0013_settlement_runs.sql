CREATE TABLE "settlement_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"from_time" timestamp with time zone NOT NULL,
	"until_time" timestamp with time zone NOT NULL,
	"requested_by" integer NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total_count" integer NOT NULL,
	"total_amount" bigint NOT NULL,
	"settled_count" integer DEFAULT 0 NOT NULL,
	"settled_amount" bigint DEFAULT 0 NOT NULL,
	"settled_fee" bigint DEFAULT 0 NOT NULL,
	"moved_amount" bigint DEFAULT 0 NOT NULL,
	"queue_job_id" text,
	"error" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "settlement_run_id" bigint;--> statement-breakpoint
ALTER TABLE "settlement_runs" ADD CONSTRAINT "settlement_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_runs_one_running_key" ON "settlement_runs" USING btree ("type","from_time","until_time") WHERE status = 'running';--> statement-breakpoint
CREATE INDEX "settlement_runs_started_idx" ON "settlement_runs" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "transactions_finalized_type_time_idx" ON "transactions" USING btree ("type","transaction_time","id") WHERE status = 'FINALIZED';--> statement-breakpoint
CREATE INDEX "transactions_settlement_run_idx" ON "transactions" USING btree ("settlement_run_id") WHERE settlement_run_id is not null;