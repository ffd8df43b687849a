import { formatRupiah } from '../../src/services/money.ts';
import { settlementRunCode, shortCode } from '../../src/services/objectCodes.ts';
import { SETTLEMENT_TYPE_LABELS, type SettlementType } from '../../src/services/settlementRules.ts';
import { routes } from '../../src/services/routes.ts';
import type { Db } from '../db/connect.ts';
import { clientNameOf } from './clientScope.ts';
import {
  clientUsersWhoMay,
  decidedBy,
  decidedByUser,
  openWorkOrder,
  resolveWorkOrders,
  superAdminIds,
} from './workOrders.ts';

/**
 * Which events make a work order, for whom, and in what words (issue 14). Each is called inside
 * the transaction of its event, so the work order commits with it or not at all.
 */
// The work order's number (its `wo=`) only, from objectCodes: titles and messages name the item as people do.

/** A withdrawal as people name it: its amount and the bank it goes to (a transfer stays in the house). */
export const withdrawalName = (w: { kind: 'withdrawal' | 'transfer_to_disburse'; amount: number; bankName: string }) =>
  w.kind === 'transfer_to_disburse'
    ? `Transfer to disburse of ${formatRupiah(w.amount)}`
    : `Withdrawal of ${formatRupiah(w.amount)} to ${w.bankName}`;

export async function withdrawalRequested(
  tx: Db,
  w: {
    uuid: string;
    clientId: number;
    amount: number;
    kind: 'withdrawal' | 'transfer_to_disburse';
    bankName: string;
    withdrawalTime: Date;
  },
) {
  const clientName = await clientNameOf(tx, w.clientId);
  const name = withdrawalName(w);
  await openWorkOrder(tx, {
    item: {
      kind: 'withdrawal',
      ref: w.uuid,
      client_id: w.clientId,
      client_name: clientName,
      amount: w.amount,
      withdrawal_kind: w.kind,
    },
    subject: name,
    message: `${name} from ${clientName} is waiting for your decision`,
    code: shortCode('WD', w.uuid),
    icon: 'money',
    recipients: await superAdminIds(tx),
    at: w.withdrawalTime,
  });
}

const WITHDRAWAL_OUTCOMES = { COMPLETED: 'Completed', REJECTED: 'Rejected' } as const;

export const withdrawalDecided = async (
  tx: Db,
  uuid: string,
  next: keyof typeof WITHDRAWAL_OUTCOMES,
  deciderId: number,
) => resolveWorkOrders(tx, 'withdrawal', uuid, await decidedByUser(tx, WITHDRAWAL_OUTCOMES[next], deciderId));

export async function disbursementArrived(
  tx: Db,
  d: { uuid: string; clientId: number; amount: number; correlationId: string; transactionTime: Date },
) {
  const clientName = await clientNameOf(tx, d.clientId);
  await openWorkOrder(tx, {
    item: { kind: 'disbursement', ref: d.uuid, client_id: d.clientId, client_name: clientName, amount: d.amount },
    subject: `Disbursement ${d.correlationId}`,
    message:
      `Disbursement ${d.correlationId} of ${formatRupiah(d.amount)} from ${clientName} is waiting ` + `for a decision`,
    code: shortCode('DSB', d.uuid),
    icon: 'send',
    recipients: await superAdminIds(tx),
    at: d.transactionTime,
  });
}

/** A SUPER ADMIN's decision, or (no decider) the payment channel's report of the payout. */
const DISBURSEMENT_OUTCOMES = {
  FINALIZED: { person: 'Finalized', channel: 'Paid out by the payment channel' },
  REJECTED: { person: 'Rejected', channel: 'Rejected by the payment channel' },
  FAILED: { person: 'Failed', channel: 'Failed at the payment channel' },
} as const;

export const disbursementDecided = async (
  tx: Db,
  uuid: string,
  next: keyof typeof DISBURSEMENT_OUTCOMES,
  deciderId: number | null,
) =>
  resolveWorkOrders(
    tx,
    'disbursement',
    uuid,
    deciderId == null
      ? DISBURSEMENT_OUTCOMES[next].channel
      : await decidedByUser(tx, DISBURSEMENT_OUTCOMES[next].person, deciderId),
  );

export async function callbackFailed(
  tx: Db,
  p: { correlationId: string; clientId: number; amount: number },
  attempts: number,
) {
  const clientName = await clientNameOf(tx, p.clientId);
  await openWorkOrder(tx, {
    item: { kind: 'callback', ref: p.correlationId, client_id: p.clientId, client_name: clientName, amount: p.amount },
    subject: `Callback failed ${p.correlationId}`,
    message:
      `The callback of pay-in ${p.correlationId} (${formatRupiah(p.amount)}) to ${clientName} failed ` +
      `${attempts} times: check the merchant's endpoint and resend it`,
    code: `CB-${p.correlationId}`,
    icon: 'plug',
    recipients: await clientUsersWhoMay(tx, p.clientId, routes.resendCallback),
  });
}

/** Delivered: on a person's resend (named by e-mail), or on the callback job's own later attempt. */
export const callbackDelivered = (tx: Db, correlationId: string, resentBy: string | null) =>
  resolveWorkOrders(
    tx,
    'callback',
    correlationId,
    resentBy ? decidedBy('Resent', resentBy) : 'Delivered on a later attempt',
  );

/** The uploader names an upload by its file (the first, and how many more came with it). */
const filesName = (filenames: string[]) =>
  filenames.length > 1 ? `${filenames[0]} and ${filenames.length - 1} more` : (filenames[0] ?? 'an upload');

export async function reconciliationMismatched(
  tx: Db,
  uploaderId: number,
  ref: string,
  summary: { rows: number; missing: number; status_mismatch: number; amount_mismatch: number },
  filenames: string[],
) {
  const code = `REC-${ref}`;
  await openWorkOrder(tx, {
    item: { kind: 'reconciliation', ref, client_id: null, client_name: null, amount: null },
    subject: `Check Transactions of ${filesName(filenames)}`,
    message:
      `Check Transactions found ${summary.missing} missing, ${summary.status_mismatch} status and ` +
      `${summary.amount_mismatch} amount mismatches in ${summary.rows} rows`,
    code,
    icon: 'document',
    recipients: [uploaderId],
  });
}

export async function settlementFailed(
  tx: Db,
  run: { id: number; type: SettlementType; start: string; end: string; error: string },
) {
  const code = settlementRunCode(run.id);
  await openWorkOrder(tx, {
    item: { kind: 'settlement', ref: String(run.id), client_id: null, client_name: null, amount: null },
    subject: `Settlement ${code} failed`,
    message: `The ${SETTLEMENT_TYPE_LABELS[run.type]} settlement of ${run.start} to ${run.end} stopped: ${run.error}`,
    code,
    icon: 'calendar',
    recipients: await superAdminIds(tx),
  });
}

/**
 * A sign-in with a recovery code instead of the authenticator (issue 44): every SUPER ADMIN is told, since
 * someone other than the user may hold the codes. The work order is resolved when the user sets up a new
 * authenticator or a SUPER ADMIN resets it; until then it stays open on the bell.
 */
export async function recoveryCodeUsed(tx: Db, user: { id: number; email: string }, codeId: number, codesLeft: number) {
  await openWorkOrder(tx, {
    item: { kind: 'recovery_code', ref: String(user.id), client_id: null, client_name: null, amount: null },
    subject: `${user.email} signed in with a recovery code`,
    message:
      `${user.email} signed in with a recovery code instead of their authenticator (${codesLeft} codes left). ` +
      `If it was not them, reset their authenticator in User Management.`,
    code: `RC-${codeId}`,
    icon: 'shield',
    recipients: await superAdminIds(tx),
  });
}

/** The user set up a new authenticator, or a SUPER ADMIN reset it: the recovery sign-ins need no one any more. */
export const recoveryCodeSettled = (tx: Db, userId: number, outcome: string) =>
  resolveWorkOrders(tx, 'recovery_code', String(userId), outcome);
