import { formatRupiah } from '../../src/services/money.ts';
import { settlementRunCode, shortCode } from '../../src/services/objectCodes.ts';
import { SETTLEMENT_TYPE_LABELS, type SettlementType } from '../../src/services/settlementRules.ts';
import type { Db } from '../db/connect.ts';
import { clientNameOf } from './clientScope.ts';
import { clientUsersWithModule, openWorkOrder, resolveWorkOrders, superAdminIds } from './workOrders.ts';

/**
 * Which events make a work order, for whom, and in what words (issue 14). Each is called inside
 * the transaction of its event, so the work order commits with it or not at all.
 */

export async function withdrawalRequested(tx: Db, w: { uuid: string; clientId: number; amount: number; kind: 'withdrawal' | 'transfer_to_disburse'; withdrawalTime: Date }) {
  const clientName = await clientNameOf(tx, w.clientId);
  const code = shortCode('WD', w.uuid);
  const what = w.kind === 'transfer_to_disburse' ? 'Transfer to disburse' : 'Withdrawal';
  await openWorkOrder(tx, {
    item: { kind: 'withdrawal', ref: w.uuid, client_id: w.clientId, client_name: clientName, amount: w.amount, withdrawal_kind: w.kind },
    subject: `${what} ${code}`, message: `${what} ${code} of ${formatRupiah(w.amount)} from ${clientName} is waiting for your decision`,
    code, icon: 'money', recipients: await superAdminIds(tx), at: w.withdrawalTime,
  });
}

export const withdrawalDecided = (tx: Db, uuid: string) => resolveWorkOrders(tx, 'withdrawal', uuid);

export async function disbursementArrived(tx: Db, d: { uuid: string; clientId: number; amount: number; correlationId: string; transactionTime: Date }) {
  const clientName = await clientNameOf(tx, d.clientId);
  const code = shortCode('DSB', d.uuid);
  await openWorkOrder(tx, {
    item: { kind: 'disbursement', ref: d.uuid, client_id: d.clientId, client_name: clientName, amount: d.amount },
    subject: `Disbursement ${code}`, message: `Disbursement ${d.correlationId} of ${formatRupiah(d.amount)} from ${clientName} is waiting for a decision`,
    code, icon: 'send', recipients: await superAdminIds(tx), at: d.transactionTime,
  });
}

export const disbursementDecided = (tx: Db, uuid: string) => resolveWorkOrders(tx, 'disbursement', uuid);

export async function callbackFailed(tx: Db, p: { correlationId: string; clientId: number; amount: number }, attempts: number) {
  const clientName = await clientNameOf(tx, p.clientId);
  await openWorkOrder(tx, {
    item: { kind: 'callback', ref: p.correlationId, client_id: p.clientId, client_name: clientName, amount: p.amount },
    subject: `Callback failed ${p.correlationId}`,
    message: `The callback of pay-in ${p.correlationId} (${formatRupiah(p.amount)}) to ${clientName} failed ${attempts} times: check the merchant's endpoint and resend it`,
    code: `CB-${p.correlationId}`, icon: 'plug', recipients: await clientUsersWithModule(tx, p.clientId, 'transactions'),
  });
}

export const callbackDelivered = (tx: Db, correlationId: string) => resolveWorkOrders(tx, 'callback', correlationId);

export async function reconciliationMismatched(tx: Db, uploaderId: number, ref: string, summary: { rows: number; missing: number; status_mismatch: number; amount_mismatch: number }) {
  const code = `REC-${ref}`;
  await openWorkOrder(tx, {
    item: { kind: 'reconciliation', ref, client_id: null, client_name: null, amount: null },
    subject: `Check Transactions ${code}`,
    message: `Check Transactions found ${summary.missing} missing, ${summary.status_mismatch} status and ${summary.amount_mismatch} amount mismatches in ${summary.rows} rows`,
    code, icon: 'document', recipients: [uploaderId],
  });
}

export async function settlementFailed(tx: Db, run: { id: number; type: SettlementType; start: string; end: string; error: string }) {
  const code = settlementRunCode(run.id);
  await openWorkOrder(tx, {
    item: { kind: 'settlement', ref: String(run.id), client_id: null, client_name: null, amount: null },
    subject: `Settlement ${code} failed`,
    message: `The ${SETTLEMENT_TYPE_LABELS[run.type]} settlement of ${run.start} to ${run.end} stopped: ${run.error}`,
    code, icon: 'calendar', recipients: await superAdminIds(tx),
  });
}
