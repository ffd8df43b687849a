import { sql, type SQL } from 'drizzle-orm';
import type { DisbursementFilter, DisbursementRow, DisbursementStats } from '../../src/services/disbursementQuery.ts';
import type { Db } from '../db/connect.ts';
import { pageMeta } from './paging.ts';
import type { Principal } from './principal.ts';
import { orderedWindow } from './businessWindow.ts';
import { businessDay, filterClientIds, filterWhere, type ScopedFilter } from './payinFilter.ts';
import {
  countedPage,
  countedPageQuery,
  executeOver,
  totalsQuery,
  type Totals,
  type TotalsSource,
} from './paymentsList.ts';
import { isoTime } from '../db/pgTime.ts';
import type { Paged } from '../../src/services/paging.ts';

/** The Disbursement List's table and its hour and day totals (migration 0011), for the shared totals query. */
export const DISBURSEMENT_TOTALS: TotalsSource = {
  rows: 'disbursements',
  hourly: 'disbursement_hourly_totals',
  daily: 'disbursement_daily_totals',
};

/**
 * The spec's default window: the last 7 days on the business clock, today included (6 days ago 00:00 to today 23:59).
 */
export const defaultDisbursementWindow = (timeZone: string) => ({
  start: `${businessDay(timeZone, 6)} 00:00`,
  end: `${businessDay(timeZone)} 23:59`,
});

const SEARCH_COLUMNS = {
  correlation_id: sql`t.correlation_id`,
  account_no: sql`t.account_no`,
  original_transaction_no: sql`t.original_transaction_no`,
};

/**
 * The WHERE clause over `disbursements t` (aliased `t` like pay-ins, so the shared totals and export
 * code reads both) for a filter, within the user's client scope; a client outside it is notFound.
 */
export async function scopedDisbursementFilter(
  db: Db,
  principal: Principal,
  f: DisbursementFilter,
  timeZone: string,
): Promise<ScopedFilter> {
  const clientIds = await filterClientIds(db, principal, f.client_id);
  const window = {
    ...defaultDisbursementWindow(timeZone),
    ...(f.start ? { start: f.start } : {}),
    ...(f.end ? { end: f.end } : {}),
  };
  const where = filterWhere(
    'disbursement',
    orderedWindow(window.start, window.end),
    timeZone,
    { clientIds, status: f.status || undefined, methods: f.payment_method, methodColumn: 'withdrawal_method' },
    f.search ? { by: f.search_by, column: SEARCH_COLUMNS[f.search_by], text: f.search } : null,
  );
  return { where, clientIds };
}

type RawRow = {
  uuid: string;
  withdrawal_method: DisbursementRow['withdrawal_method'];
  correlation_id: string;
  bank_name: string;
  bank_account_name: string;
  account_no: string;
  original_transaction_no: string | null;
  amount: string | number;
  fee_amount: string | number;
  transaction_time: Date | string;
  paid_time: Date | string | null;
  status: DisbursementRow['status'];
  client_id: number;
  client_name: string;
  added_to_withdrawable: boolean;
};

export const toDisbursementListRow = (r: RawRow): DisbursementRow => ({
  uuid: r.uuid,
  withdrawal_method: r.withdrawal_method,
  correlation_id: r.correlation_id,
  bank_name: r.bank_name,
  bank_account_name: r.bank_account_name,
  account_no: r.account_no,
  original_transaction_no: r.original_transaction_no,
  amount: Number(r.amount),
  fee_amount: Number(r.fee_amount),
  transaction_time: isoTime(r.transaction_time),
  paid_time: isoTime(r.paid_time),
  status: r.status,
  client_id: Number(r.client_id),
  client_name: r.client_name,
  added_to_withdrawable: r.added_to_withdrawable,
});

export const DISBURSEMENT_COLUMNS = sql`t.uuid, t.withdrawal_method, t.correlation_id, t.bank_name,
  t.bank_account_name, t.account_no,
  t.original_transaction_no, t.amount, t.fee_amount, t.transaction_time, t.paid_time, t.status, t.client_id,
    c.client_name, t.added_to_withdrawable`;

/** One page, newest first (ties broken by id so pages never overlap); `page_id` orders it again in countedPage. */
export const disbursementPageQuery = (where: SQL, page: number, limit: number) =>
  disbursementPageAt(where, limit, (page - 1) * limit);

/** disbursementPageQuery by its limit and offset (Slots in a statement template). */
const disbursementPageAt = (where: SQL, limit: unknown, offset: unknown) => sql`
  select ${DISBURSEMENT_COLUMNS}, t.id as page_id from disbursements t join clients c on c.id = t.client_id
  where ${where} order by t.transaction_time desc, t.id desc limit ${limit} offset ${offset}`;

export const disbursementTotalsQuery = (where: SQL) => totalsQuery(where, DISBURSEMENT_TOTALS);

/** The list's statement: a page and its count over `where` (extra: limit, offset). */
export const disbursementListStatement = (where: SQL, [limit, offset]: readonly unknown[]) =>
  countedPageQuery(disbursementTotalsQuery(where), disbursementPageAt(where, limit, offset));

/** One page of the list and how many rows the whole filter holds. */
export async function listDisbursements(
  db: Db,
  where: SQL,
  page: number,
  limit: number,
): Promise<Paged<DisbursementRow>> {
  const { total, rows } = await countedPage<RawRow>(
    executeOver(db, 'disbursement-list', where, [limit, (page - 1) * limit], disbursementListStatement),
  );
  return { rows: rows.map(toDisbursementListRow), meta: pageMeta(page, limit, total) };
}

/** The three tiles: exactly the rows the list would return, summed. */
export async function summarizeDisbursements(db: Db, where: SQL): Promise<DisbursementStats> {
  const [r] = (await executeOver<Totals>(db, 'disbursement-summary', where, [], disbursementTotalsQuery)).rows;
  return {
    total_transaction_count: Number(r.n),
    total_transaction_amount: Number(r.amount),
    total_fee_amount: Number(r.fee),
  };
}
