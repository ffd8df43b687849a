import { eq, sql, type SQL } from 'drizzle-orm';
import {
  allows,
  mayAddToWithdrawable,
  nextPayinStatus,
  refusesPayinRole,
  type PayinEvent,
} from '../../src/machines/lifecycle/payinLifecycle.ts';
import {
  FINALIZED_ONLY,
  NOT_FINALIZED,
  SELECTION_REPLACED,
  selectionChanged,
  type BulkPreview,
  type BulkPreviewAnswer,
  type BulkProcessed,
  type CallbacksResent,
  type FinalizeBody,
  type Finalized,
  type Invoice,
  type TransactionStatusAnswer,
} from '../../src/services/payinActions.ts';
import type { TransactionFilter } from '../../src/services/payinQuery.ts';
import type { ApprovalHeld } from '../../src/services/approvalRules.ts';
import type { CallbackChanged } from '../../src/services/callbackRules.ts';
import { formatRupiah } from '../../src/services/money.ts';
import type { Db } from '../db/connect.ts';
import { clients, transactions } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, notAllowed, notFound, ruleBroken } from './errors.ts';
import { inquireQrisStatus } from '../providers/qrisAdapter.ts';
import { holdIfNeeded, wouldHold } from './approvalHold.ts';
import { seesClient } from './clientScope.ts';
import { audit } from './audit.ts';
import { auditWithItems } from './auditItems.ts';
import type { RequestOrigin } from './authentication.ts';
import { callbackTargetOf, deliverCallback } from './callbacks.ts';
import { callbackDelivered } from './workOrderEvents.ts';
import { bulkReleaseToWithdrawable } from './payinLedgerBulk.ts';
import { creditPayin, releaseToWithdrawable } from './payins.ts';
import type { Principal } from './principal.ts';
import { scopedTransactionFilter } from './payinFilter.ts';
import { msg } from '../../src/i18n/msg.ts';

type TransactionRecord = typeof transactions.$inferSelect;

const factsOf = (t: TransactionRecord) => ({ channel: t.type, addedToWithdrawable: t.withdrawableAt != null });

/** A pay-in the user may see, by correlation id; another client's is answered as not found. */
async function findInScope(
  db: Db,
  principal: Principal,
  correlationId: string,
  lock = false,
): Promise<TransactionRecord> {
  const query = db.select().from(transactions).where(eq(transactions.correlationId, correlationId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !seesClient(principal, row.clientId))
    throw notFound(msg({ defaultMessage: 'Transaction not found', id: 'zAGlVG' }));
  return row;
}

/**
 * Refuses what the lifecycle refuses: notAllowed when only the role is wrong (the lifecycle says whose it is), conflict
 * for the status.
 */
function check(row: TransactionRecord, event: PayinEvent, statusMessage: string) {
  if (allows(row.status, factsOf(row), event)) return;
  if (refusesPayinRole(row.status, factsOf(row), event)) throw notAllowed();
  throw conflict(statusMessage);
}

const auditAction = (
  db: Db,
  principal: Principal,
  origin: RequestOrigin,
  action: string,
  row: TransactionRecord,
  detail: Record<string, unknown>,
) =>
  audit(db, {
    actorUserId: principal.id,
    actorEmail: principal.email,
    action,
    objectType: 'transaction',
    objectId: row.correlationId,
    outcome: 'success',
    ip: origin.ip,
    detail,
  });

/** Marks a pay-in paid and credits its client, in the caller's transaction (row locked). */
async function markPaid(tx: Db, row: TransactionRecord, rrn: string, paidTime: Date, by: number) {
  await tx.update(transactions).set({ status: 'FINALIZED', rrn, paidTime }).where(eq(transactions.id, row.id));
  await creditPayin(tx, {
    clientId: row.clientId,
    reference: row.correlationId,
    amount: row.amount,
    fee: row.feeAmount,
    by,
  });
}

/** Asks the QRIS channel for the pay-in's status and applies the answer through the lifecycle. */
export async function refreshStatus(
  db: Db,
  principal: Principal,
  correlationId: string,
  providerUrl: string,
  origin: RequestOrigin,
): Promise<TransactionStatusAnswer & { paidNow: boolean }> {
  const row = await findInScope(db, principal, correlationId);
  check(
    row,
    { type: 'REFRESH_STATUS', role: principal.type },
    msg({
      defaultMessage: 'Invalid Status: Only PENDING or REQUEST_TIMEOUT QRIS transactions can be refreshed',
      id: '4qrNiT',
    }),
  );
  const answer = await inquireQrisStatus(providerUrl, row.type as 'fello_qris' | 'herra_qris', row.correlationId);
  return inTransaction(db, async (tx) => {
    const current = await findInScope(tx, principal, correlationId, true);
    const event: PayinEvent =
      answer.status === 'PAID'
        ? { type: 'PROVIDER_PAID', role: 'SYSTEM' }
        : answer.status === 'TIMEOUT'
          ? { type: 'PROVIDER_TIMEOUT', role: 'SYSTEM' }
          : { type: 'REFRESH_STATUS', role: principal.type };
    const next = nextPayinStatus(current.status, factsOf(current), event) ?? current.status;
    if (next === 'FINALIZED' && answer.status === 'PAID')
      await markPaid(tx, current, answer.rrn, answer.paidTime, principal.id);
    else if (next !== current.status)
      await tx.update(transactions).set({ status: next }).where(eq(transactions.id, current.id));
    await auditAction(tx, principal, origin, 'transaction.refresh_status', current, {
      before: { status: current.status },
      after: { status: next },
      provider: answer.status,
    });
    return {
      status: next,
      message:
        next === current.status
          ? msg({ defaultMessage: 'The provider still reports {status}', id: 'LqsMFs' }, { status: next })
          : msg({ defaultMessage: 'Transaction status is now {status}', id: 'xYq4UQ' }, { status: next }),
      paidNow: next === 'FINALIZED' && current.status !== 'FINALIZED',
    };
  });
}

const FINALIZE_INVALID_STATUS = msg({
  defaultMessage: 'Invalid Status: Only PENDING or REQUEST_TIMEOUT transactions can be finalized',
  id: 'xy2q+H',
});

/**
 * SUPER ADMIN marks a PENDING or REQUEST_TIMEOUT pay-in paid with the bank's RRN and paid time.
 * One the approval policy holds (issue 25, 'manual-finalize', amount = the pay-in's) is answered
 * with its approval id, and nothing changes until another SUPER ADMIN approves it.
 */
export async function finalizeManually(
  db: Db,
  principal: Principal,
  body: FinalizeBody,
  timeZone: string,
  origin: RequestOrigin,
): Promise<Finalized | ApprovalHeld> {
  return inTransaction(db, async (tx) => {
    const row = await findInScope(tx, principal, body.correlation_id, true);
    check(row, { type: 'FINALIZE_MANUALLY', role: principal.type }, FINALIZE_INVALID_STATUS);
    const [{ at }] = (
      await tx.execute<{ at: Date | string }>(sql`select (${body.paid_time}::timestamp at time zone ${timeZone}) as at`)
    ).rows;
    const paidTime = new Date(at);
    if (Number.isNaN(paidTime.getTime()) || paidTime.getTime() > Date.now() + 60_000)
      throw ruleBroken(msg({ defaultMessage: 'Paid time cannot be in the future', id: 'YXWh+Z' }));
    const held = await holdIfNeeded(
      tx,
      principal,
      'manual-finalize',
      row.amount,
      {
        clientId: row.clientId,
        before: null,
        after: null,
        summary: msg(
          {
            defaultMessage: 'Finalize pay-in {id} of {amount} by hand (RRN {rrn})',
            id: '/JqStw',
            description: "a held action's summary",
          },
          { id: row.correlationId, amount: formatRupiah(row.amount), rrn: body.rrn },
        ),
        payload: { correlation_id: row.correlationId, rrn: body.rrn, paid_at: paidTime.toISOString() },
      },
      origin,
    );
    if (held) return held;
    await markPaid(tx, row, body.rrn, paidTime, principal.id);
    await auditAction(tx, principal, origin, 'transaction.finalize', row, {
      before: { status: row.status },
      after: { status: 'FINALIZED', rrn: body.rrn, paid_time: paidTime.toISOString() },
    });
    return { status: 'FINALIZED' as const };
  });
}

/**
 * A held manual finalize, approved (issue 25): inside the decision's transaction, the pay-in
 * locked and checked against its lifecycle again, marked paid and credited; its audit path shows
 * the maker's request, then the checker's finalize.
 */
export async function applyHeldFinalize(
  tx: Db,
  people: { maker: { id: number; email: string }; checker: Principal },
  held: { correlation_id: string; rrn: string; paid_at: string },
  approval: { id: number; requestedAt: Date },
  origin: RequestOrigin,
): Promise<{ clientId: number; correlationId: string }> {
  const { maker, checker } = people;
  const approvalId = approval.id;
  const row = await findInScope(tx, checker, held.correlation_id, true);
  check(row, { type: 'FINALIZE_MANUALLY', role: checker.type }, FINALIZE_INVALID_STATUS);
  await markPaid(tx, row, held.rrn, new Date(held.paid_at), checker.id);
  await audit(tx, {
    actorUserId: maker.id,
    actorEmail: maker.email,
    action: 'transaction.finalize_requested',
    objectType: 'transaction',
    objectId: row.correlationId,
    // Written with the checker's finalize; when the maker asked is the request's own time.
    outcome: 'success',
    detail: {
      before: { status: row.status },
      after: { status: 'PENDING_APPROVAL' },
      approval_id: approvalId,
      requested_at: approval.requestedAt.toISOString(),
    },
  });
  await auditAction(tx, checker, origin, 'transaction.finalize', row, {
    before: { status: 'PENDING_APPROVAL' },
    after: { status: 'FINALIZED', rrn: held.rrn, paid_time: held.paid_at },
    approval_id: approvalId,
    maker: maker.email,
  });
  return { clientId: row.clientId, correlationId: row.correlationId };
}

/** SUPER ADMIN moves one FINALIZED pay-in's net amount to withdrawable: once, irreversibly. */
export async function addToWithdrawable(db: Db, principal: Principal, correlationId: string, origin: RequestOrigin) {
  return inTransaction(db, async (tx) => {
    const row = await findInScope(tx, principal, correlationId, true);
    const event = { type: 'ADD_TO_WITHDRAWABLE', role: principal.type } as const;
    // Added already, by one the lifecycle would let add it otherwise: said as such, not as a wrong status.
    if (row.withdrawableAt && allows(row.status, { ...factsOf(row), addedToWithdrawable: false }, event))
      throw conflict(
        msg({ defaultMessage: 'Transaction has already been added to withdrawable balance', id: 'b/2QFh' }),
      );
    check(row, event, FINALIZED_ONLY);
    const moved = await releaseToWithdrawable(tx, {
      clientId: row.clientId,
      reference: row.correlationId,
      net: row.amount - row.feeAmount,
      by: principal.id,
    });
    if (!moved)
      throw conflict(
        msg({ defaultMessage: 'Transaction has already been added to withdrawable balance', id: 'b/2QFh' }),
      );
    await tx
      .update(transactions)
      .set({ withdrawableAt: sql`now()` })
      .where(eq(transactions.id, row.id));
    await auditAction(tx, principal, origin, 'transaction.add_withdrawable', row, {
      amount: row.amount - row.feeAmount,
    });
  });
}

/**
 * The bulk 'process transaction' selects, of the filter (FINALIZED implied), the pay-ins credited
 * and not yet withdrawable: exactly those bulkReleaseToWithdrawable moves.
 */
async function bulkSelection(db: Db, principal: Principal, filter: TransactionFilter, timeZone: string) {
  if (!mayAddToWithdrawable(principal.type)) throw notAllowed();
  if (filter.status && filter.status !== 'FINALIZED') throw ruleBroken(FINALIZED_ONLY);
  const { where } = await scopedTransactionFilter(db, principal, { ...filter, status: 'FINALIZED' }, timeZone);
  const pending = sql`${where} and t.withdrawable_at is null
    and exists (select 1 from journal_entries c where c.kind = 'payin.finalized' and c.reference = t.correlation_id)`;
  return { where, pending };
}

/** A held bulk's figures as its summary says them. */
const bulkFigures = (now: { count: number; amount: number }, net: number) => ({
  count: now.count.toLocaleString('en-US'),
  amount: formatRupiah(now.amount),
  net: formatRupiah(net),
});

const totalsOf = (row: { count: number | string; amount: number | string; fee: number | string }): BulkPreview => ({
  count: Number(row.count),
  amount: Number(row.amount),
  fee: Number(row.fee),
});

/**
 * Process Transactions' dry run: how many pay-ins would move now, their amounts and fees, and whether the apply would
 * be held. Reads only.
 */
export async function previewBulkAddToWithdrawable(
  db: Db,
  principal: Principal,
  filter: TransactionFilter,
  timeZone: string,
): Promise<BulkPreviewAnswer> {
  const { pending } = await bulkSelection(db, principal, filter, timeZone);
  const { rows } = await db.execute<{ count: number; amount: string; fee: string }>(sql`
    select count(*)::int as count, coalesce(sum(t.amount), 0) as amount, coalesce(sum(t.fee_amount), 0) as fee
      from transactions t where ${pending}`);
  const totals = totalsOf(rows[0]);
  return { ...totals, needs_approval: await wouldHold(db, 'bulk-withdrawable', totals.amount - totals.fee) };
}

/**
 * Locks the pay-ins of the selection (in id order) in the caller's transaction, keeps them in a
 * temp table, and answers their totals, refusing (409) when they are not what the person confirmed.
 * A row another transaction holds is waited for, then read again: one it moved no longer matches.
 */
async function lockSelection(
  tx: Db,
  pending: SQL,
  expected: { count: number; amount: number },
): Promise<BulkPreview & { fingerprint: string }> {
  await tx.execute(sql`
    create temp table bulk_selection on commit drop as
    with locked as (select t.id, t.client_id, t.amount, t.fee_amount from transactions t
      where ${pending} order by t.id for update of t) select * from locked`);
  await tx.execute(sql`analyze bulk_selection`);
  const {
    rows: [selected],
  } = await tx.execute<{ count: number; amount: string; fee: string; fingerprint: string }>(sql`
    select count(*)::int as count, coalesce(sum(amount), 0) as amount, coalesce(sum(fee_amount), 0) as fee,
      md5(coalesce(string_agg(id::text, ',' order by id), '')) as fingerprint
    from bulk_selection`);
  const now = totalsOf(selected);
  const changed = selectionChanged(now, expected);
  if (changed) throw conflict(changed);
  return { ...now, fingerprint: selected.fingerprint };
}

/** The bulk line's items (issue 43): every pay-in of the locked selection, which moveSelection moves. */
const SELECTION_ITEMS = sql`select 'transaction' as object_type, t.correlation_id as object_id
  from bulk_selection s join transactions t on t.id = s.id`;

/**
 * Moves exactly the locked selection to withdrawable; answers how many moved, how many of the filter were already
 * added, and whose balances moved.
 */
async function moveSelection(
  tx: Db,
  where: SQL,
  by: number,
): Promise<{ processed: number; skipped: number; clientIds: number[] }> {
  const [{ n: candidates }] = (
    await tx.execute<{ n: number }>(sql`select count(*)::int as n from transactions t where ${where}`)
  ).rows;
  // Exactly the rows counted and locked: a pay-in finalized since then waits for the next preview.
  const processed = await bulkReleaseToWithdrawable(tx, sql`t.id in (select id from bulk_selection)`, by);
  const { rows } = await tx.execute<{ client_id: number }>(sql`select distinct client_id from bulk_selection`);
  return { processed, skipped: Number(candidates) - processed, clientIds: rows.map((r) => Number(r.client_id)) };
}

/**
 * What a held Process Transactions keeps for its approval: the filter, the selection the maker
 * confirmed, and a fingerprint of exactly which pay-ins those were (another set of the same count
 * and amount must not be moved in their place).
 */
export interface HeldBulk {
  filter: TransactionFilter;
  expected: { count: number; amount: number };
  time_zone: string;
  fingerprint: string;
}

/**
 * The bulk 'process transaction': every FINALIZED pay-in of the filter not yet withdrawable, once
 * each, only if it is still the selection the person previewed. The matching rows are locked and
 * counted in the transaction that moves them, so of two applies with the same expectation the
 * second waits, finds the rows moved, and is refused: nothing moves twice. One the approval policy
 * holds (issue 25, 'bulk-withdrawable', amount = the net moved) is answered with its approval id,
 * and nothing moves until another SUPER ADMIN approves the same selection.
 */
export async function bulkAddToWithdrawable(
  db: Db,
  principal: Principal,
  filter: TransactionFilter,
  expected: { count: number; amount: number },
  timeZone: string,
  origin: RequestOrigin,
): Promise<BulkProcessed | ApprovalHeld> {
  const { where, pending } = await bulkSelection(db, principal, filter, timeZone);
  return inTransaction(db, async (tx) => {
    const { fingerprint, ...now } = await lockSelection(tx, pending, expected);
    const net = now.amount - now.fee;
    const held = await holdIfNeeded(
      tx,
      principal,
      'bulk-withdrawable',
      net,
      {
        clientId: filter.client_id?.length === 1 ? filter.client_id[0] : null,
        before: null,
        after: null,
        summary: filter.start
          ? msg(
              {
                defaultMessage:
                  'Add {count} pay-ins of {amount} ({net} after fees) from {start} to {end} to withdrawable balance',
                id: 'aeeiUE',
                description: "a held action's summary",
              },
              { ...bulkFigures(now, net), start: filter.start, end: filter.end ?? '' },
            )
          : msg(
              {
                defaultMessage: 'Add {count} pay-ins of {amount} ({net} after fees) to withdrawable balance',
                id: 'XvXnqM',
                description: "a held action's summary",
              },
              bulkFigures(now, net),
            ),
        payload: { filter, expected, time_zone: timeZone, fingerprint } satisfies HeldBulk,
      },
      origin,
    );
    if (held) return held;
    const { processed, skipped } = await moveSelection(tx, where, principal.id);
    await auditWithItems(
      tx,
      {
        actorUserId: principal.id,
        actorEmail: principal.email,
        action: 'transaction.bulk_add_withdrawable',
        outcome: 'success',
        ip: origin.ip,
        detail: { filter, processed, skipped, count: now.count, amount: now.amount, fee: now.fee },
      },
      SELECTION_ITEMS,
    );
    return { processed, skipped, ...now };
  });
}

/**
 * A held Process Transactions, approved (issue 25): inside the decision's transaction, the same
 * filter selected again (the checker's scope), locked and compared with what the maker confirmed
 * (409 'The selection changed', and nothing moves, when it differs), then moved; audited by the
 * checker, naming the maker.
 */
export async function applyHeldBulk(
  tx: Db,
  people: { maker: { id: number; email: string }; checker: Principal },
  held: HeldBulk,
  approvalId: number,
  origin: RequestOrigin,
): Promise<{ clientIds: number[] }> {
  const { maker, checker } = people;
  const { where, pending } = await bulkSelection(tx, checker, held.filter, held.time_zone);
  const { fingerprint, ...now } = await lockSelection(tx, pending, held.expected);
  if (fingerprint !== held.fingerprint) throw conflict(SELECTION_REPLACED);
  const { processed, skipped, clientIds } = await moveSelection(tx, where, checker.id);
  await auditWithItems(
    tx,
    {
      actorUserId: checker.id,
      actorEmail: checker.email,
      action: 'transaction.bulk_add_withdrawable',
      outcome: 'success',
      ip: origin.ip,
      detail: {
        filter: held.filter,
        processed,
        skipped,
        count: now.count,
        amount: now.amount,
        fee: now.fee,
        maker: maker.email,
        approval_id: approvalId,
      },
    },
    SELECTION_ITEMS,
  );
  return { clientIds };
}

export async function generateInvoice(db: Db, principal: Principal, correlationId: string): Promise<Invoice> {
  const row = await findInScope(db, principal, correlationId);
  check(
    row,
    { type: 'GENERATE_INVOICE', role: principal.type },
    msg({ defaultMessage: 'Invalid Status: Only paid transactions have an invoice', id: 'Z6dmam' }),
  );
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
export async function resendCallbacks(
  db: Db,
  principal: Principal,
  correlationIds: string[],
  selfUrl: string,
  origin: RequestOrigin,
  send: { production: boolean; onChanged(changed: CallbackChanged): void },
): Promise<CallbacksResent> {
  const rows = [];
  for (const id of new Set(correlationIds)) {
    const row = await findInScope(db, principal, id);
    if (row.status !== 'FINALIZED') throw conflict(NOT_FINALIZED);
    check(row, { type: 'RESEND_CALLBACK', role: principal.type }, NOT_FINALIZED);
    rows.push(row);
  }
  let delivered = 0;
  for (const row of rows) {
    const { ok, changed } = await deliverCallback(db, await callbackTargetOf(db, row), selfUrl, {
      trigger: 'person',
      by: principal.id,
      retryAt: null,
      production: send.production,
    });
    send.onChanged(changed);
    // A successful resend settles a work order left by a callback that failed all its attempts.
    if (ok) await inTransaction(db, (tx) => callbackDelivered(tx, row.correlationId, principal.email));
    if (ok) delivered++;
    await auditAction(db, principal, origin, 'transaction.resend_callback', row, { delivered: ok });
  }
  return { delivered, failed: rows.length - delivered };
}
