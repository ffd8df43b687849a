import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ApprovalHeld } from '../../src/services/approvalRules.ts';
import { adjustmentProblem, type DepositRow } from '../../src/services/disbursementAccountRules.ts';
import { formatRupiah } from '../../src/services/money.ts';
import type { Db } from '../db/connect.ts';
import { clients, disbursementDeposits } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { pageMeta } from './paging.ts';
import { notFound, ruleBroken } from './errors.ts';
import { seesClient } from './clientScope.ts';
import { holdIfNeeded } from './approvalHold.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { lockClientAccount, postEntry } from './ledger.ts';
import type { Principal } from './principal.ts';

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

export interface Adjusted {
  client_id: number;
  previous_balance: number;
  amount: number;
  balance: number;
}

/** Who an adjustment is by: its maker (the deposit row's PIC) and, for a held one, the checker who approved it. */
export interface AdjustmentBy {
  maker: { id: number; name: string; email: string };
  checker?: { id: number; name: string; email: string };
  approvalId?: number;
}

/**
 * Inside a transaction, under the disbursement account's row lock: the rule (adjustmentProblem)
 * checked at this moment, then the entry, the deposit-history row (PIC: the maker) and the audit
 * line (by the checker when one approved it, naming both). A broken rule throws 422 and moves nothing.
 */
export async function applyAdjustment(
  tx: Db,
  clientId: number,
  amount: number,
  by: AdjustmentBy,
  origin: RequestOrigin,
  locked?: number,
): Promise<Adjusted> {
  const previous = locked ?? (await lockClientAccount(tx, clientId, 'disbursement'));
  const problem = adjustmentProblem(previous, amount);
  if (problem) throw ruleBroken(problem);
  await recordDeposit(tx, {
    clientId,
    amount,
    kind: 'adjustment',
    picName: by.maker.name,
    by: by.maker.id,
    description: by.checker
      ? `Master balance adjustment by ${by.maker.name}, approved by ${by.checker.name}`
      : `Master balance adjustment by ${by.maker.name}`,
  });
  const result = { client_id: clientId, previous_balance: previous, amount, balance: previous + amount };
  const actor = by.checker ?? by.maker;
  await audit(tx, {
    actorUserId: actor.id,
    actorEmail: actor.email,
    action: 'disbursement.balance_adjusted',
    objectType: 'client',
    objectId: clientId,
    outcome: 'success',
    ip: origin.ip,
    detail: {
      before: { balance: previous },
      after: { balance: result.balance },
      amount,
      ...(by.checker ? { maker: by.maker.email, checker: by.checker.email, approval_id: by.approvalId } : {}),
    },
  });
  return result;
}

/**
 * Master Disbursement Balance: one adjustment, positive or negative, on the locked balance. The
 * rule is the screen's own (adjustmentProblem); under the row lock, fifteen concurrent debits of a
 * balance that covers five leave exactly five applied and the balance at zero, never below.
 * One the approval policy holds (issue 25) is answered with its approval id, and nothing moves.
 */
export async function adjustMasterBalance(
  db: Db,
  principal: Principal,
  input: { client_id: number; amount: number },
  origin: RequestOrigin,
): Promise<Adjusted | ApprovalHeld> {
  const visible = seesClient(principal, input.client_id);
  const [client] = visible
    ? await db.select({ id: clients.id, name: clients.clientName }).from(clients).where(eq(clients.id, input.client_id))
    : [];
  if (!client) throw notFound('Client not found');
  try {
    return await inTransaction(db, async (tx) => {
      const previous = await lockClientAccount(tx, client.id, 'disbursement');
      const problem = adjustmentProblem(previous, input.amount);
      if (problem) throw ruleBroken(problem);
      const held = await holdIfNeeded(
        tx,
        principal,
        'balance-adjustment',
        input.amount,
        {
          clientId: client.id,
          before: previous,
          after: previous + input.amount,
          summary: `Adjust the disbursement balance of ${client.name} by ${formatRupiah(input.amount)}`,
          payload: { client_id: client.id, amount: input.amount },
        },
        origin,
      );
      if (held) return held;
      return applyAdjustment(tx, client.id, input.amount, { maker: principal }, origin, previous);
    });
  } catch (error) {
    await audit(db, {
      actorUserId: principal.id,
      actorEmail: principal.email,
      action: 'disbursement.balance_adjusted',
      objectType: 'client',
      objectId: client.id,
      outcome: 'failure',
      ip: origin.ip,
      detail: { amount: input.amount, reason: (error as Error).message },
    });
    throw error;
  }
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
  if (q.start)
    filters.push(sql`${disbursementDeposits.createdAt} >= (${q.start}::timestamp at time zone ${q.timeZone})`);
  if (q.end)
    filters.push(
      sql`${disbursementDeposits.createdAt} < (${q.end}::timestamp at time zone ${q.timeZone}) + interval '1 minute'`,
    );
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
