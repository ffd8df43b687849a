-- Issue 47, merchant callbacks that merchants can trust and operators can see.
-- Each attempt keeps how long it took, the first 1 KB of the answer, who triggered it and, when it failed
-- with a retry to come, when that retry is due.
ALTER TABLE "callback_attempts" ADD COLUMN "trigger" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD CONSTRAINT "callback_attempts_trigger_check" CHECK ("trigger" IN ('system', 'retry', 'person'));--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD COLUMN "response_excerpt" text;--> statement-breakpoint
ALTER TABLE "callback_attempts" ADD COLUMN "next_retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "callback_attempts_transaction_time_idx" ON "callback_attempts" USING btree ("transaction_id", "attempted_at");--> statement-breakpoint
-- One row per pay-in whose callback was attempted: its latest attempt, written in the attempt's transaction,
-- so the Callbacks page pages and filters (client, outcome, window) on an index rather than over every attempt.
CREATE TABLE "callback_deliveries" (
	"transaction_id" bigint PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"correlation_id" text NOT NULL,
	"outcome" text NOT NULL,
	"attempts" integer NOT NULL,
	"url" text NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"last_status_code" integer,
	"last_error" text,
	"next_retry_at" timestamp with time zone,
	CONSTRAINT "callback_deliveries_outcome_check" CHECK ("outcome" IN ('delivered', 'failing', 'gave_up'))
);
--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_deliveries_time_idx" ON "callback_deliveries" USING btree ("last_attempt_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_client_time_idx" ON "callback_deliveries" USING btree ("client_id", "last_attempt_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_correlation_idx" ON "callback_deliveries" USING btree ("correlation_id");--> statement-breakpoint
-- Attempts made before this migration: a person's Resend is named by attempted_by; the system's attempts after its
-- first at the same pay-in were retries.
UPDATE "callback_attempts" a SET "trigger" = CASE WHEN a."attempted_by" IS NOT NULL THEN 'person' ELSE 'retry' END
WHERE a."attempted_by" IS NOT NULL OR EXISTS (SELECT 1 FROM "callback_attempts" p WHERE p."transaction_id" = a."transaction_id"
  AND p."attempted_by" IS NULL AND (p."attempted_at", p."id") < (a."attempted_at", a."id"));--> statement-breakpoint
-- Attempts made before this migration: the latest one of each pay-in is its delivery (no retry is known to be due).
INSERT INTO "callback_deliveries" ("transaction_id", "client_id", "correlation_id", "outcome", "attempts", "url", "last_attempt_at", "last_status_code", "last_error", "next_retry_at")
SELECT t.id, t.client_id, t.correlation_id, CASE WHEN last.ok THEN 'delivered' ELSE 'gave_up' END, counts.n, last.url, last.attempted_at, last.status_code, last.error, NULL
FROM "transactions" t
JOIN (SELECT transaction_id, count(*)::int AS n FROM "callback_attempts" GROUP BY transaction_id) counts ON counts.transaction_id = t.id
JOIN LATERAL (SELECT a.* FROM "callback_attempts" a WHERE a.transaction_id = t.id ORDER BY a.attempted_at DESC, a.id DESC LIMIT 1) last ON true;--> statement-breakpoint
-- Secret rotation: the rotated-out secret keeps signing beside the new one until previous_until.
ALTER TABLE "clients" ADD COLUMN "callback_secret_previous" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "callback_secret_previous_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "callback_secret_rotated_at" timestamp with time zone;
