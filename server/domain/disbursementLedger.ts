import type { Db } from '../db/connect.ts';
import { postEntry, type ClientAccountKind, type EntryInput } from './ledger.ts';
import { msg } from '../../src/i18n/msg.ts';

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

/** The disbursement's one entry of a kind: keyed by its uuid, so it cannot apply twice. */
const post = (tx: Db, d: DisbursementMoney, by: number | null, entry: Omit<EntryInput, 'reference' | 'createdBy'>) =>
  postEntry(tx, { ...entry, reference: d.uuid, createdBy: by });

/** Amount + fee leave one of the client's balances for another. */
const moveTotal = (d: DisbursementMoney, from: ClientAccountKind, to: ClientAccountKind): Line[] => [
  { account: { client: d.clientId, kind: from }, amount: -(d.amount + d.feeAmount) },
  { account: { client: d.clientId, kind: to }, amount: d.amount + d.feeAmount },
];

/** Created: amount + fee leave the disbursement balance for the hold (ruleBroken when they are not there). */
export const holdDisbursement = (tx: Db, d: DisbursementMoney, by: number | null) =>
  post(tx, d, by, {
    kind: 'disbursement.hold',
    description: msg({
      defaultMessage: 'Disbursement requested: amount and fee held',
      id: 'sTVbiV',
      description: "a ledger entry's description",
    }),
    lines: moveTotal(d, 'disbursement', 'disbursement_hold'),
  });

/**
 * FINALIZED pays the hold out (amount to the bank, fee to fees); REJECTED and FAILED release it back
 * to the disbursement balance. One kind for both, so paying and releasing can never both happen.
 */
export const settleDisbursement = (tx: Db, d: DisbursementMoney, outcome: 'paid' | 'released', by: number | null) =>
  post(tx, d, by, {
    kind: 'disbursement.settle',
    description:
      outcome === 'paid'
        ? msg({ defaultMessage: 'Disbursement paid out', id: '/a+3as', description: "a ledger entry's description" })
        : msg({
            defaultMessage: 'Disbursement hold released',
            id: 'nE6mEI',
            description: "a ledger entry's description",
          }),
    lines:
      outcome === 'paid'
        ? nonZero([
            { account: { client: d.clientId, kind: 'disbursement_hold' }, amount: -(d.amount + d.feeAmount) },
            { account: { system: 'bankPayouts' }, amount: d.amount },
            { account: { system: 'fees' }, amount: d.feeAmount },
          ])
        : moveTotal(d, 'disbursement_hold', 'disbursement'),
  });

/** VOIDED: what was paid out (amount and fee) comes back to the disbursement balance. */
export const refundVoidedDisbursement = (tx: Db, d: DisbursementMoney, by: number | null) =>
  post(tx, d, by, {
    kind: 'disbursement.void',
    description: msg({
      defaultMessage: 'Disbursement voided: amount and fee returned',
      id: 'RWHqLf',
      description: "a ledger entry's description",
    }),
    lines: nonZero([
      { account: { system: 'bankPayouts' }, amount: -d.amount },
      { account: { system: 'fees' }, amount: -d.feeAmount },
      { account: { client: d.clientId, kind: 'disbursement' }, amount: d.amount + d.feeAmount },
    ]),
  });

/** A released disbursement's amount + fee moves on from the disbursement to the withdrawable balance, once. */
export const moveDisbursementToWithdrawable = (tx: Db, d: DisbursementMoney, by: number | null) =>
  post(tx, d, by, {
    kind: 'disbursement.withdrawable',
    description: msg({
      defaultMessage: 'Released disbursement added to withdrawable balance',
      id: 'F0b//F',
      description: "a ledger entry's description",
    }),
    lines: moveTotal(d, 'disbursement', 'withdrawable'),
  });
