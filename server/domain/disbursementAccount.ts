import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { DepositRow } from '../../src/services/disbursementAccountRules.ts';
import type { Db } from '../db/connect.ts';
import { clients, disbursementDeposits } from '../db/schema.ts';
import { pageMeta } from './paging.ts';
import { postEntry } from './ledger.ts';
import { windowConditions } from './businessWindow.ts';

/**
 * Inside a transaction: money onto (or off) a client's disbursement balance by a person or a bank
 * deposit: the journal entry (adjustments <-> disbursement) and its deposit-history row together.
 * The entry's (kind, reference) is unique, so the same deposit can never apply twice.
 */
export async function recordDeposit(
  tx: Db,
  d: {
    clientId: number;
    amount: number;
    kind: 'deposit' | 'adjustment';
    description: string;
    picName: string;
    by?: number | null;
    reference?: string;
    at?: Date;
  },
): Promise<boolean> {
  const reference = d.reference ?? randomUUID();
  const applied = await postEntry(tx, {
    kind: 'disbursement.adjustment',
    reference,
    createdBy: d.by ?? null,
    description: d.description,
    lines: [
      { account: { system: 'adjustments' }, amount: -d.amount },
      { account: { client: d.clientId, kind: 'disbursement' }, amount: d.amount },
    ],
  });
  if (!applied) return false;
  await tx.insert(disbursementDeposits).values({
    clientId: d.clientId,
    kind: d.kind,
    amount: d.amount,
    description: d.description,
    picName: d.picName,
    createdBy: d.by ?? null,
    reference,
    ...(d.at ? { createdAt: d.at } : {}),
  });
  return true;
}

export interface DepositQuery {
  clientIds: number[];
  start?: string;
  end?: string;
  timeZone: string;
  order?: 'asc' | 'desc';
  by?: 'created_at' | 'amount';
}

function depositFilter(q: DepositQuery): SQL | undefined {
  const filters: SQL[] = [inArray(disbursementDeposits.clientId, q.clientIds)];
  filters.push(...windowConditions(disbursementDeposits.createdAt, q, q.timeZone));
  return and(...filters);
}

const depositColumns = {
  id: disbursementDeposits.id,
  name: disbursementDeposits.picName,
  amount: disbursementDeposits.amount,
  createdAt: disbursementDeposits.createdAt,
  description: disbursementDeposits.description,
  clientId: disbursementDeposits.clientId,
  clientName: clients.clientName,
  kind: disbursementDeposits.kind,
};

const toRow = (r: {
  id: number;
  name: string;
  amount: number;
  createdAt: Date;
  description: string;
  clientId: number;
  clientName: string;
  kind: 'deposit' | 'adjustment';
}): DepositRow => ({
  id: r.id,
  name: r.name,
  amount: r.amount,
  created_at: r.createdAt.toISOString(),
  description: r.description,
  client_id: r.clientId,
  client_name: r.clientName,
  kind: r.kind,
});

/** Deposit history, paged, newest first unless asked otherwise (ties by id, so pages never overlap). */
export async function depositHistory(db: Db, q: DepositQuery & { page: number; limit: number }) {
  if (q.clientIds.length === 0) return { rows: [], meta: pageMeta(q.page, q.limit, 0) };
  const where = depositFilter(q);
  const direction = q.order === 'asc' ? asc : desc;
  const column = q.by === 'amount' ? disbursementDeposits.amount : disbursementDeposits.createdAt;
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(disbursementDeposits).where(where),
    db
      .select(depositColumns)
      .from(disbursementDeposits)
      .innerJoin(clients, eq(clients.id, disbursementDeposits.clientId))
      .where(where)
      .orderBy(direction(column), direction(disbursementDeposits.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { rows: rows.map(toRow), meta: pageMeta(q.page, q.limit, total) };
}

/** Payin Detail: every deposit of the window (default yesterday 00:00 to today 23:59, business time), newest first. */
export async function payinList(db: Db, q: DepositQuery): Promise<DepositRow[]> {
  if (q.clientIds.length === 0) return [];
  const window = q.start || q.end ? q : { ...q, ...(await defaultPayinWindow(db, q.timeZone)) };
  const rows = await db
    .select(depositColumns)
    .from(disbursementDeposits)
    .innerJoin(clients, eq(clients.id, disbursementDeposits.clientId))
    .where(depositFilter(window))
    .orderBy(desc(disbursementDeposits.createdAt), desc(disbursementDeposits.id))
    .limit(5_000);
  return rows.map(toRow);
}

async function defaultPayinWindow(db: Db, timeZone: string): Promise<{ start: string; end: string }> {
  const [row] = (
    await db.execute<{ start: string; end: string }>(sql`
    select to_char(date_trunc('day', now() at time zone ${timeZone}) - interval '1 day', 'YYYY-MM-DD HH24:MI') as start,
           to_char(date_trunc('day', now() at time zone ${timeZone}) + interval '23 hours 59 minutes',
             'YYYY-MM-DD HH24:MI') as end`)
  ).rows;
  return row;
}
