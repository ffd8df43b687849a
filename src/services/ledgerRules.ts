import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { isRealDateTime } from './listQuery';
import { GENERIC_PAGE_SIZES, PageParam, limitParam } from './paging';

/** Issue 28: reading the double-entry ledger (SUPER ADMIN; AUDITOR by grants.ts). Debits positive, credits negative. */

/** An ISO 8601 instant with its offset ('2026-11-23T10:00:00+07:00'), on a real calendar day. */
export const LedgerMoment = v.pipe(
  v.string(),
  v.trim(),
  v.isoTimestamp(
    msg({ defaultMessage: 'at must be an ISO 8601 moment, e.g. 2026-11-23T10:00:00+07:00', id: 'ryiGA4' }),
  ),
  // valibot's pattern and Date.parse both take 2026-02-30 (as 2 March): the day itself must exist.
  v.check(
    (text) => isRealDateTime(`${text.slice(0, 10)} ${text.slice(11, 16)}`),
    msg({ defaultMessage: 'at must be an ISO 8601 moment, e.g. 2026-11-23T10:00:00+07:00', id: 'ryiGA4' }),
  ),
);

/** The trial balance now, or as of `at` (only postings of journal entries written at or before it). */
export const LedgerTrialBalanceQuery = v.strictObject({ at: v.optional(LedgerMoment) });

/** `:id` of an account's statement. */
export const LedgerAccountParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, msg({ defaultMessage: 'The account id must be a number', id: 'mK/pZE' })),
    v.transform(Number),
  ),
});

export const LedgerEntriesQuery = v.strictObject({ page: PageParam, limit: limitParam(GENERIC_PAGE_SIZES, 15) });
export type LedgerEntriesQuery = v.InferOutput<typeof LedgerEntriesQuery>;

export const LedgerJournalQuery = v.strictObject({
  reference: v.pipe(
    v.string(msg({ defaultMessage: 'reference is required', id: 'MMBIY+' })),
    v.trim(),
    v.minLength(1, msg({ defaultMessage: 'reference is required', id: 'MMBIY+' })),
    v.maxLength(100, msg({ defaultMessage: 'reference is too long', id: 'eoMJ0V' })),
  ),
});

export const LEDGER_STATEMENT_FILENAME = 'Ledger Statement.xlsx';

/** What each kind of account holds, in words (accounts have a code, not a name). */
export const ACCOUNT_NAMES: Record<string, string> = {
  nonwithdrawable: msg({ defaultMessage: 'Not yet withdrawable', id: '5v/E3G' }),
  withdrawable: msg({ defaultMessage: 'Withdrawable', id: '1wANY0' }),
  pending_withdrawal: msg({ defaultMessage: 'Pending withdrawals', id: 'vlboYx' }),
  disbursement: msg({ defaultMessage: 'Disbursement balance', id: 'gbMrX8' }),
  disbursement_hold: msg({ defaultMessage: 'Held for disbursements', id: '8mOm4I' }),
  channel_receipts: msg({ defaultMessage: 'Channel receipts', id: '96VQ1s' }),
  fees: msg({ defaultMessage: 'Fees earned', id: 'kcPJpp' }),
  bank_payouts: msg({ defaultMessage: 'Paid out to banks', id: 'lz/7vT' }),
  adjustments: msg({ defaultMessage: 'Manual adjustments', id: 'P6eNDx' }),
};

export const LedgerAccount = v.strictObject({
  id: v.number(),
  code: v.string(),
  name: v.string(),
  client_id: v.nullable(v.number()),
  /** The client's name; null for the system's own accounts. */
  client_name: v.nullable(v.string()),
  kind: v.string(),
  balance: v.number(),
});
export type LedgerAccount = v.InferOutput<typeof LedgerAccount>;

export const TrialBalance = v.strictObject({
  accounts: v.array(LedgerAccount),
  /** Debits: the positive balances; credits: the negatives' absolute values. Every entry sums to zero, so they agree. */
  totals: v.strictObject({ debit: v.number(), credit: v.number() }),
  /** The moment asked for (ISO), or null for now. */
  at: v.nullable(v.string()),
  /**
   * Asked as of a moment: when the ledger's first entry was posted (ISO; null while it has none), so a
   * moment before it can be told from a ledger that nets to zero (issue 43). Null when asked for now.
   */
  first_posting_at: v.nullable(v.string()),
});
export type TrialBalance = v.InferOutput<typeof TrialBalance>;

/** One posting of the account, newest first, with the balance right after it. */
export const LedgerStatementRow = v.strictObject({
  posting_id: v.number(),
  entry_id: v.number(),
  reference: v.string(),
  kind: v.string(),
  description: v.string(),
  /** ISO instant the journal entry was written. */
  time: v.string(),
  amount: v.number(),
  balance: v.number(),
});
export type LedgerStatementRow = v.InferOutput<typeof LedgerStatementRow>;

export const LedgerStatement = v.strictObject({ account: LedgerAccount, entries: v.array(LedgerStatementRow) });
export type LedgerStatement = v.InferOutput<typeof LedgerStatement>;

export const JournalPosting = v.strictObject({ account_id: v.number(), account_code: v.string(), amount: v.number() });
export type JournalPosting = v.InferOutput<typeof JournalPosting>;

export const JournalEntry = v.strictObject({
  id: v.number(),
  kind: v.string(),
  reference: v.string(),
  description: v.string(),
  created_at: v.string(),
  postings: v.array(JournalPosting),
  /** The audit line whose action posted it (issue 43); null for an entry older than migration 0026. */
  audit_id: v.nullable(v.number()),
});
export type JournalEntry = v.InferOutput<typeof JournalEntry>;

export const Journal = v.strictObject({ reference: v.string(), entries: v.array(JournalEntry) });
export type Journal = v.InferOutput<typeof Journal>;
