import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { WholeNumber } from './answerParts';

/** Settlement types (spec section 2, Settlement): also the report types 'Check Transactions' takes. */
export const SETTLEMENT_TYPES = [
  'herra_qris',
  'fello_direct_debit',
  'fello_qris',
  'va_mandiri',
  'va_bri',
  'dana_directdebit',
] as const;
export const SETTLEMENT_TYPE_LABELS: Record<(typeof SETTLEMENT_TYPES)[number], string> = {
  herra_qris: 'Herra QRIS',
  fello_direct_debit: 'FELLO Direct Debit',
  fello_qris: 'FELLO QRIS',
  va_mandiri: 'VA MANDIRI',
  va_bri: 'VA BRI',
  dana_directdebit: 'DANA',
};

/** Upload limits on transaction pages (spec section 5) and their messages, as the product words them. */
export const UPLOAD_MAX_FILES = 20;
export const UPLOAD_MAX_MB = 5;
export const tooManyFiles = (n: number) =>
  msg({ defaultMessage: 'Maximum Gambar Diunduh {count} Gambar', id: 'cLUGIe' }, { count: n });
export const tooLarge = (mb: number) =>
  msg({ defaultMessage: 'Limit Size Gambar {size} MB', id: 'Uzbb/r' }, { size: mb });
export const ACCEPTED_TYPES = '.csv,.xlsx,.xls';

/** One row of an uploaded report matched against our pay-ins (null: not found, or the file has no such column). */
export const ReconciledRow = v.strictObject({
  file: v.string(),
  row: WholeNumber,
  correlation_id: v.string(),
  found: v.boolean(),
  type_match: v.nullable(v.boolean()),
  our_status: v.nullable(v.string()),
  file_status: v.nullable(v.string()),
  status_match: v.nullable(v.boolean()),
  our_amount: v.nullable(WholeNumber),
  file_amount: v.nullable(WholeNumber),
  amount_match: v.nullable(v.boolean()),
});
export type ReconciledRow = v.InferOutput<typeof ReconciledRow>;

/** POST transaction/get-status-transaction-file: every row's match and the counts. */
export const ReconciliationResult = v.strictObject({
  rows: v.array(ReconciledRow),
  summary: v.strictObject({
    files: WholeNumber,
    rows: WholeNumber,
    found: WholeNumber,
    missing: WholeNumber,
    status_mismatch: WholeNumber,
    amount_mismatch: WholeNumber,
  }),
});
export type ReconciliationResult = v.InferOutput<typeof ReconciliationResult>;
