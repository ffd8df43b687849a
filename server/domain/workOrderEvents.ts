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
import { msg } from '../../src/i18n/msg.ts';

/**
 * Which events make a work order, for whom, and in what words (issue 14). Each is called inside
 * the transaction of its event, so the work order commits with it or not at all.
 */
// The work order's number (its `wo=`) only, from objectCodes: titles and messages name the item as people do.

/** A withdrawal as people name it: its amount and the bank it goes to (a transfer stays in the house). */
export const withdrawalName = (w: { kind: 'withdrawal' | 'transfer_to_disburse'; amount: number; bankName: string }) =>
  w.kind === 'transfer_to_disburse'
    ? msg(
        { defaultMessage: 'Transfer to disburse of {amount}', id: 'AYyErX' },
        { amount: formatRupiah(w.amount, 'en') },
      )
    : msg(
        { defaultMessage: 'Withdrawal of {amount} to {bank}', id: 'OChKfy' },
        { amount: formatRupiah(w.amount, 'en'), bank: w.bankName },
      );

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
    // Whole sentences, not one inside another, so that each translates as a whole (issue 48).
    message:
      w.kind === 'transfer_to_disburse'
        ? msg(
            {
              defaultMessage: 'Transfer to disburse of {amount} from {client} is waiting for your decision',
              id: '1QL2GI',
            },
            { amount: formatRupiah(w.amount, 'en'), client: clientName },
          )
        : msg(
            {
              defaultMessage: 'Withdrawal of {amount} to {bank} from {client} is waiting for your decision',
              id: 'Hhx+sE',
            },
            { amount: formatRupiah(w.amount, 'en'), bank: w.bankName, client: clientName },
          ),
    code: shortCode('WD', w.uuid),
    icon: 'money',
    recipients: await superAdminIds(tx),
    at: w.withdrawalTime,
  });
}

const WITHDRAWAL_OUTCOMES = {
  COMPLETED: msg({ defaultMessage: 'Completed', id: 'G+QEgR', description: "a work order's outcome" }),
  REJECTED: msg({ defaultMessage: 'Rejected', id: 'M5CC8x', description: "a work order's outcome" }),
} as const;

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
    subject: msg({ defaultMessage: 'Disbursement {correlationId}', id: 'GvGife' }, { correlationId: d.correlationId }),
    message: msg(
      {
        defaultMessage: 'Disbursement {correlationId} of {amount} from {client} is waiting for a decision',
        id: '20PSxX',
      },
      { correlationId: d.correlationId, amount: formatRupiah(d.amount, 'en'), client: clientName },
    ),
    code: shortCode('DSB', d.uuid),
    icon: 'send',
    recipients: await superAdminIds(tx),
    at: d.transactionTime,
  });
}

/** A SUPER ADMIN's decision, or (no decider) the payment channel's report of the payout. */
const DISBURSEMENT_OUTCOMES = {
  FINALIZED: {
    person: msg({ defaultMessage: 'Finalized', id: 'nuI8ar', description: "a work order's outcome" }),
    channel: msg({ defaultMessage: 'Paid out by the payment channel', id: 'fwy1Gc' }),
  },
  REJECTED: {
    person: msg({ defaultMessage: 'Rejected', id: 'M5CC8x', description: "a work order's outcome" }),
    channel: msg({ defaultMessage: 'Rejected by the payment channel', id: 'v4VH7o' }),
  },
  FAILED: {
    person: msg({ defaultMessage: 'Failed', id: 'aCcsLk', description: "a work order's outcome" }),
    channel: msg({ defaultMessage: 'Failed at the payment channel', id: 'VP2aJI' }),
  },
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
    subject: msg(
      { defaultMessage: 'Callback failed {correlationId}', id: 'WVZb5w' },
      { correlationId: p.correlationId },
    ),
    message: msg(
      {
        defaultMessage:
          "The callback of pay-in {correlationId} ({amount}) to {client} failed {attempts} times: check the merchant's endpoint and resend it",
        id: 'Rtigz5',
      },
      { correlationId: p.correlationId, amount: formatRupiah(p.amount, 'en'), client: clientName, attempts },
    ),
    code: `CB-${p.correlationId}`,
    icon: 'plug',
    recipients: await clientUsersWhoMay(tx, p.clientId, routes.resendCallback),
  });
}

const RESENT = msg({ defaultMessage: 'Resent', id: 'liKB1K', description: "a work order's outcome" });

/** Delivered: on a person's resend (named by e-mail), or on the callback job's own later attempt. */
export const callbackDelivered = (tx: Db, correlationId: string, resentBy: string | null) =>
  resolveWorkOrders(
    tx,
    'callback',
    correlationId,
    resentBy ? decidedBy(RESENT, resentBy) : msg({ defaultMessage: 'Delivered on a later attempt', id: '7TqwVP' }),
  );

/** The uploader names an upload by its file (the first, and how many more came with it). */
const checkSubject = (filenames: string[]) =>
  filenames.length > 1
    ? msg(
        { defaultMessage: 'Check Transactions of {filename} and {count} more', id: 'C7cpzN' },
        { filename: filenames[0]!, count: filenames.length - 1 },
      )
    : filenames[0]
      ? msg({ defaultMessage: 'Check Transactions of {filename}', id: 'Lbj3ga' }, { filename: filenames[0] })
      : msg({ defaultMessage: 'Check Transactions of an upload', id: '8Fksk0' });

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
    subject: checkSubject(filenames),
    message: msg(
      {
        defaultMessage:
          'Check Transactions found {missing} missing, {statusMismatch} status and {amountMismatch} amount mismatches in {rows} rows',
        id: 'yplzgX',
      },
      {
        missing: summary.missing,
        statusMismatch: summary.status_mismatch,
        amountMismatch: summary.amount_mismatch,
        rows: summary.rows,
      },
    ),
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
    subject: msg({ defaultMessage: 'Settlement {code} failed', id: 'xu42uA' }, { code }),
    message: msg(
      { defaultMessage: 'The {type} settlement of {start} to {end} stopped: {error}', id: 'tPg550' },
      { type: SETTLEMENT_TYPE_LABELS[run.type], start: run.start, end: run.end, error: run.error },
    ),
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
    subject: msg({ defaultMessage: '{email} signed in with a recovery code', id: 'hK87H1' }, { email: user.email }),
    message: msg(
      {
        defaultMessage:
          '{email} signed in with a recovery code instead of their authenticator ({count} codes left). If it was not them, reset their authenticator in User Management.',
        id: 'cKMJQt',
      },
      { email: user.email, count: codesLeft },
    ),
    code: `RC-${codeId}`,
    icon: 'shield',
    recipients: await superAdminIds(tx),
  });
}

/** The user set up a new authenticator, or a SUPER ADMIN reset it: the recovery sign-ins need no one any more. */
export const recoveryCodeSettled = (tx: Db, userId: number, outcome: string) =>
  resolveWorkOrders(tx, 'recovery_code', String(userId), outcome);
