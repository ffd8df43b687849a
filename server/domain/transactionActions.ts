import { eq, sql } from 'drizzle-orm';
import { allows, nextTransactionStatus, type TransactionEvent } from '../../src/machines/lifecycle/transactionLifecycle.ts';
import {
  FINALIZED_ONLY, NOT_FINALIZED, selectionChanged, type BulkPreview, type BulkProcessed, type FinalizeBody, type Invoice,
} from '../../src/services/transactionActions.ts';
import type { TransactionFilter } from '../../src/services/transactionQuery.ts';
import type { ApprovalHeld } from '../../src/services/approvalRules.ts';
import { formatRupiah } from '../../src/services/money.ts';
import type { Db } from '../db/connect.ts';
import { clients, transactions } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, notAllowed, notFound, ruleBroken } from './errors.ts';
import { inquireQrisStatus } from '../providers/qrisAdapter.ts';
import { holdIfNeeded } from './approvalHold.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { callbackTargetOf, deliverCallback } from './callbacks.ts';
import { callbackDelivered } from './workOrderEvents.ts';
import { bulkReleaseToWithdrawable } from './payinLedgerBulk.ts';
import { creditPayin, releaseToWithdrawable } from './payins.ts';
import type { Principal } from './principal.ts';
import { scopedTransactionFilter } from './transactionFilter.ts';

type TransactionRecord = typeof transactions.$inferSelect;

const factsOf = (t: TransactionRecord) => ({ channel: t.type, addedToWithdrawable: t.withdrawableAt != null });

/** A pay-in the user may see, by correlation id; another client's is answered as not found. */
async function findInScope(db: Db, principal: Principal, correlationId: string, lock = false): Promise<TransactionRecord> {
  const query = db.select().from(transactions).where(eq(transactions.correlationId, correlationId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (principal.clientScope && !principal.clientScope.includes(row.clientId))) throw notFound('Transaction not found');
  return row;
}

/** Refuses what the lifecycle refuses: notAllowed when only the role is wrong, conflict for the status. */
function check(row: TransactionRecord, event: TransactionEvent, statusMessage: string) {
  if (allows(row.status, factsOf(row), event)) return;
  const asSuperAdmin = 'role' in event ? { ...event, role: 'SUPER ADMIN' as const } : event;
  if ('role' in event && event.role !== 'SUPER ADMIN' && allows(row.status, factsOf(row), asSuperAdmin)) throw notAllowed();
  throw conflict(statusMessage);
}

const auditAction = (db: Db, principal: Principal, origin: RequestOrigin, action: string, row: TransactionRecord, detail: Record<string, unknown>) =>
  audit(db, { actorUserId: principal.id, actorEmail: principal.email, action, objectType: 'transaction', objectId: row.correlationId, outcome: 'success', ip: origin.ip, detail });

/** Marks a pay-in paid and credits its client, in the caller's transaction (row locked). */
async function markPaid(tx: Db, row: TransactionRecord, rrn: string, paidTime: Date, by: number) {
  await tx.update(transactions).set({ status: 'FINALIZED', rrn, paidTime }).where(eq(transactions.id, row.id));
  await creditPayin(tx, { clientId: row.clientId, reference: row.correlationId, amount: row.amount, fee: row.feeAmount, by });
}

/** Asks the QRIS channel for the pay-in's status and applies the answer through the lifecycle. */
export async function refreshStatus(db: Db, principal: Principal, correlationId: string, providerUrl: string, origin: RequestOrigin) {
  const row = await findInScope(db, principal, correlationId);
  check(row, { type: 'REFRESH_STATUS', role: principal.type }, 'Invalid Status: Only PENDING or REQUEST_TIMEOUT QRIS transactions can be refreshed');
  const answer = await inquireQrisStatus(providerUrl, row.type as 'fello_qris' | 'herra_qris', row.correlationId);
  return inTransaction(db, async (tx) => {
    const current = await findInScope(tx, principal, correlationId, true);
    const event: TransactionEvent = answer.status === 'PAID' ? { type: 'PROVIDER_PAID' } : answer.status === 'TIMEOUT' ? { type: 'PROVIDER_TIMEOUT' } : { type: 'REFRESH_STATUS', role: principal.type };
    const next = nextTransactionStatus(current.status, factsOf(current), event) ?? current.status;
    if (next === 'FINALIZED' && answer.status === 'PAID') await markPaid(tx, current, answer.rrn, answer.paidTime, principal.id);
    else if (next !== current.status) await tx.update(transactions).set({ status: next }).where(eq(transactions.id, current.id));
    await auditAction(tx, principal, origin, 'transaction.refresh_status', current, { before: { status: current.status }, after: { status: next }, provider: answer.status });
    return { status: next, message: next === current.status ? `The provider still reports ${next}` : `Transaction status is now ${next}`, paidNow: next === 'FINALIZED' && current.status !== 'FINALIZED' };
  });
}

const FINALIZE_INVALID_STATUS = 'Invalid Status: Only PENDING or REQUEST_TIMEOUT transactions can be finalized';

/**
 * SUPER ADMIN marks a PENDING or REQUEST_TIMEOUT pay-in paid with the bank's RRN and paid time.
 * One the approval policy holds (issue 25, 'manual-finalize', amount = the pay-in's) is answered
 * with its approval id, and nothing changes until another SUPER ADMIN approves it.
 */
export async function finalizeManually(db: Db, principal: Principal, body: FinalizeBody, timeZone: string, origin: RequestOrigin): Promise<{ status: 'FINALIZED' } | ApprovalHeld> {
  return inTransaction(db, async (tx) => {
    const row = await findInScope(tx, principal, body.correlation_id, true);
    check(row, { type: 'FINALIZE_MANUALLY', role: principal.type }, FINALIZE_INVALID_STATUS);
    const [{ at }] = (await tx.execute<{ at: Date | string }>(sql`select (${body.paid_time}::timestamp at time zone ${timeZone}) as at`)).rows;
    const paidTime = new Date(at);
    if (Number.isNaN(paidTime.getTime()) || paidTime.getTime() > Date.now() + 60_000) throw ruleBroken('Paid time cannot be in the future');
    const held = await holdIfNeeded(tx, principal, 'manual-finalize', row.amount, {
      clientId: row.clientId, before: null, after: null,
      summary: `Finalize pay-in ${row.correlationId} of ${formatRupiah(row.amount)} by hand (RRN ${body.rrn})`,
      payload: { correlation_id: row.correlationId, rrn: body.rrn, paid_at: paidTime.toISOString() },
    }, origin);
    if (held) return held;
    await markPaid(tx, row, body.rrn, paidTime, principal.id);
    await auditAction(tx, principal, origin, 'transaction.finalize', row, { before: { status: row.status }, after: { status: 'FINALIZED', rrn: body.rrn, paid_time: paidTime.toISOString() } });
    return { status: 'FINALIZED' as const };
  });
}

/**
 * A held manual finalize, approved (issue 25): inside the decision's transaction, the pay-in
 * locked and checked against its lifecycle again, marked paid and credited; its audit path shows
 * the maker's request, then the checker's finalize.
 */
export async function applyHeldFinalize(
  tx: Db, people: { maker: { id: number; email: string }; checker: Principal }, held: { correlation_id: string; rrn: string; paid_at: string }, approvalId: number, origin: RequestOrigin,
): Promise<{ clientId: number; correlationId: string }> {
  const { maker, checker } = people;
  const row = await findInScope(tx, checker, held.correlation_id, true);
  check(row, { type: 'FINALIZE_MANUALLY', role: checker.type }, FINALIZE_INVALID_STATUS);
  await markPaid(tx, row, held.rrn, new Date(held.paid_at), checker.id);
  await audit(tx, {
    actorUserId: maker.id, actorEmail: maker.email, action: 'transaction.finalize_requested', objectType: 'transaction', objectId: row.correlationId,
    outcome: 'success', detail: { before: { status: row.status }, after: { status: 'PENDING_APPROVAL' }, approval_id: approvalId },
  });
  await auditAction(tx, checker, origin, 'transaction.finalize', row, {
    before: { status: 'PENDING_APPROVAL' }, after: { status: 'FINALIZED', rrn: held.rrn, paid_time: held.paid_at }, approval_id: approvalId, maker: maker.email,
  });
  return { clientId: row.clientId, correlationId: row.correlationId };
}

/** SUPER ADMIN moves one FINALIZED pay-in's net amount to withdrawable: once, irreversibly. */
export async function addToWithdrawable(db: Db, principal: Principal, correlationId: string, origin: RequestOrigin) {
  return inTransaction(db, async (tx) => {
    const row = await findInScope(tx, principal, correlationId, true);
    if (row.status === 'FINALIZED' && row.withdrawableAt && principal.type === 'SUPER ADMIN') throw conflict('Transaction has already been added to withdrawable balance');
    check(row, { type: 'ADD_TO_WITHDRAWABLE', role: principal.type }, FINALIZED_ONLY);
    const moved = await releaseToWithdrawable(tx, { clientId: row.clientId, reference: row.correlationId, net: row.amount - row.feeAmount, by: principal.id });
    if (!moved) throw conflict('Transaction has already been added to withdrawable balance');
    await tx.update(transactions).set({ withdrawableAt: sql`now()` }).where(eq(transactions.id, row.id));
    await auditAction(tx, principal, origin, 'transaction.add_withdrawable', row, { amount: row.amount - row.feeAmount });
  });
}

/**
 * The bulk 'process transaction' selects, of the filter (FINALIZED implied), the pay-ins credited
 * and not yet withdrawable: exactly those bulkReleaseToWithdrawable moves.
 */
async function bulkSelection(db: Db, principal: Principal, filter: TransactionFilter, timeZone: string) {
  if (principal.type !== 'SUPER ADMIN') throw notAllowed();
  if (filter.status && filter.status !== 'FINALIZED') throw ruleBroken(FINALIZED_ONLY);
  const { where } = await scopedTransactionFilter(db, principal, { ...filter, status: 'FINALIZED' }, timeZone);
  const pending = sql`${where} and t.withdrawable_at is null
    and exists (select 1 from journal_entries c where c.kind = 'payin.finalized' and c.reference = t.correlation_id)`;
  return { where, pending };
}

const totalsOf = (row: { count: number | string; amount: number | string; fee: number | string }): BulkPreview =>
  ({ count: Number(row.count), amount: Number(row.amount), fee: Number(row.fee) });

/** Process Transactions' dry run: how many pay-ins would move now, their amounts and fees. Reads only. */
export async function previewBulkAddToWithdrawable(db: Db, principal: Principal, filter: TransactionFilter, timeZone: string): Promise<BulkPreview> {
  const { pending } = await bulkSelection(db, principal, filter, timeZone);
  const { rows } = await db.execute<{ count: number; amount: string; fee: string }>(sql`
    select count(*)::int as count, coalesce(sum(t.amount), 0) as amount, coalesce(sum(t.fee_amount), 0) as fee from transactions t where ${pending}`);
  return totalsOf(rows[0]);
}

/**
 * The bulk 'process transaction': every FINALIZED pay-in of the filter not yet withdrawable, once
 * each, only if it is still the selection the person previewed. The matching rows are locked (in id
 * order) and counted in the transaction that moves them, so of two applies with the same
 * expectation the second waits, finds the rows moved, and is refused: nothing moves twice.
 */
export async function bulkAddToWithdrawable(
  db: Db, principal: Principal, filter: TransactionFilter, expected: { count: number; amount: number }, timeZone: string, origin: RequestOrigin,
): Promise<BulkProcessed> {
  const { where, pending } = await bulkSelection(db, principal, filter, timeZone);
  return inTransaction(db, async (tx) => {
    // A row another transaction holds is waited for, then read again: one it moved no longer matches.
    await tx.execute(sql`
      create temp table bulk_selection on commit drop as
      with locked as (select t.id, t.amount, t.fee_amount from transactions t where ${pending} order by t.id for update of t) select * from locked`);
    await tx.execute(sql`analyze bulk_selection`);
    const { rows: [selected] } = await tx.execute<{ count: number; amount: string; fee: string }>(sql`
      select count(*)::int as count, coalesce(sum(amount), 0) as amount, coalesce(sum(fee_amount), 0) as fee from bulk_selection`);
    const now = totalsOf(selected);
    const changed = selectionChanged(now, expected);
    if (changed) throw conflict(changed);
    const [{ n: candidates }] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from transactions t where ${where}`)).rows;
    // Exactly the rows counted and locked: a pay-in finalized since then waits for the next preview.
    const processed = await bulkReleaseToWithdrawable(tx, sql`t.id in (select id from bulk_selection)`, principal.id);
    const skipped = Number(candidates) - processed;
    await audit(tx, {
      actorUserId: principal.id, actorEmail: principal.email, action: 'transaction.bulk_add_withdrawable', outcome: 'success', ip: origin.ip,
      detail: { filter, processed, skipped, count: now.count, amount: now.amount, fee: now.fee },
    });
    return { processed, skipped, ...now };
  });
}

export async function generateInvoice(db: Db, principal: Principal, correlationId: string): Promise<Invoice> {
  const row = await findInScope(db, principal, correlationId);
  check(row, { type: 'GENERATE_INVOICE', role: principal.type }, 'Invalid Status: Only paid transactions have an invoice');
  const [client] = await db.select({ name: clients.clientName }).from(clients).where(eq(clients.id, row.clientId));
  return {
    items: [{ name: `Payment ${row.correlationId} via ${row.type}`, ori_price: row.amount, curr_price: row.amount }],
    service: row.type,
    transaction_date: (row.paidTime ?? row.transactionTime).toISOString(),
    correlation_id: row.correlationId,
    client_name: client?.name ?? '',
  };
}

/** Re-sends the merchant callback of FINALIZED pay-ins; every attempt is recorded. */
export async function resendCallbacks(db: Db, principal: Principal, correlationIds: string[], selfUrl: string, origin: RequestOrigin) {
  const rows = [];
  for (const id of new Set(correlationIds)) {
    const row = await findInScope(db, principal, id);
    if (row.status !== 'FINALIZED') throw conflict(NOT_FINALIZED);
    check(row, { type: 'RESEND_CALLBACK', role: principal.type }, NOT_FINALIZED);
    rows.push(row);
  }
  let delivered = 0;
  for (const row of rows) {
    const ok = await deliverCallback(db, await callbackTargetOf(db, row), selfUrl, principal.id);
    // A successful resend settles a work order left by a callback that failed all its attempts.
    if (ok) await inTransaction(db, (tx) => callbackDelivered(tx, row.correlationId));
    if (ok) delivered++;
    await auditAction(db, principal, origin, 'transaction.resend_callback', row, { delivered: ok });
  }
  return { delivered, failed: rows.length - delivered };
}
