import type { Db } from '../db/connect.ts';
import { postEntry, type EntryInput } from './ledger.ts';

/**
 * A disbursement's money movements (design.md section 4). Each is one journal entry keyed by the
 * disbursement's uuid, so none can apply twice: the hold when it is created; one settlement when
 * it ends (paid out, or the hold released), whichever it is; the refund of a void; and the move of
 * released money to the withdrawable balance. Each returns false when it had already been applied.
 */
export interface DisbursementMoney {
  uuid: string;
  clientId: number;
  amount: number;
  feeAmount: number;
}

type Line = EntryInput['lines'][number];
const nonZero = (lines: Line[]) => lines.filter((line) => line.amount !== 0);

/** Created: amount + fee leave the disbursement balance for the hold (ruleBroken when they are not there). */
export const holdDisbursement = (tx: Db, d: DisbursementMoney, by: number | null) =>
  postEntry(tx, {
    kind: 'disbursement.hold',
    reference: d.uuid,
    createdBy: by,
    description: 'Disbursement requested: amount and fee held',
    lines: [
      { account: { client: d.clientId, kind: 'disbursement' }, amount: -(d.amount + d.feeAmount) },
      { account: { client: d.clientId, kind: 'disbursement_hold' }, amount: d.amount + d.feeAmount },
    ],
  });

/**
 * FINALIZED pays the hold out (amount to the bank, fee to fees); REJECTED and FAILED release it back
 * to the disbursement balance. One kind for both, so paying and releasing can never both happen.
 */
export const settleDisbursement = (tx: Db, d: DisbursementMoney, outcome: 'paid' | 'released', by: number | null) =>
  postEntry(tx, {
    kind: 'disbursement.settle',
    reference: d.uuid,
    createdBy: by,
    description: outcome === 'paid' ? 'Disbursement paid out' : 'Disbursement hold released',
    lines:
      outcome === 'paid'
        ? nonZero([
            { account: { client: d.clientId, kind: 'disbursement_hold' }, amount: -(d.amount + d.feeAmount) },
            { account: { system: 'bankPayouts' }, amount: d.amount },
            { account: { system: 'fees' }, amount: d.feeAmount },
          ])
        : [
            { account: { client: d.clientId, kind: 'disbursement_hold' }, amount: -(d.amount + d.feeAmount) },
            { account: { client: d.clientId, kind: 'disbursement' }, amount: d.amount + d.feeAmount },
          ],
  });

/** VOIDED: what was paid out (amount and fee) comes back to the disbursement balance. */
export const refundVoidedDisbursement = (tx: Db, d: DisbursementMoney, by: number | null) =>
  postEntry(tx, {
    kind: 'disbursement.void',
    reference: d.uuid,
    createdBy: by,
    description: 'Disbursement voided: amount and fee returned',
    lines: nonZero([
      { account: { system: 'bankPayouts' }, amount: -d.amount },
      { account: { system: 'fees' }, amount: -d.feeAmount },
      { account: { client: d.clientId, kind: 'disbursement' }, amount: d.amount + d.feeAmount },
    ]),
  });

/** A released disbursement's amount + fee moves on from the disbursement to the withdrawable balance, once. */
export const moveDisbursementToWithdrawable = (tx: Db, d: DisbursementMoney, by: number | null) =>
  postEntry(tx, {
    kind: 'disbursement.withdrawable',
    reference: d.uuid,
    createdBy: by,
    description: 'Released disbursement added to withdrawable balance',
    lines: [
      { account: { client: d.clientId, kind: 'disbursement' }, amount: -(d.amount + d.feeAmount) },
      { account: { client: d.clientId, kind: 'withdrawable' }, amount: d.amount + d.feeAmount },
    ],
  });
