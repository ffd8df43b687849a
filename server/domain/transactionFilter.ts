import { sql, type SQL } from 'drizzle-orm';
import type { TransactionFilter } from '../../src/services/transactionQuery.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';
import type { Principal } from './principal.ts';

export interface ScopedFilter { where: SQL; clientIds: number[] | null }

/** Today 00:00 to 23:59 on the business clock: the spec's default window. */
function todayIn(timeZone: string) {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return { start: `${day} 00:00`, end: `${day} 23:59` };
}

/**
 * The WHERE clause over `transactions t` for a filter, within the user's client scope. Naming a
 * client outside the scope is answered like a client that does not exist. The time window is
 * read on the business clock, end minute included.
 */
export async function scopedTransactionFilter(db: Db, principal: Principal, f: TransactionFilter, timeZone: string): Promise<ScopedFilter> {
  let clientIds: number[] | null = principal.clientScope;
  if (f.client_id?.length) {
    const known = new Set((await db.execute<{ id: number }>(sql`select id from clients where id in ${sql.raw(`(${f.client_id.join(',')})`)}`)).rows.map((r) => Number(r.id)));
    const allowed = (id: number) => known.has(id) && (principal.clientScope ? principal.clientScope.includes(id) : true);
    if (!f.client_id.every(allowed)) throw notFound('Client not found');
    clientIds = f.client_id;
  }
  const window = { ...todayIn(timeZone), ...(f.start ? { start: f.start } : {}), ...(f.end ? { end: f.end } : {}) };
  const [start, end] = window.start <= window.end ? [window.start, window.end] : [window.end, window.start];
  const parts: SQL[] = [
    sql`t.transaction_time >= (${start}::timestamp at time zone ${timeZone})`,
    sql`t.transaction_time < (${end}::timestamp at time zone ${timeZone}) + interval '1 minute'`,
  ];
  if (clientIds) parts.push(clientIds.length ? sql`t.client_id in ${sql.raw(`(${clientIds.join(',')})`)}` : sql`false`);
  if (f.status) parts.push(sql`t.status = ${f.status}`);
  if (f.payment_method?.length) parts.push(sql`t.type in (${sql.join(f.payment_method.map((m) => sql`${m}`), sql`, `)})`);
  if (f.search) {
    const column = f.search_by === 'account_no' ? sql`t.account_no` : f.search_by === 'rrn' ? sql`t.rrn` : sql`t.correlation_id`;
    parts.push(sql`${column} = ${f.search}`);
  }
  return { where: sql.join(parts, sql` and `), clientIds };
}
