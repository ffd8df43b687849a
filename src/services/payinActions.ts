import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { isRealDateTime } from './listQuery';
import { formatRupiah } from './money';
import { TRANSACTION_STATUSES, TransactionFilterQuery } from './payinQuery';

/** Payloads of the Payments List row actions (spec section 7), shared by the UI and the server. */
const CorrelationId = v.pipe(
  v.string('correlation_id is required'),
  v.trim(),
  v.nonEmpty('correlation_id is required'),
  v.maxLength(64, 'correlation_id is too long'),
);

export const CorrelationBody = v.strictObject({ correlation_id: CorrelationId });

export const FinalizeBody = v.strictObject({
  correlation_id: CorrelationId,
  rrn: v.pipe(
    v.string('Please enter RRN'),
    v.trim(),
    v.nonEmpty('Please enter RRN'),
    v.maxLength(32, 'RRN is too long'),
  ),
  paid_time: v.pipe(
    v.string('Please enter the paid time'),
    v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/, 'Paid time must be YYYY-MM-DD HH:mm:00'),
    v.check((text) => isRealDateTime(text, 'YYYY-MM-DD HH:mm:ss'), 'Paid time must be a real date and time'),
  ),
});
export type FinalizeBody = v.InferOutput<typeof FinalizeBody>;

export const ResendCallbackBody = v.strictObject({
  correlation_id: v.pipe(
    v.array(CorrelationId, 'correlation_id must be a list'),
    v.minLength(1, 'Choose at least one transaction'),
    v.maxLength(100, 'At most 100 transactions at once'),
  ),
});

const WholeCount = (field: string) =>
  v.pipe(
    v.number(`${field} must be a whole number`),
    v.safeInteger(`${field} must be a whole number`),
    v.minValue(0, `${field} cannot be negative`),
  );

/**
 * The bulk 'process transaction' (issue 25): the window (both ends required, so an empty body moves
 * nothing) and the rest of the Payments List filter; FINALIZED is implied, any other status refused.
 * `dry_run: true` asks what would move; the apply call names the count and amount the person saw,
 * and is refused (409) when what matches now differs.
 */
export const BulkProcessBody = v.pipe(
  v.strictObject({
    ...TransactionFilterQuery.entries,
    start: v.pipe(
      v.string('start is required'),
      v.check((text) => isRealDateTime(text), 'start must be a real date as YYYY-MM-DD HH:mm'),
    ),
    end: v.pipe(
      v.string('end is required'),
      v.check((text) => isRealDateTime(text), 'end must be a real date as YYYY-MM-DD HH:mm'),
    ),
    dry_run: v.optional(v.boolean('dry_run must be true or false')),
    expected_count: v.optional(WholeCount('expected_count')),
    expected_amount: v.optional(WholeCount('expected_amount')),
  }),
  v.forward(
    v.partialCheck(
      [['dry_run'], ['expected_count']],
      (b) => b.dry_run === true || b.expected_count !== undefined,
      'expected_count is required: preview with dry_run first',
    ),
    ['expected_count'],
  ),
  v.forward(
    v.partialCheck(
      [['dry_run'], ['expected_amount']],
      (b) => b.dry_run === true || b.expected_amount !== undefined,
      'expected_amount is required: preview with dry_run first',
    ),
    ['expected_amount'],
  ),
);
export type BulkProcessBody = v.InferOutput<typeof BulkProcessBody>;

/**
 * What a dry run of Process Transactions answers: FINALIZED pay-ins of the filter not yet withdrawable, their amounts
 * and fees.
 */
export const BulkPreview = v.strictObject({ count: WholeNumber, amount: WholeNumber, fee: WholeNumber });
export type BulkPreview = v.InferOutput<typeof BulkPreview>;
/** The dry run's answer: the preview, and whether the approval policy would hold the apply for a second SUPER ADMIN. */
export const BulkPreviewAnswer = v.strictObject({ ...BulkPreview.entries, needs_approval: v.boolean() });
export type BulkPreviewAnswer = v.InferOutput<typeof BulkPreviewAnswer>;
/** What the apply answers: what moved, what was already added, and the selection it was checked against. */
export const BulkProcessed = v.strictObject({ ...BulkPreview.entries, processed: WholeNumber, skipped: WholeNumber });
export type BulkProcessed = v.InferOutput<typeof BulkProcessed>;

export const bulkPreviewMessage = (count: number) => `${count} pay-ins would be added to withdrawable balance`;
export const bulkProcessedMessage = (r: Pick<BulkProcessed, 'processed' | 'skipped'>) =>
  `${r.processed} transactions added to withdrawable balance, ${r.skipped} already added`;
/** The 409 when what matches now is not what the person confirmed. */
export function selectionChanged(
  now: { count: number; amount: number },
  expected: { count: number; amount: number },
): string | null {
  if (now.count !== expected.count)
    return `The selection changed: ${now.count} pay-ins match now, not ${expected.count}`;
  if (now.amount !== expected.amount)
    return (
      `The selection changed: ${now.count} pay-ins of ${formatRupiah(now.amount)} match now, not ` +
      `${formatRupiah(expected.amount)}`
    );
  return null;
}

/** The 409 when an approved selection has the confirmed count and amount but is not the same pay-ins. */
export const SELECTION_REPLACED = 'The selection changed: other pay-ins match now than the ones confirmed';

export const FINALIZED_ONLY = 'Invalid Status: Only FINALIZED transactions can be processed';
export const NOT_FINALIZED = 'Transaction is not FINALIZED Yet';
export const CALLBACK_SENT = 'Successfully send Callback !';
export const CALLBACK_FAILED = 'Failed to send callback! please contact admin to check.';

/** An invoice (of a pay-in, or of a FINALIZED disbursement: the transfer and its fee). */
export const Invoice = v.strictObject({
  items: v.array(v.strictObject({ name: v.string(), ori_price: WholeNumber, curr_price: WholeNumber })),
  service: v.string(),
  transaction_date: IsoTime,
  correlation_id: v.string(),
  client_name: v.string(),
});
export type Invoice = v.InferOutput<typeof Invoice>;

/** PATCH transaction/get-status-transaction: the pay-in's status after asking its channel, in words too. */
export const TransactionStatusAnswer = v.strictObject({
  status: v.picklist(TRANSACTION_STATUSES),
  message: v.string(),
});
export type TransactionStatusAnswer = v.InferOutput<typeof TransactionStatusAnswer>;

/** PATCH transaction/finalized-transaction, applied (not held). */
export const Finalized = v.strictObject({ status: v.literal('FINALIZED') });
export type Finalized = v.InferOutput<typeof Finalized>;

/** POST transaction/resend-callback: how many callbacks the merchants took and how many failed (502 when any). */
export const CallbacksResent = v.strictObject({ delivered: WholeNumber, failed: WholeNumber });
export type CallbacksResent = v.InferOutput<typeof CallbacksResent>;
