-- Measured by `npm run bench` at 1,000,000 pay-ins (docs/bench.md, "What if"): carrying amount and
-- fee in the status/time index lets the one-day list count and the summary run as index-only
-- scans (list p95 255 -> 24 ms, summary p95 247 -> 26 ms). Defined here rather than in schema.ts
-- because drizzle-kit cannot express the covering columns in this form.
DROP INDEX IF EXISTS "transactions_status_time_idx";
--> statement-breakpoint
CREATE INDEX "transactions_status_time_idx" ON "transactions" USING btree ("status", "transaction_time" DESC, "id" DESC, "amount", "fee_amount");
