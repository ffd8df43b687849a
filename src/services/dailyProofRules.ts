import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { isRealDateTime } from './listQuery';

/**
 * Issue 43: a client's daily proof (design.md section 4: "opening + movements by kind = closing,
 * which must equal the ledger"). One schema per rule, read by the Ledger machine's guard, the API
 * client and the route alike.
 */

/** A client's five accounts, in the order the proof shows them (the server's clientAccountKinds). */
export const PROOF_ACCOUNTS = [
  'nonwithdrawable',
  'withdrawable',
  'pending_withdrawal',
  'disbursement',
  'disbursement_hold',
] as const;
export type ProofAccount = (typeof PROOF_ACCOUNTS)[number];

export const PROOF_CLIENT_MESSAGE = msg({ defaultMessage: 'Choose a client', id: 'QSl6RX' });
export const PROOF_DAY_MESSAGE = msg({ defaultMessage: 'The day must be a real date as YYYY-MM-DD', id: 'e3BW9C' });

/** A business day, YYYY-MM-DD, that exists on the calendar (2026-02-30 does not). */
export const ProofDay = v.pipe(
  v.string(PROOF_DAY_MESSAGE),
  v.trim(),
  v.check((text) => isRealDateTime(`${text} 00:00`), PROOF_DAY_MESSAGE),
);

export const DailyProofQuery = v.strictObject({
  client_id: v.pipe(
    v.string(),
    v.nonEmpty(PROOF_CLIENT_MESSAGE),
    v.regex(/^[1-9]\d{0,8}$/, msg({ defaultMessage: 'client_id must be a client id (a number)', id: 'yjL/s/' })),
    v.transform(Number),
  ),
  day: ProofDay,
});
export type DailyProofQuery = v.InferOutput<typeof DailyProofQuery>;

/** What a person asks on the screen, as the route reads it: a chosen client ('' for none yet) and a day as typed. */
export const proofQueryOf = (clientId: number | null, day: string) => ({
  client_id: clientId == null ? '' : String(clientId),
  day,
});

/**
 * Each kind of journal entry a client's accounts move by, in words, in the order money flows
 * (every `kind:` given to postEntry and the bulk pay-in postings). A kind not listed here is shown
 * by its own name: it still counts, so the proof agrees whatever is posted.
 */
export const MOVEMENT_NAMES: Record<string, string> = {
  'payin.finalized': msg({ defaultMessage: 'Pay-ins finalized', id: 'UIL5Go' }),
  'payin.withdrawable': msg({ defaultMessage: 'Pay-ins added to withdrawable (by hand or settled)', id: 'BlICa5' }),
  'withdrawal.request': msg({ defaultMessage: 'Withdrawals and transfers requested', id: 'n9nk53' }),
  'withdrawal.decision': msg({ defaultMessage: 'Withdrawals and transfers completed or rejected', id: 'Y/3f+a' }),
  'disbursement.adjustment': msg({ defaultMessage: 'Deposits and balance adjustments', id: 'g4+7Fj' }),
  'disbursement.hold': msg({ defaultMessage: 'Disbursements held', id: 'negP96' }),
  'disbursement.settle': msg({ defaultMessage: 'Disbursements paid out or released', id: '2ELjNr' }),
  'disbursement.void': msg({ defaultMessage: 'Disbursements voided', id: '58qI3Z' }),
  'disbursement.withdrawable': msg({ defaultMessage: 'Released disbursements added to withdrawable', id: 'lUL7TP' }),
};
const MOVEMENT_ORDER = Object.keys(MOVEMENT_NAMES);

/** The listed kinds in money's order, then any other by name. */
export const movementOrder = (a: string, b: string) => {
  const rank = (kind: string) => (MOVEMENT_ORDER.includes(kind) ? MOVEMENT_ORDER.indexOf(kind) : MOVEMENT_ORDER.length);
  return rank(a) - rank(b) || a.localeCompare(b);
};

/** An amount for each of the five accounts (debits positive, as the postings store them). */
export const ProofAmounts = v.strictObject({
  nonwithdrawable: WholeNumber,
  withdrawable: WholeNumber,
  pending_withdrawal: WholeNumber,
  disbursement: WholeNumber,
  disbursement_hold: WholeNumber,
});
export type ProofAmounts = v.InferOutput<typeof ProofAmounts>;

export const ProofMovement = v.strictObject({
  /** The journal entries' kind ('payin.finalized'). */
  kind: v.string(),
  /** The kind in words. */
  name: v.string(),
  /** How many of the day's entries of this kind touch the client's accounts. */
  entries: WholeNumber,
  amounts: ProofAmounts,
});
export type ProofMovement = v.InferOutput<typeof ProofMovement>;

export const DailyProof = v.strictObject({
  client: v.strictObject({ id: WholeNumber, client_name: v.string() }),
  day: v.string(),
  /** The day's bounds on the business clock: postings from `start` (included) to `end` (excluded). */
  start: IsoTime,
  end: IsoTime,
  /** Each account's balance from the postings before `start`. */
  opening: ProofAmounts,
  movements: v.array(ProofMovement),
  /** opening + the day's movements. */
  closing: ProofAmounts,
  /** The ledger's own balance at `end`, read apart: the sum of each account's postings before it. */
  ledger: ProofAmounts,
  /** closing = ledger, per account. */
  agrees: v.strictObject({
    nonwithdrawable: v.boolean(),
    withdrawable: v.boolean(),
    pending_withdrawal: v.boolean(),
    disbursement: v.boolean(),
    disbursement_hold: v.boolean(),
  }),
});
export type DailyProof = v.InferOutput<typeof DailyProof>;

export const DAILY_PROOF_FILENAME = 'Daily Proof.xlsx';

export const zeroAmounts = (): ProofAmounts => ({
  nonwithdrawable: 0,
  withdrawable: 0,
  pending_withdrawal: 0,
  disbursement: 0,
  disbursement_hold: 0,
});

/** The accounts whose closing differs from the ledger: none when the proof holds. */
export const disagreeing = (proof: Pick<DailyProof, 'agrees'>): ProofAccount[] =>
  PROOF_ACCOUNTS.filter((account) => !proof.agrees[account]);
