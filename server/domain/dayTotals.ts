import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { flatSql } from '../db/flatSql.ts';
import { ceilTo, floorTo } from './paymentsList.ts';
import { windowBounds } from './businessWindow.ts';
import { businessDay, keyConditions } from './payinFilter.ts';

/** One business day's pay-ins of one status and channel, summed. */
export interface DayStatusTotals {
  day: string;
  status: string;
  type: string;
  count: number;
  amount: number;
  fee: number;
}

/** The last `n` business days (YYYY-MM-DD), oldest first, today last. */
export const lastBusinessDays = (timeZone: string, n: number): string[] =>
  Array.from({ length: n }, (_, i) => businessDay(timeZone, n - 1 - i));

type Row = { day: string; status: string; type: string; n: string; amount: string; fee: string };
/** businessDayTotalsQuery's row saying the zone is kept. */
type Marker = { day: null };

// Offsets run from UTC-12 to UTC+14: a business day lies within these hours around its UTC date.
const BEFORE_MS = 14 * 3_600_000;
const AFTER_MS = (24 + 12) * 3_600_000;
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const offsetAt = (timeZone: string, at: number) => {
  let format = offsetFormats.get(timeZone);
  if (!format)
    offsetFormats.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  return format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
};

/**
 * Whether the zone keeps one offset through `day` (the same before and after it; clocks change at
 * most twice a year). Then the lists' window 'day 00:00 to day 23:59', end minute included, holds
 * exactly the pay-ins whose date on the zone's clock is `day`, which is what a business-day bucket
 * counts (migration 0024). A day the clocks change on is read from the hour buckets instead.
 */
export function steadyDay(timeZone: string, day: string): boolean {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  return offsetAt(timeZone, utcMidnight - BEFORE_MS) === offsetAt(timeZone, utcMidnight + AFTER_MS);
}

/**
 * The pay-ins of each of `days` per status and channel, within `clientIds`, from the business-day
 * buckets of `timeZone` (migration 0024): a few hundred rows for 14 days, however many pay-ins.
 * Only for steady days (steadyDay). Its row of day null is there only when the buckets hold the
 * zone at all: one statement both asks and answers (dayTotals reads the hour buckets without it).
 */
export function businessDayTotalsQuery(days: string[], clientIds: number[] | null, timeZone: string): SQL {
  const scope = keyConditions('r', { clientIds }).map((c) => sql` and ${c}`);
  return flatSql(sql`select null as day, null as status, null as type, 0 as n, 0 as amount, 0 as fee
    from business_time_zones where time_zone = ${timeZone}
    union all (select to_char(r.day, 'YYYY-MM-DD'), r.status, r.type, sum(r.count), sum(r.amount), sum(r.fee_amount)
    from transaction_business_day_totals r
    where r.time_zone = ${timeZone} and r.day in (${sql.join(
      days.map((d) => sql`${d}::date`),
      sql`, `,
    )})${sql.join(scope)}
    group by r.day, r.status, r.type)`);
}

/**
 * The pay-ins of each business day (its window as the lists read it: 00:00 to 23:59, end minute
 * included) per status and channel, within `clientIds` (null = every client), from the rollups.
 * Each day is cut exactly as totalsQuery cuts a window (paymentsList.ts): whole UTC days from
 * transaction_daily_totals, the whole hours around them from transaction_hourly_totals, the
 * minutes before the first and after the last whole hour row by row. So a day's FINALIZED figures
 * are the very sums `transaction/summary` answers for that day, and nothing scans a day of pay-ins.
 * The days travel as a VALUES list so the planner knows there are a handful and walks each bucket
 * range by its index. About 42,000 bucket rows for 14 days at 1,000,000 pay-ins: what a zone's
 * business-day buckets spare (businessDayTotalsQuery); kept for a zone they do not hold and for days
 * the clocks change on.
 */
export function bucketDayTotalsQuery(days: string[], clientIds: number[] | null, timeZone: string): SQL {
  const windows = days.map((day) => {
    const { from, until } = windowBounds(`${day} 00:00`, `${day} 23:59`, timeZone);
    return sql`(${day}::text, ${from}, ${until})`;
  });
  const scope = (alias: 't' | 'r') => keyConditions(alias, { clientIds }).map((c) => sql` and ${c}`);
  const buckets = (table: string, column: string, from: string, until: string) => sql`
    select b.day, r.status, r.type, r.count, r.amount, r.fee_amount
    from b join ${sql.raw(table)} r on ${sql.raw(`r.${column} >= ${from} and r.${column} < ${until}`)}${sql.join(scope('r'))}`;
  const rows = (from: string, until: string) => sql`
    select b.day, t.status, t.type, 1, t.amount, t.fee_amount
    from b join transactions t on ${sql.raw(`t.transaction_time >= ${from} and t.transaction_time < ${until}`)}${sql.join(scope('t'))}`;
  const at = (column: string) => sql.raw(`w.${column}`);
  return flatSql(sql`with w (day, from_t, until_t) as (values ${sql.join(windows, sql`, `)}),
    b as (select w.day, w.from_t, w.until_t,
      ${ceilTo('hour', at('from_t'))} as first_hour, ${floorTo('hour', at('until_t'))} as end_hour,
      ${ceilTo('day', at('from_t'))} as first_day, ${floorTo('day', at('until_t'))} as end_day from w)
    select day, status, type, sum(n) as n, sum(amount) as amount, sum(fee) as fee from (
      ${buckets('transaction_daily_totals', 'day', 'b.first_day', 'b.end_day')}
      union all ${buckets('transaction_hourly_totals', 'hour', 'b.first_hour', 'least(b.first_day, b.end_hour)')}
      union all ${buckets('transaction_hourly_totals', 'hour', 'greatest(b.first_day, b.end_day)', 'b.end_hour')}
      union all ${rows('b.from_t', 'least(b.first_hour, b.until_t)')}
      union all ${rows('greatest(b.first_hour, b.end_hour)', 'b.until_t')}
    ) as x (day, status, type, n, amount, fee)
    group by day, status, type`);
}

/** Whether the business-day buckets hold `timeZone`'s days (keepBusinessDays registers a zone). */
export async function keepsBusinessDays(db: Db, timeZone: string): Promise<boolean> {
  const { rows } = await db.execute<{ kept: boolean }>(
    sql`select exists (select 1 from business_time_zones where time_zone = ${timeZone}) as kept`,
  );
  return rows[0].kept;
}

/**
 * Keeps `timeZone`'s business days from now on: registers the zone and counts its days from the
 * pay-ins, once. The server calls it at start for TZ_BUSINESS (migration 0024 keeps Asia/Jakarta).
 * The share lock holds writers of pay-ins off while the days are counted: a pay-in is either
 * counted here or, written after, by the trigger, which then sees the zone. True when it was new.
 */
export async function keepBusinessDays(db: Db, timeZone: string): Promise<boolean> {
  if (await keepsBusinessDays(db, timeZone)) return false;
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table transactions in share mode`);
    const { rows } = await tx.execute(
      sql`insert into business_time_zones (time_zone) values (${timeZone}) on conflict do nothing returning time_zone`,
    );
    if (!rows.length) return false;
    await tx.execute(sql`insert into transaction_business_day_totals
        (time_zone, day, client_id, status, type, count, amount, fee_amount)
      select ${timeZone}, (transaction_time at time zone ${timeZone})::date, client_id, status, type,
        count(*), sum(amount), sum(fee_amount)
      from transactions group by 2, 3, 4, 5`);
    return true;
  });
}

/**
 * Each of `days` per status and channel, within `clientIds`: from the business-day buckets when
 * they hold the zone and the day is steady, else from the hour and day buckets. Either way the
 * figures `transaction/summary` answers for the day's window.
 */
export async function dayTotals(
  db: Db,
  days: string[],
  clientIds: number[] | null,
  timeZone: string,
): Promise<DayStatusTotals[]> {
  const steady = days.filter((day) => steadyDay(timeZone, day));
  let rest = days.filter((day) => !steady.includes(day));
  const rows: Row[] = [];
  if (steady.length) {
    const found = (await db.execute<Row | Marker>(businessDayTotalsQuery(steady, clientIds, timeZone))).rows;
    if (found.some((r) => r.day === null)) rows.push(...found.filter((r): r is Row => r.day !== null));
    else rest = days;
  }
  if (rest.length) rows.push(...(await db.execute<Row>(bucketDayTotalsQuery(rest, clientIds, timeZone))).rows);
  return rows.map((r) => ({
    day: r.day,
    status: r.status,
    type: r.type,
    count: Number(r.n),
    amount: Number(r.amount),
    fee: Number(r.fee),
  }));
}
