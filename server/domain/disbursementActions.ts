import { clientNameOf } from './clientScope.ts';
import {
  allowsDisbursement,
  disbursementDecisionEvent,
  type DisbursementEvent,
} from '../../src/machines/lifecycle/disbursementLifecycle.ts';
import type { DisbursementStatusAnswer } from '../../src/services/disbursementActions.ts';
import type { DisbursementDecisionBody, DisbursementRow } from '../../src/services/disbursementQuery.ts';
import type { Invoice } from '../../src/services/payinActions.ts';
import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/transaction.ts';
import { isRefusal } from './errors.ts';
import { inquireDisbursementStatus } from '../providers/disbursementAdapter.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import {
  applyDisbursementEvent,
  checkDisbursement,
  findDisbursement,
  toDisbursementRow,
  type DisbursementRecord,
} from './disbursements.ts';
import type { Principal } from './principal.ts';

/**
 * Runs one row action and audits how it ended. A success is audited by the action itself, in its
 * transaction; a refusal (not allowed, not found, conflict, rule broken) is audited here, after the rollback, so it
 * stays.
 */
async function audited<T>(
  db: Db,
  principal: Principal,
  origin: RequestOrigin,
  action: string,
  objectId: string,
  detail: Record<string, unknown>,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isRefusal(error)) {
      await audit(db, {
        actorUserId: principal.id,
        actorEmail: principal.email,
        action,
        objectType: 'disbursement',
        objectId,
        outcome: error.kind === 'forbidden' ? 'denied' : 'failure',
        ip: origin.ip,
        detail: { ...detail, refusal: error.kind, reason: error.message },
      });
    }
    throw error;
  }
}

const auditSuccess = (
  tx: Db,
  principal: Principal,
  origin: RequestOrigin,
  action: string,
  d: DisbursementRecord,
  detail: Record<string, unknown>,
) =>
  audit(tx, {
    actorUserId: principal.id,
    actorEmail: principal.email,
    action,
    objectType: 'disbursement',
    objectId: d.uuid,
    outcome: 'success',
    ip: origin.ip,
    detail,
  });

/**
 * SUPER ADMIN finalizes (COMPLETED) or rejects a PENDING_REQUEST or PENDING disbursement. The row
 * lock makes simultaneous deciders queue: the first wins, the rest find the status changed (conflict).
 */
export function decideDisbursement(
  db: Db,
  principal: Principal,
  body: DisbursementDecisionBody,
  origin: RequestOrigin,
): Promise<DisbursementRow> {
  const event: DisbursementEvent = { type: disbursementDecisionEvent(body.status), role: principal.type };
  return audited(db, principal, origin, 'disbursement.decide', body.uuid, { decision: body.status }, () =>
    inTransaction(db, async (tx) => {
      const current = await findDisbursement(tx, principal, { uuid: body.uuid }, true);
      const updated = await applyDisbursementEvent(tx, current, event, { by: principal.id });
      await auditSuccess(tx, principal, origin, 'disbursement.decide', current, {
        decision: body.status,
        before: { status: current.status },
        after: { status: updated.status },
        amount: current.amount,
        fee_amount: current.feeAmount,
      });
      return toDisbursementRow(updated, await clientNameOf(tx, updated.clientId));
    }),
  );
}

/**
 * Asks the transfer provider for an open disbursement's status (a real HTTP call) and applies the
 * answer through the lifecycle as the provider (role SYSTEM): accepted (PENDING), confirmed
 * (FINALIZED, paid out) or failed (FAILED, hold released). The call happens outside the
 * transaction; the answer is applied to the row as it is once locked.
 */
export function refreshDisbursementStatus(
  db: Db,
  principal: Principal,
  uuid: string,
  providerUrl: string,
  origin: RequestOrigin,
): Promise<DisbursementStatusAnswer> {
  return audited(db, principal, origin, 'disbursement.refresh_status', uuid, {}, async () => {
    const row = await findDisbursement(db, principal, { uuid });
    checkDisbursement(row, { type: 'REFRESH_STATUS', role: principal.type });
    const answer = await inquireDisbursementStatus(providerUrl, row.correlationId);
    return inTransaction(db, async (tx) => {
      const current = await findDisbursement(tx, principal, { uuid }, true);
      const event: DisbursementEvent = {
        type:
          answer.status === 'FINALIZED'
            ? 'PROVIDER_CONFIRMED'
            : answer.status === 'FAILED'
              ? 'PROVIDER_FAILED'
              : 'PROVIDER_ACCEPTED',
        role: 'SYSTEM',
      };
      // An answer the lifecycle has no step for (PENDING for a PENDING one, or anything once decided
      // meanwhile) leaves the disbursement as it is.
      const moves = allowsDisbursement(current.status, { addedToWithdrawable: current.addedToWithdrawable }, event);
      const updated = moves
        ? await applyDisbursementEvent(tx, current, event, {
            by: null,
            paidTime: answer.status === 'FINALIZED' ? answer.paidTime : undefined,
          })
        : current;
      await auditSuccess(tx, principal, origin, 'disbursement.refresh_status', current, {
        provider: answer.status,
        before: { status: current.status },
        after: { status: updated.status },
      });
      return {
        status: updated.status,
        previous_status: current.status,
        changed: updated.status !== current.status,
        provider_status: answer.status,
        row: toDisbursementRow(updated, await clientNameOf(tx, updated.clientId)),
      };
    });
  });
}

/** The invoice of a FINALIZED disbursement: the transfer and its fee, each quantity 1. */
export function disbursementInvoice(
  db: Db,
  principal: Principal,
  correlationId: string,
  origin: RequestOrigin,
): Promise<Invoice> {
  return audited(db, principal, origin, 'disbursement.invoice', correlationId, {}, async () => {
    const d = await findDisbursement(db, principal, { correlationId });
    checkDisbursement(d, { type: 'GENERATE_INVOICE', role: principal.type });
    return {
      items: [
        {
          name:
            `Disbursement ${d.correlationId} via ${d.withdrawalMethod} to ${d.bankName} ${d.accountNo} (` +
            `${d.bankAccountName})`,
          ori_price: d.amount,
          curr_price: d.amount,
        },
        ...(d.feeAmount > 0 ? [{ name: 'Disbursement fee', ori_price: d.feeAmount, curr_price: d.feeAmount }] : []),
      ],
      service: d.withdrawalMethod,
      transaction_date: (d.paidTime ?? d.transactionTime).toISOString(),
      correlation_id: d.correlationId,
      client_name: await clientNameOf(db, d.clientId),
    };
  });
}

/** SUPER ADMIN moves a released disbursement's amount + fee on to the withdrawable balance: once, irreversibly. */
export function addDisbursementToWithdrawable(
  db: Db,
  principal: Principal,
  uuid: string,
  origin: RequestOrigin,
): Promise<DisbursementRow> {
  return audited(db, principal, origin, 'disbursement.add_withdrawable', uuid, {}, () =>
    inTransaction(db, async (tx) => {
      const current = await findDisbursement(tx, principal, { uuid }, true);
      const updated = await applyDisbursementEvent(
        tx,
        current,
        { type: 'ADD_TO_WITHDRAWABLE', role: principal.type },
        { by: principal.id },
      );
      await auditSuccess(tx, principal, origin, 'disbursement.add_withdrawable', current, {
        status: current.status,
        amount: current.amount + current.feeAmount,
      });
      return toDisbursementRow(updated, await clientNameOf(tx, updated.clientId));
    }),
  );
}
