CREATE TABLE "export_jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"requested_by" integer NOT NULL,
	"email" text NOT NULL,
	"filter" jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"queue_job_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"row_count" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "export_jobs" ADD CONSTRAINT "export_jobs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "export_jobs_requested_by_idx" ON "export_jobs" USING btree ("requested_by","created_at");