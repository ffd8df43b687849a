import { inArray } from 'drizzle-orm';
import type { ApprovalAction } from '../../src/services/approvalRules.ts';
import type { Db } from '../db/connect.ts';
import { accountKinds, ledgerAccounts, type AccountKind } from '../db/schema.ts';

/**
 * What each step of a lifecycle walk moves, written by hand from the spec and the domain's rules
 * (ledger.ts, payins.ts, disbursementLedger.ts, withdrawals.ts, settlementBatch.ts, masterBalance.ts),
 * as plain rupiah for the fixed amounts every walked record carries. Deliberately not computed by
 * the domain: a posting that goes to the wrong account, or twice, disagrees with this table.
 * An account a step does not name must not move.
 */
// The accounts' names are the schema's (only the amounts below are written by hand).
export const ACCOUNTS = accountKinds;
export type Account = AccountKind;
export type Moves = Partial<Record<Account, number>>;

/** Every walked pay-in: Rp. 100,000 paid, Rp. 700 fee, so Rp. 99,300 net. */
export const PAYIN = { amount: 100_000, fee: 700 } as const;
/** Every walked disbursement: Rp. 150,000 to the bank and a Rp. 2,500 fee, Rp. 152,500 held. */
export const DISBURSEMENT = { amount: 150_000, fee: 2_500 } as const;
/** Every walked withdrawal or transfer to disburse. */
export const WITHDRAWAL_AMOUNT = 100_000;
/** Every held master balance adjustment. */
export const ADJUSTMENT_AMOUNT = 250_000;

/** Pay-in steps (spec section 4). Paid: what the channel received, less the fee, is the client's, not yet withdrawable. */
const payinPaid: Moves = { channel_receipts: -100_000, nonwithdrawable: 99_300, fees: 700 };
const payinToWithdrawable: Moves = { nonwithdrawable: -99_300, withdrawable: 99_300 };
export const PAYIN_MONEY: Record<string, Moves> = {
  PROVIDER_PAID: payinPaid,
  FINALIZE_MANUALLY: payinPaid,
  PROVIDER_TIMEOUT: {},
  PROVIDER_EXPIRED: {},
  REFRESH_STATUS: {},
  RESEND_CALLBACK: {},
  GENERATE_INVOICE: {},
  ADD_TO_WITHDRAWABLE: payinToWithdrawable,
  // Settling moves the net to withdrawable unless it was added by hand already (issue 13): never twice.
  SETTLE: payinToWithdrawable,
  'SETTLE once added to withdrawable': {},
};

const held: Moves = { disbursement: -152_500, disbursement_hold: 152_500 };
const paidOut: Moves = { disbursement_hold: -152_500, bank_payouts: 150_000, fees: 2_500 };
const released: Moves = { disbursement_hold: -152_500, disbursement: 152_500 };
/** Disbursement steps (design.md section 4): amount + fee held at creation, then paid out or released once. */
export const DISBURSEMENT_MONEY: Record<string, Moves> = {
  CREATED: held,
  PROVIDER_ACCEPTED: {},
  PROVIDER_CONFIRMED: paidOut,
  FINALIZE: paidOut,
  PROVIDER_FAILED: released,
  REJECT: released,
  // What was paid out comes back to the disbursement balance.
  VOID: { bank_payouts: -150_000, fees: -2_500, disbursement: 152_500 },
  REFRESH_STATUS: {},
  GENERATE_INVOICE: {},
  ADD_TO_WITHDRAWABLE: { disbursement: -152_500, withdrawable: 152_500 },
};

/** Withdrawal steps: requested, the amount waits on pending; completed it leaves (or goes to disburse); rejected it returns. */
export const WITHDRAWAL_MONEY: Record<string, Moves> = {
  REQUESTED: { withdrawable: -100_000, pending_withdrawal: 100_000 },
  'COMPLETE withdrawal': { pending_withdrawal: -100_000, bank_payouts: 100_000 },
  'COMPLETE transfer': { pending_withdrawal: -100_000, disbursement: 100_000 },
  'REJECT withdrawal': { pending_withdrawal: -100_000, withdrawable: 100_000 },
  'REJECT transfer': { pending_withdrawal: -100_000, withdrawable: 100_000 },
};

/**
 * Held actions (issue 25): the maker's call moves nothing; an approval applies the action's
 * movement once; a decline, a cancel or an expiry moves nothing.
 */
export const APPROVAL_MONEY: Record<
  ApprovalAction,
  Record<'HELD' | 'APPROVE' | 'DECLINE' | 'CANCEL' | 'EXPIRE', Moves>
> = {
  'balance-adjustment': {
    HELD: {},
    APPROVE: { adjustments: -250_000, disbursement: 250_000 },
    DECLINE: {},
    CANCEL: {},
    EXPIRE: {},
  },
  withdrawal: {
    HELD: {},
    APPROVE: { withdrawable: -100_000, pending_withdrawal: 100_000 },
    DECLINE: {},
    CANCEL: {},
    EXPIRE: {},
  },
  'void-upload': {
    HELD: {},
    APPROVE: { bank_payouts: -150_000, fees: -2_500, disbursement: 152_500 },
    DECLINE: {},
    CANCEL: {},
    EXPIRE: {},
  },
  'bulk-withdrawable': { HELD: {}, APPROVE: payinToWithdrawable, DECLINE: {}, CANCEL: {}, EXPIRE: {} },
  'manual-finalize': { HELD: {}, APPROVE: payinPaid, DECLINE: {}, CANCEL: {}, EXPIRE: {} },
};

export type Balances = Record<Account, number>;

const codesOf = (clientId: number): Record<Account, string> => ({
  nonwithdrawable: `client:${clientId}:nonwithdrawable`,
  withdrawable: `client:${clientId}:withdrawable`,
  pending_withdrawal: `client:${clientId}:pending_withdrawal`,
  disbursement: `client:${clientId}:disbursement`,
  disbursement_hold: `client:${clientId}:disbursement_hold`,
  channel_receipts: 'system:channel_receipts',
  fees: 'system:fees',
  bank_payouts: 'system:bank_payouts',
  adjustments: 'system:adjustments',
});

/** The cached balances of one client's accounts and the system's (checkLedger proves them equal to their postings). */
export async function balancesOf(db: Db, clientId: number): Promise<Balances> {
  const codes = codesOf(clientId);
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, Object.values(codes)));
  const byCode = new Map(rows.map((r) => [r.code, Number(r.balance)]));
  return Object.fromEntries(ACCOUNTS.map((a) => [a, byCode.get(codes[a]) ?? 0])) as Balances;
}

/** The accounts that moved, and by how much: comparable with a table entry as it is written. */
export function moved(before: Balances, after: Balances): Moves {
  const out: Moves = {};
  for (const account of ACCOUNTS)
    if (after[account] !== before[account]) out[account] = after[account] - before[account];
  return out;
}
