import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { flatSql } from '../db/flatSql.ts';
import { ceilTo, floorTo } from './paymentsList.ts';
import { businessDay, keyConditions, windowBounds } from './transactionFilter.ts';

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

/**
 * The pay-ins of each business day (its window as the lists read it: 00:00 to 23:59, end minute
 * included) per status and channel, within `clientIds` (null = every client), from the rollups.
 * Each day is cut exactly as totalsQuery cuts a window (paymentsList.ts): whole UTC days from
 * transaction_daily_totals, the whole hours around them from transaction_hourly_totals, the
 * minutes before the first and after the last whole hour row by row. So a day's FINALIZED figures
 * are the very sums `transaction/summary` answers for that day, and nothing scans a day of pay-ins.
 * The days travel as a VALUES list so the planner knows there are a handful and walks each bucket
 * range by its index.
 */
export function dayTotalsQuery(days: string[], clientIds: number[] | null, timeZone: string): SQL {
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

export async function dayTotals(
  db: Db,
  days: string[],
  clientIds: number[] | null,
  timeZone: string,
): Promise<DayStatusTotals[]> {
  const { rows } = await db.execute<Row>(dayTotalsQuery(days, clientIds, timeZone));
  return rows.map((r) => ({
    day: r.day,
    status: r.status,
    type: r.type,
    count: Number(r.n),
    amount: Number(r.amount),
    fee: Number(r.fee),
  }));
}
