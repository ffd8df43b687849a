-- Totals per UTC hour, client, status and payment method for the Payments List (count and tiles),
-- so a month's window at 1,000,000 pay-ins sums ~37,500 FINALIZED buckets instead of counting
-- ~425,000 rows (docs/bench.md). Exactness comes from who writes it: only the statement triggers
-- below, inside the writing transaction.
CREATE TABLE "transaction_hourly_totals" (
	"hour" timestamp with time zone NOT NULL,
	"client_id" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	CONSTRAINT "transaction_hourly_totals_hour_client_id_status_type_pk" PRIMARY KEY("hour","client_id","status","type")
);
--> statement-breakpoint
CREATE INDEX "transaction_hourly_totals_status_hour_idx" ON "transaction_hourly_totals" USING btree ("status","hour");
--> statement-breakpoint
-- Room on each page lets the constant count updates be HOT (no index writes, less bloat).
ALTER TABLE "transaction_hourly_totals" SET (fillfactor = 70);
--> statement-breakpoint
-- Adds one statement's changes, summed per bucket. Buckets are locked in key order so that two
-- writers touching the same buckets queue rather than deadlock; deltas that cancel out (an update of
-- withdrawable_at, a callback) touch no bucket at all. date_trunc's third argument pins the bucket
-- to UTC whatever the session's TimeZone. Transition tables exist per event, hence one branch each.
CREATE FUNCTION transaction_hourly_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO transaction_hourly_totals AS h (hour, client_id, status, type, count, amount, fee_amount)
    SELECT hour, client_id, status, type, sum(n), sum(amount), sum(fee_amount)
    FROM (SELECT date_trunc('hour', transaction_time, 'UTC') AS hour, client_id, status, type, 1 AS n, amount AS amount, fee_amount AS fee_amount FROM new_rows) d
    GROUP BY hour, client_id, status, type
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(fee_amount) <> 0
    ORDER BY hour, client_id, status, type
    ON CONFLICT (hour, client_id, status, type) DO UPDATE
      SET count = h.count + excluded.count, amount = h.amount + excluded.amount, fee_amount = h.fee_amount + excluded.fee_amount;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO transaction_hourly_totals AS h (hour, client_id, status, type, count, amount, fee_amount)
    SELECT hour, client_id, status, type, sum(n), sum(amount), sum(fee_amount)
    FROM (SELECT date_trunc('hour', transaction_time, 'UTC') AS hour, client_id, status, type, -1 AS n, -amount AS amount, -fee_amount AS fee_amount FROM old_rows) d
    GROUP BY hour, client_id, status, type
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(fee_amount) <> 0
    ORDER BY hour, client_id, status, type
    ON CONFLICT (hour, client_id, status, type) DO UPDATE
      SET count = h.count + excluded.count, amount = h.amount + excluded.amount, fee_amount = h.fee_amount + excluded.fee_amount;
  ELSE
    INSERT INTO transaction_hourly_totals AS h (hour, client_id, status, type, count, amount, fee_amount)
    SELECT hour, client_id, status, type, sum(n), sum(amount), sum(fee_amount)
    FROM (SELECT date_trunc('hour', transaction_time, 'UTC') AS hour, client_id, status, type, 1 AS n, amount AS amount, fee_amount AS fee_amount FROM new_rows
          UNION ALL SELECT date_trunc('hour', transaction_time, 'UTC') AS hour, client_id, status, type, -1 AS n, -amount AS amount, -fee_amount AS fee_amount FROM old_rows) d
    GROUP BY hour, client_id, status, type
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(fee_amount) <> 0
    ORDER BY hour, client_id, status, type
    ON CONFLICT (hour, client_id, status, type) DO UPDATE
      SET count = h.count + excluded.count, amount = h.amount + excluded.amount, fee_amount = h.fee_amount + excluded.fee_amount;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Before the backfill, so no pay-in written from here on can be missed: CREATE TRIGGER holds off
-- other writers of transactions until this migration commits.
CREATE TRIGGER transactions_hourly_totals_insert AFTER INSERT ON transactions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_hourly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_hourly_totals_update AFTER UPDATE ON transactions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_hourly_totals_apply();
--> statement-breakpoint
CREATE TRIGGER transactions_hourly_totals_delete AFTER DELETE ON transactions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION transaction_hourly_totals_apply();
--> statement-breakpoint
-- TRUNCATE has no transition table; it empties every bucket along with the pay-ins.
CREATE FUNCTION transaction_hourly_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE transaction_hourly_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER transactions_hourly_totals_truncate AFTER TRUNCATE ON transactions
  FOR EACH STATEMENT EXECUTE FUNCTION transaction_hourly_totals_truncate();
--> statement-breakpoint
INSERT INTO transaction_hourly_totals (hour, client_id, status, type, count, amount, fee_amount)
SELECT date_trunc('hour', transaction_time, 'UTC'), client_id, status, type, count(*), sum(amount), sum(fee_amount)
FROM transactions GROUP BY 1, 2, 3, 4;
