-- Measured at 1,000,000 pay-ins (docs/bench.md): a 30-day window sums ~37,500 FINALIZED hour
-- buckets in ~10 ms; from day buckets plus the hours at either edge it takes under 1 ms, and a
-- window of months stays as cheap. The same trigger keeps both tables, in one function.
CREATE TABLE "transaction_daily_totals" (
	"day" timestamp with time zone NOT NULL,
	"client_id" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	CONSTRAINT "transaction_daily_totals_day_client_id_status_type_pk" PRIMARY KEY("day","client_id","status","type")
);
--> statement-breakpoint
CREATE INDEX "transaction_daily_totals_status_day_idx" ON "transaction_daily_totals" USING btree ("status","day");
--> statement-breakpoint
ALTER TABLE "transaction_daily_totals" SET (fillfactor = 70);
--> statement-breakpoint
DROP TRIGGER transactions_hourly_totals_insert ON transactions;
--> statement-breakpoint
DROP TRIGGER transactions_hourly_totals_update ON transactions;
--> statement-breakpoint
DROP TRIGGER transactions_hourly_totals_delete ON transactions;
--> statement-breakpoint
DROP TRIGGER transactions_hourly_totals_truncate ON transactions;
--> statement-breakpoint
DROP FUNCTION transaction_hourly_totals_apply();
--> statement-breakpoint
DROP FUNCTION transaction_hourly_totals_truncate();
--> statement-breakpoint
-- Adds one statement's changes to the hour buckets, then to the day buckets, each summed per bucket
-- and locked in key order, so that writers touching the same buckets queue rather than deadlock.
-- Deltas that cancel out (an update of withdrawable_at, a callback) touch no bucket at all.
-- date_trunc's third argument pins buckets to UTC whatever the session's TimeZone. One upsert text
-- serves both tables and all three events, hence EXECUTE (it sees the transition tables too).
CREATE FUNCTION transaction_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added constant text := 'SELECT transaction_time, client_id, status, type, 1, amount, fee_amount FROM new_rows';
  removed constant text := 'SELECT transaction_time, client_id, status, type, -1, -amount, -fee_amount FROM old_rows';
  source text := CASE TG_OP WHEN 'INSERT' THEN added WHEN 'DELETE' THEN removed ELSE added || ' UNION ALL ' || removed END;
  bucket record;
BEGIN
  FOR bucket IN SELECT * FROM (VALUES ('transaction_hourly_totals', 'hour'), ('transaction_daily_totals', 'day')) AS b (tbl, unit) LOOP
    EXECUTE format($upsert$
      INSERT INTO %1$I AS t (%2$I, client_id, status, type, count, amount, fee_amount)
      SELECT date_trunc(%2$L, transaction_time, 'UTC'), client_id, status, type, sum(n), sum(amount), sum(fee_amount)
      FROM (%3$s) AS d (transaction_time, client_id, status, type, n, amount, fee_amount)
      GROUP BY 1, 2, 3, 4
      HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(fee_amount) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (%2$I, client_id, status, type) DO UPDATE
        SET count = t.count + excluded.count, amount = t.amount + excluded.amount, fee_amount = t.fee_amount + excluded.fee_amount
    $upsert$, bucket.tbl, bucket.unit, source);
  END LOOP;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- TRUNCATE has no transition table; it empties every bucket along with the pay-ins.
CREATE FUNCTION transaction_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE transaction_hourly_totals, transaction_daily_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Before the backfill, so no pay-in written from here on can be missed: CREATE TRIGGER holds off
-- other writers of transactions until this migration commits.
CREATE TRIGGER transactions_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_totals_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_totals_truncate();
--> statement-breakpoint
INSERT INTO transaction_daily_totals (day, client_id, status, type, count, amount, fee_amount)
SELECT date_trunc('day', transaction_time, 'UTC'), client_id, status, type, count(*), sum(amount), sum(fee_amount)
FROM transactions GROUP BY 1, 2, 3, 4;
