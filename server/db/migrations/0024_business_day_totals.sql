-- Issue 29: the overview's 14 business days. A business day in Asia/Jakarta (UTC+7) holds no whole
-- UTC day, so from the hour and day totals each day is 24 hour buckets per client, status and method:
-- about 42,000 bucket rows for every client at 1,000,000 pay-ins (docs/bench-overview.md). These are
-- the same totals per business day of each zone listed in business_time_zones, so 14 days are a few
-- hundred rows. A zone is a column, not a setting: changing TZ_BUSINESS adds its days (keepBusinessDays)
-- and never leaves figures cut on the old clock.
CREATE TABLE "business_time_zones" (
	"time_zone" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_business_day_totals" (
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"client_id" integer NOT NULL,
	"status" text NOT NULL,
	"type" text NOT NULL,
	"count" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"fee_amount" bigint NOT NULL,
	CONSTRAINT "transaction_business_day_totals_time_zone_day_client_id_status_type_pk" PRIMARY KEY("time_zone","day","client_id","status","type")
);

--> statement-breakpoint
ALTER TABLE "transaction_business_day_totals" SET (fillfactor = 70);
--> statement-breakpoint
-- As 0010's, and then the business days of every kept zone, after the hour and day buckets (the same
-- order in every writer, so writers touching the same buckets queue rather than deadlock). The day is
-- the pay-in's date on that zone's clock: what the lists' window 'day 00:00 to day 23:59' holds
-- wherever the zone's offset does not change within the day (dayTotals.ts reads it only then).
CREATE OR REPLACE FUNCTION transaction_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
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
  EXECUTE format($upsert$
    INSERT INTO transaction_business_day_totals AS t (time_zone, day, client_id, status, type, count, amount, fee_amount)
    SELECT z.time_zone, (d.transaction_time AT TIME ZONE z.time_zone)::date, d.client_id, d.status, d.type,
      sum(d.n), sum(d.amount), sum(d.fee_amount)
    FROM (%1$s) AS d (transaction_time, client_id, status, type, n, amount, fee_amount) CROSS JOIN business_time_zones z
    GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.n) <> 0 OR sum(d.amount) <> 0 OR sum(d.fee_amount) <> 0
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (time_zone, day, client_id, status, type) DO UPDATE
      SET count = t.count + excluded.count, amount = t.amount + excluded.amount, fee_amount = t.fee_amount + excluded.fee_amount
  $upsert$, source);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION transaction_totals_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE transaction_hourly_totals, transaction_daily_totals, transaction_business_day_totals;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- The default TZ_BUSINESS, kept from the start; the trigger above already counts every pay-in written
-- from here on for it (this migration's lock on transactions holds other writers off until it commits).
LOCK TABLE transactions IN SHARE MODE;
--> statement-breakpoint
INSERT INTO business_time_zones (time_zone) VALUES ('Asia/Jakarta');
--> statement-breakpoint
INSERT INTO transaction_business_day_totals (time_zone, day, client_id, status, type, count, amount, fee_amount)
SELECT 'Asia/Jakarta', (transaction_time AT TIME ZONE 'Asia/Jakarta')::date, client_id, status, type, count(*), sum(amount), sum(fee_amount)
FROM transactions GROUP BY 2, 3, 4, 5;
