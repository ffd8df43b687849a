import { sql, type SQL } from 'drizzle-orm';
import type { CallbackOutcome } from '../../src/services/callbackRules.ts';
import type { TransactionRow, TransactionStats } from '../../src/services/payinQuery.ts';
import type { Db } from '../db/connect.ts';
import { preparedStatement, runStatement, templateStatement, type Statement } from '../db/prepared.ts';
import { flatSql } from '../db/flatSql.ts';
import { pageMeta } from './paging.ts';
import { keyConditions, mayFilterStatus, rollupWindowOf, whereShapeOf } from './payinFilter.ts';
import { isoTime } from '../db/pgTime.ts';
import type { Paged } from '../../src/services/paging.ts';

type RawRow = {
  uuid: string;
  type: TransactionRow['type'];
  service_type: string;
  rrn: string | null;
  correlation_id: string;
  account_no: string;
  currency: string;
  amount: string;
  fee_amount: string;
  status: TransactionRow['status'];
  paid_time: Date | string | null;
  transaction_time: Date | string;
  settlement_time: Date | string | null;
  client_id: number;
  client_name: string;
  withdrawable_at: Date | string | null;
  /** From callback_deliveries (the list's page); the export reads none. */
  callback_outcome?: CallbackOutcome | null;
  callback_at?: Date | string | null;
};

export const toTransactionRow = (r: RawRow): TransactionRow => ({
  uuid: r.uuid,
  type: r.type,
  service_type: r.service_type,
  rrn: r.rrn,
  correlation_id: r.correlation_id,
  account_no: r.account_no,
  currency: r.currency,
  amount: Number(r.amount),
  fee_amount: Number(r.fee_amount),
  status: r.status,
  paid_time: isoTime(r.paid_time),
  transaction_time: isoTime(r.transaction_time),
  settlement_time: isoTime(r.settlement_time),
  client_id: Number(r.client_id),
  client_name: r.client_name,
  added_to_withdrawable: r.withdrawable_at != null,
  last_callback:
    r.callback_outcome && r.callback_at ? { outcome: r.callback_outcome, at: isoTime(r.callback_at) } : null,
});

export const TRANSACTION_COLUMNS = sql`t.uuid, t.type, t.service_type, t.rrn, t.correlation_id, t.account_no,
  t.currency, t.amount, t.fee_amount,
  t.status, t.paid_time, t.transaction_time, t.settlement_time, t.client_id, c.client_name, t.withdrawable_at`;

/** One page, newest first (ties broken by id so pages never overlap); `page_id` orders it again in countedPage. */
export const pageQuery = (where: SQL, page: number, limit: number) => pageAt(where, limit, (page - 1) * limit);

/**
 * Newest first in the order of the index a page is read through: transactions_status_time_idx is
 * (status, transaction_time DESC, id DESC), NULLS FIRST, but transactions_time_idx and
 * transactions_client_time_idx are DESC NULLS LAST (as the export reads them). Asked in the other
 * order, PostgreSQL sorts the whole window instead: at 10,000,000 pay-ins a day's page with no status
 * chosen took 1.5 s, a parallel scan of the table (issue 30). transaction_time and id are NOT NULL,
 * so both orders list the same rows in the same order.
 */
const NEWEST_FIRST = {
  byStatus: sql`t.transaction_time desc, t.id desc`,
  byTime: sql`t.transaction_time desc nulls last, t.id desc nulls last`,
};

/** pageQuery by its limit and offset (Slots in a statement template). */
const pageAt = (where: SQL, limit: unknown, offset: unknown) => sql`
  select ${TRANSACTION_COLUMNS}, cd.outcome as callback_outcome, cd.last_attempt_at as callback_at, t.id as page_id
  from transactions t join clients c on c.id = t.client_id
  left join callback_deliveries cd on cd.transaction_id = t.id
  where ${where} order by ${mayFilterStatus(where) ? NEWEST_FIRST.byStatus : NEWEST_FIRST.byTime}
  limit ${limit} offset ${offset}`;

// Bucket edges in UTC. ceilTo is the first edge at or after `at` (timestamps are whole microseconds);
// '24 hours', as '1 day' would follow the session time zone's daylight saving.
export const ceilTo = (unit: 'hour' | 'day', at: SQL) =>
  sql`(date_trunc(${sql.raw(`'${unit}'`)}, ${at} - interval '1 microsecond', 'UTC')
    + interval ${sql.raw(unit === 'day' ? "'24 hours'" : "'1 hour'")})`;
export const floorTo = (unit: 'hour' | 'day', at: SQL) => sql`date_trunc(${sql.raw(`'${unit}'`)}, ${at}, 'UTC')`;

/**
 * [from, until) cut around the bucket-aligned [first, end) inside it: the part before, the
 * buckets, the part after. With no whole bucket inside (first >= end) the buckets are empty and
 * the parts before and after still cover [from, until) exactly once.
 */
const cut = (from: SQL, until: SQL, first: SQL, end: SQL) => ({
  before: [from, sql`least(${first}, ${until})`] as const,
  buckets: [first, end] as const,
  after: [sql`greatest(${first}, ${end})`, until] as const,
});

/** A list's rows (aliased `t` in every `where`) and the hour and day totals kept of them. */
export interface TotalsSource {
  rows: string;
  hourly: string;
  daily: string;
}
export const PAYIN_TOTALS: TotalsSource = {
  rows: 'transactions',
  hourly: 'transaction_hourly_totals',
  daily: 'transaction_daily_totals',
};

/**
 * Count, amount and fee of exactly the rows `where` selects, in one statement (one snapshot). For
 * a filter the rollups can answer: whole UTC days inside the window from transaction_daily_totals,
 * the whole hours around them from transaction_hourly_totals, and the minutes before the first
 * and after the last whole hour counted row by row, so a window on any clock (even a half-hour
 * zone) is exact. A text search is counted row by row throughout: it is selective, and the
 * rollups do not know the field.
 */
export function totalsQuery(where: SQL, source: TotalsSource = PAYIN_TOTALS): SQL {
  const w = rollupWindowOf(where);
  const rowsTable = sql.raw(source.rows);
  if (!w)
    return sql`select count(*) as n, coalesce(sum(t.amount), 0) as amount, coalesce(sum(t.fee_amount), 0) as fee
      from ${rowsTable} t where ${where}`;
  const minutes = cut(w.from, w.until, ceilTo('hour', w.from), floorTo('hour', w.until));
  const [firstHour, endHour] = minutes.buckets;
  const hours = cut(firstHour, endHour, ceilTo('day', w.from), floorTo('day', w.until));
  const rows = ([from, until]: readonly [
    SQL,
    SQL,
  ]) => sql`select count(*), coalesce(sum(t.amount), 0), coalesce(sum(t.fee_amount), 0) from ${rowsTable} t
    where ${sql.join(
      [sql`t.transaction_time >= ${from}`, sql`t.transaction_time < ${until}`, ...keyConditions('t', w)],
      sql` and `,
    )}`;
  const buckets = (
    table: string,
    column: string,
    [from, until]: readonly [SQL, SQL],
  ) => sql`select coalesce(sum(r.count), 0), coalesce(sum(r.amount), 0), coalesce(sum(r.fee_amount), 0)
    from ${sql.raw(table)} r where ${sql.join(
      [sql`${sql.raw(`r.${column}`)} >= ${from}`, sql`${sql.raw(`r.${column}`)} < ${until}`, ...keyConditions('r', w)],
      sql` and `,
    )}`;
  // Flat, as it is rendered on every list and summary request (see flatSql).
  return flatSql(sql`select sum(n) as n, sum(amount) as amount, sum(fee) as fee from (
    ${buckets(source.daily, 'day', hours.buckets)}
    union all ${buckets(source.hourly, 'hour', hours.before)}
    union all ${buckets(source.hourly, 'hour', hours.after)}
    union all ${rows(minutes.before)}
    union all ${rows(minutes.after)}) as x (n, amount, fee)`);
}

export type Totals = { n: string | number; amount: string | number; fee: string | number };

/**
 * `statement(where, extra)` as it is sent, named. For a `where` built with its shape (shapedWhere),
 * it is rendered once per shape and `kind` and then only filled with the values (templateStatement);
 * `kind` must name everything `statement` adds as text.
 */
export function statementOver(
  kind: string,
  where: SQL,
  extra: readonly unknown[],
  statement: (where: SQL, extra: readonly unknown[]) => SQL,
): Statement {
  const shape = whereShapeOf(where);
  if (!shape) return preparedStatement(statement(where, extra));
  const own = shape.values.length;
  return templateStatement(`${kind}|${shape.key}`, [...shape.values, ...extra], (values) =>
    statement(shape.build(values.slice(0, own)), values.slice(own)),
  );
}

/** statementOver, run. */
export const executeOver = <T extends Record<string, unknown>>(
  db: Db,
  ...over: Parameters<typeof statementOver>
): Promise<{ rows: T[] }> => runStatement<T>(db, statementOver(...over));

/**
 * How many rows `totals` counts and one `page` of them (a pageQuery: newest first, with page_id), in
 * one statement: one round trip and one snapshot instead of two, which on demo data took a list's
 * PostgreSQL CPU from about 0.6 to 0.4 ms (issue 30). The page is the lateral side of a left join to
 * the one totals row, so an empty page still brings the count (as one row of nulls), and is ordered
 * again outside by its own keys, as a join promises no order.
 */
export const countedPageQuery = (totals: SQL, page: SQL) =>
  sql`select tot.n as total_count, p.* from (${totals}) tot left join lateral (${page}) p on true
      order by p.transaction_time desc, p.page_id desc`;

/** A list's page and its count (countedPageQuery) as `executeOver` runs it, read into the count and the rows. */
export async function countedPage<Row extends Record<string, unknown>>(
  run: Promise<{ rows: Array<Row & { total_count: string | number; page_id: unknown }> }>,
): Promise<{ total: number; rows: Row[] }> {
  const { rows } = await run;
  return { total: Number(rows[0].total_count), rows: rows.filter((row) => row.page_id != null) };
}

/** The list's statement: a pageQuery and its count over `where` (extra: limit, offset). */
export const listStatement = (where: SQL, [limit, offset]: readonly unknown[]) =>
  countedPageQuery(totalsQuery(where), pageAt(where, limit, offset));

/** One page of the list and how many rows the whole filter holds. */
export async function listTransactions(
  db: Db,
  where: SQL,
  page: number,
  limit: number,
): Promise<Paged<TransactionRow>> {
  const { total, rows } = await countedPage<RawRow>(
    executeOver(db, 'payin-list', where, [limit, (page - 1) * limit], listStatement),
  );
  return { rows: rows.map(toTransactionRow), meta: pageMeta(page, limit, total) };
}

/** The three tiles: exactly the rows the list would return, summed. */
export async function summarizeTransactions(db: Db, where: SQL): Promise<TransactionStats> {
  const [r] = (await executeOver<Totals>(db, 'payin-summary', where, [], (w) => totalsQuery(w))).rows;
  return {
    total_transaction_count: Number(r.n),
    total_transaction_amount: Number(r.amount),
    total_fee_amount: Number(r.fee),
  };
}
