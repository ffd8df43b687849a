import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import {
  DISBURSEMENT_INVALID_STATUS,
  DISBURSEMENT_INVALID_VOID,
  allowsDisbursement,
  nextDisbursementStatus,
  refusesDisbursementRole,
  type DisbursementEvent,
} from '../../src/machines/lifecycle/disbursementLifecycle.ts';
import {
  DISBURSEMENT_ALREADY_WITHDRAWABLE,
  DISBURSEMENT_NO_INVOICE,
  DISBURSEMENT_NOT_FOUND,
  DISBURSEMENT_NOT_RELEASED,
} from '../../src/services/disbursementActions.ts';
import {
  DISBURSEMENT_METHODS,
  type DisbursementMethodName,
  type DisbursementRow,
} from '../../src/services/disbursementQuery.ts';
import type { Db } from '../db/connect.ts';
import { audit } from './audit.ts';
import { disbursements } from '../db/schema.ts';
import { inTransaction, isUniqueViolation } from '../db/transaction.ts';
import { disbursementArrived, disbursementDecided } from './workOrderEvents.ts';
import { conflict, notAllowed, notFound, ruleBroken } from './errors.ts';
import { seesClient } from './clientScope.ts';
import {
  holdDisbursement,
  moveDisbursementToWithdrawable,
  refundVoidedDisbursement,
  settleDisbursement,
} from './disbursementLedger.ts';
import type { Principal } from './principal.ts';
import { msg } from '../../src/i18n/msg.ts';

export type DisbursementRecord = typeof disbursements.$inferSelect;

export interface NewDisbursement {
  clientId: number;
  correlationId: string;
  withdrawalMethod: DisbursementMethodName;
  bankName: string;
  bankAccountName: string;
  accountNo: string;
  originalTransactionNo?: string | null;
  amount: number;
  feeAmount: number;
  transactionTime?: Date;
}

export const DUPLICATE_CORRELATION_ID = 'A disbursement with this correlation_id already exists';

/**
 * The one way a disbursement comes to exist (the merchants' payment API, the demo seed, `npm run
 * seed -- --disbursements N`): the PENDING_REQUEST row and the hold of amount + fee from the
 * client's disbursement balance, in one transaction. A balance that cannot cover it is ruleBroken and
 * nothing is written.
 */
export async function createDisbursement(
  db: Db,
  input: NewDisbursement,
  by: number | null = null,
): Promise<DisbursementRecord> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw ruleBroken(msg({ defaultMessage: 'amount must be a positive whole number of rupiah', id: 'Hdgfuw' }));
  if (!Number.isSafeInteger(input.feeAmount) || input.feeAmount < 0)
    throw ruleBroken(
      msg({ defaultMessage: 'fee_amount must be a whole number of rupiah, zero or more', id: 'sXFF9m' }),
    );
  if (!Number.isSafeInteger(input.amount + input.feeAmount))
    throw ruleBroken(msg({ defaultMessage: 'amount and fee are too large', id: 'A4GQS0' }));
  if (!(DISBURSEMENT_METHODS as readonly string[]).includes(input.withdrawalMethod))
    throw ruleBroken(
      msg(
        { defaultMessage: 'withdrawal_method must be one of {methods}', id: 'E4F2Yt' },
        { methods: DISBURSEMENT_METHODS.join(', ') },
      ),
    );
  try {
    return await inTransaction(db, async (tx) => {
      const [created] = await tx
        .insert(disbursements)
        .values({
          uuid: randomUUID(),
          clientId: input.clientId,
          correlationId: input.correlationId,
          withdrawalMethod: input.withdrawalMethod,
          bankName: input.bankName,
          bankAccountName: input.bankAccountName,
          accountNo: input.accountNo,
          originalTransactionNo: input.originalTransactionNo ?? null,
          amount: input.amount,
          feeAmount: input.feeAmount,
          status: 'PENDING_REQUEST',
          transactionTime: input.transactionTime ?? new Date(),
        })
        .returning();
      // An open disbursement whose money did not move would break 'hold equals open disbursements'.
      if (!(await holdDisbursement(tx, created, by)))
        throw new Error(`disbursement ${created.uuid} was already held in the ledger`);
      // The merchant's request is the action that held the money (issue 43): its line claims the hold.
      await audit(tx, {
        actorUserId: by,
        action: 'disbursement.create',
        objectType: 'disbursement',
        objectId: created.uuid,
        outcome: 'success',
        detail: {
          correlation_id: created.correlationId,
          after: { status: created.status },
          amount: created.amount,
          fee_amount: created.feeAmount,
        },
      });
      await disbursementArrived(tx, created);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE_CORRELATION_ID);
    throw error;
  }
}

const factsOf = (d: DisbursementRecord) => ({ addedToWithdrawable: d.addedToWithdrawable });

/** The lifecycle's refusal message for an event, as the spec words it. */
export function refusalFor(d: DisbursementRecord, event: DisbursementEvent['type']): string {
  switch (event) {
    case 'VOID':
      return DISBURSEMENT_INVALID_VOID;
    case 'GENERATE_INVOICE':
      return DISBURSEMENT_NO_INVOICE;
    case 'ADD_TO_WITHDRAWABLE':
      return d.addedToWithdrawable ? DISBURSEMENT_ALREADY_WITHDRAWABLE : DISBURSEMENT_NOT_RELEASED;
    default:
      return DISBURSEMENT_INVALID_STATUS;
  }
}

/**
 * Refuses what the lifecycle refuses: notAllowed when only the role is wrong (the lifecycle says whose it is), conflict
 * for the status.
 */
export function checkDisbursement(d: DisbursementRecord, event: DisbursementEvent): void {
  if (allowsDisbursement(d.status, factsOf(d), event)) return;
  if (refusesDisbursementRole(d.status, factsOf(d), event)) throw notAllowed();
  throw conflict(refusalFor(d, event.type));
}

/** A disbursement the user may see, by uuid or correlation id; another client's is answered as not found. */
export async function findDisbursement(
  db: Db,
  principal: Principal,
  key: { uuid: string } | { correlationId: string },
  lock = false,
): Promise<DisbursementRecord> {
  const where = 'uuid' in key ? eq(disbursements.uuid, key.uuid) : eq(disbursements.correlationId, key.correlationId);
  const query = db.select().from(disbursements).where(where);
  const [row] = lock ? await query.for('update') : await query;
  if (!row || !seesClient(principal, row.clientId)) throw notFound(DISBURSEMENT_NOT_FOUND);
  return row;
}

/**
 * Inside a transaction, with the row locked: applies one lifecycle event, its status change and
 * its one ledger movement together. The update re-checks the status it read, and each movement is
 * unique per disbursement, so a second attempt is a conflict and moves nothing. Events that keep the
 * status (refresh, invoice) change nothing here.
 */
export async function applyDisbursementEvent(
  tx: Db,
  current: DisbursementRecord,
  event: DisbursementEvent,
  options: { by: number | null; paidTime?: Date } = { by: null },
): Promise<DisbursementRecord> {
  checkDisbursement(current, event);
  const next = nextDisbursementStatus(current.status, factsOf(current), event)!;
  const stale = () => conflict(refusalFor(current, event.type));

  if (event.type === 'ADD_TO_WITHDRAWABLE') {
    const [updated] = await tx
      .update(disbursements)
      .set({ addedToWithdrawable: true, updatedAt: sql`now()` })
      .where(and(eq(disbursements.id, current.id), eq(disbursements.addedToWithdrawable, false)))
      .returning();
    if (!updated || !(await moveDisbursementToWithdrawable(tx, current, options.by))) throw stale();
    return updated;
  }
  if (next === current.status) return current;

  const decidedBy = event.role === 'SYSTEM' ? current.decidedBy : options.by;
  const [updated] = await tx
    .update(disbursements)
    .set({
      status: next,
      decidedBy,
      updatedAt: sql`now()`,
      ...(next === 'FINALIZED' ? { paidTime: options.paidTime ?? new Date() } : {}),
    })
    .where(and(eq(disbursements.id, current.id), eq(disbursements.status, current.status)))
    .returning();
  if (!updated) throw stale();

  let moved = true;
  if (next === 'FINALIZED') moved = await settleDisbursement(tx, current, 'paid', options.by);
  else if (next === 'REJECTED' || next === 'FAILED')
    moved = await settleDisbursement(tx, current, 'released', options.by);
  else if (next === 'VOIDED') moved = await refundVoidedDisbursement(tx, current, options.by);
  if (!moved) throw stale();
  // Decided (by a SUPER ADMIN or the provider): the work order asking for a decision is settled.
  if (next === 'FINALIZED' || next === 'REJECTED' || next === 'FAILED')
    await disbursementDecided(tx, current.uuid, next, event.role === 'SYSTEM' ? null : options.by);
  return updated;
}

/** Applies one event to a disbursement in a transaction of its own, under its row lock (seeds, scripts). */
export function moveDisbursement(
  db: Db,
  uuid: string,
  event: DisbursementEvent,
  options: { by: number | null; paidTime?: Date },
): Promise<DisbursementRecord> {
  return inTransaction(db, async (tx) => {
    const [current] = await tx.select().from(disbursements).where(eq(disbursements.uuid, uuid)).for('update');
    if (!current) throw notFound(DISBURSEMENT_NOT_FOUND);
    return applyDisbursementEvent(tx, current, event, options);
  });
}

export function toDisbursementRow(d: DisbursementRecord, clientName: string): DisbursementRow {
  return {
    uuid: d.uuid,
    withdrawal_method: d.withdrawalMethod,
    correlation_id: d.correlationId,
    bank_name: d.bankName,
    bank_account_name: d.bankAccountName,
    account_no: d.accountNo,
    original_transaction_no: d.originalTransactionNo,
    amount: d.amount,
    fee_amount: d.feeAmount,
    transaction_time: d.transactionTime.toISOString(),
    paid_time: d.paidTime?.toISOString() ?? null,
    status: d.status,
    client_id: d.clientId,
    client_name: clientName,
    added_to_withdrawable: d.addedToWithdrawable,
  };
}
