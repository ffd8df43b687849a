import { sql, type SQL } from 'drizzle-orm';
import type { TransactionRow, TransactionStats } from '../../src/services/transactionQuery.ts';
import type { PageMeta } from '../../src/services/withdrawalRules.ts';
import type { Db } from '../db/connect.ts';

type RawRow = {
  uuid: string; type: TransactionRow['type']; service_type: string; rrn: string | null; correlation_id: string; account_no: string;
  currency: string; amount: string; fee_amount: string; status: TransactionRow['status']; paid_time: Date | string | null;
  transaction_time: Date | string; settlement_time: Date | string | null; client_id: number; client_name: string; withdrawable_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value == null ? null : new Date(value).toISOString());

export const toTransactionRow = (r: RawRow): TransactionRow => ({
  uuid: r.uuid, type: r.type, service_type: r.service_type, rrn: r.rrn, correlation_id: r.correlation_id, account_no: r.account_no,
  currency: r.currency, amount: Number(r.amount), fee_amount: Number(r.fee_amount), status: r.status, paid_time: iso(r.paid_time),
  transaction_time: iso(r.transaction_time)!, settlement_time: iso(r.settlement_time), client_id: Number(r.client_id), client_name: r.client_name,
  added_to_withdrawable: r.withdrawable_at != null,
});

export const TRANSACTION_COLUMNS = sql`t.uuid, t.type, t.service_type, t.rrn, t.correlation_id, t.account_no, t.currency, t.amount, t.fee_amount,
  t.status, t.paid_time, t.transaction_time, t.settlement_time, t.client_id, c.client_name, t.withdrawable_at`;

/** One page, newest first (ties broken by id so pages never overlap). */
export async function listTransactions(db: Db, where: SQL, page: number, limit: number): Promise<{ rows: TransactionRow[]; meta: PageMeta }> {
  const [{ total }] = (await db.execute<{ total: number }>(sql`select count(*)::int as total from transactions t where ${where}`)).rows;
  const { rows } = await db.execute<RawRow>(sql`
    select ${TRANSACTION_COLUMNS} from transactions t join clients c on c.id = t.client_id
    where ${where} order by t.transaction_time desc, t.id desc limit ${limit} offset ${(page - 1) * limit}`);
  return { rows: rows.map(toTransactionRow), meta: { current_page: page, last_page: Math.max(1, Math.ceil(Number(total) / limit)), total: Number(total), per_page: limit } };
}

/** The three tiles: exactly the rows the list would return, summed. */
export async function summarizeTransactions(db: Db, where: SQL): Promise<TransactionStats> {
  const [r] = (await db.execute<{ n: number; amount: string; fee: string }>(sql`
    select count(*)::int as n, coalesce(sum(t.amount), 0) as amount, coalesce(sum(t.fee_amount), 0) as fee from transactions t where ${where}`)).rows;
  return { total_transaction_count: Number(r.n), total_transaction_amount: Number(r.amount), total_fee_amount: Number(r.fee) };
}
