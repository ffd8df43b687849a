import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { isRealDateTime } from './listQuery';
import { formatRupiah } from './money';
import { TRANSACTION_STATUSES, TransactionFilterQuery } from './payinQuery';

/** Payloads of the Payments List row actions (spec section 7), shared by the UI and the server. */
const CorrelationId = v.pipe(
  v.string(msg({ defaultMessage: 'correlation_id is required', id: 'P37Tfw' })),
  v.trim(),
  v.nonEmpty(msg({ defaultMessage: 'correlation_id is required', id: 'P37Tfw' })),
  v.maxLength(64, msg({ defaultMessage: 'correlation_id is too long', id: '3v93td' })),
);

export const CorrelationBody = v.strictObject({ correlation_id: CorrelationId });

export const FinalizeBody = v.strictObject({
  correlation_id: CorrelationId,
  rrn: v.pipe(
    v.string(msg({ defaultMessage: 'Please enter RRN', id: '8edic3' })),
    v.trim(),
    v.nonEmpty(msg({ defaultMessage: 'Please enter RRN', id: '8edic3' })),
    v.maxLength(32, msg({ defaultMessage: 'RRN is too long', id: 'JUbRL9' })),
  ),
  paid_time: v.pipe(
    v.string(msg({ defaultMessage: 'Please enter the paid time', id: 'LTh2qV' })),
    v.regex(
      /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/,
      msg({ defaultMessage: 'Paid time must be YYYY-MM-DD HH:mm:00', id: 'PvqJ65' }),
    ),
    v.check(
      (text) => isRealDateTime(text, 'YYYY-MM-DD HH:mm:ss'),
      msg({ defaultMessage: 'Paid time must be a real date and time', id: 'mq+kbP' }),
    ),
  ),
});
export type FinalizeBody = v.InferOutput<typeof FinalizeBody>;

export const ResendCallbackBody = v.strictObject({
  correlation_id: v.pipe(
    v.array(CorrelationId, msg({ defaultMessage: 'correlation_id must be a list', id: 'gNgC3v' })),
    v.minLength(1, msg({ defaultMessage: 'Choose at least one transaction', id: 'dL5Bhy' })),
    v.maxLength(100, msg({ defaultMessage: 'At most 100 transactions at once', id: 'fks/vF' })),
  ),
});

const WholeCount = (field: string) =>
  v.pipe(
    v.number(msg({ defaultMessage: '{field} must be a whole number', id: 'G9ehJB' }, { field })),
    v.safeInteger(msg({ defaultMessage: '{field} must be a whole number', id: 'G9ehJB' }, { field })),
    v.minValue(0, msg({ defaultMessage: '{field} cannot be negative', id: 'jet0zf' }, { field })),
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
      v.string(msg({ defaultMessage: 'start is required', id: 'f/oURu' })),
      v.check(
        (text) => isRealDateTime(text),
        msg({ defaultMessage: 'start must be a real date as YYYY-MM-DD HH:mm', id: 'sE2vCK' }),
      ),
    ),
    end: v.pipe(
      v.string(msg({ defaultMessage: 'end is required', id: 'KQD0zH' })),
      v.check(
        (text) => isRealDateTime(text),
        msg({ defaultMessage: 'end must be a real date as YYYY-MM-DD HH:mm', id: 'v5K+Tn' }),
      ),
    ),
    dry_run: v.optional(v.boolean(msg({ defaultMessage: 'dry_run must be true or false', id: 'vOIVZ0' }))),
    expected_count: v.optional(WholeCount('expected_count')),
    expected_amount: v.optional(WholeCount('expected_amount')),
  }),
  v.forward(
    v.partialCheck(
      [['dry_run'], ['expected_count']],
      (b) => b.dry_run === true || b.expected_count !== undefined,
      msg({ defaultMessage: 'expected_count is required: preview with dry_run first', id: 'pTF+T7' }),
    ),
    ['expected_count'],
  ),
  v.forward(
    v.partialCheck(
      [['dry_run'], ['expected_amount']],
      (b) => b.dry_run === true || b.expected_amount !== undefined,
      msg({ defaultMessage: 'expected_amount is required: preview with dry_run first', id: 'Litg4G' }),
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

export const bulkPreviewMessage = (count: number) =>
  msg({ defaultMessage: '{count} pay-ins would be added to withdrawable balance', id: 'Y7ETDE' }, { count });
export const bulkProcessedMessage = (r: Pick<BulkProcessed, 'processed' | 'skipped'>) =>
  msg(
    { defaultMessage: '{processed} transactions added to withdrawable balance, {skipped} already added', id: 'YZDIqy' },
    { processed: r.processed, skipped: r.skipped },
  );
/** The 409 when what matches now is not what the person confirmed. */
export function selectionChanged(
  now: { count: number; amount: number },
  expected: { count: number; amount: number },
): string | null {
  if (now.count !== expected.count)
    return msg(
      { defaultMessage: 'The selection changed: {count} pay-ins match now, not {expected}', id: 'ErZfJa' },
      { count: now.count, expected: expected.count },
    );
  if (now.amount !== expected.amount)
    return msg(
      { defaultMessage: 'The selection changed: {count} pay-ins of {amount} match now, not {expected}', id: 'Lkk8hV' },
      { count: now.count, amount: formatRupiah(now.amount), expected: formatRupiah(expected.amount) },
    );
  return null;
}

/** The 409 when an approved selection has the confirmed count and amount but is not the same pay-ins. */
export const SELECTION_REPLACED = msg({
  defaultMessage: 'The selection changed: other pay-ins match now than the ones confirmed',
  id: 'OVYeNm',
});

export const FINALIZED_ONLY = msg({
  defaultMessage: 'Invalid Status: Only FINALIZED transactions can be processed',
  id: '0HG7VK',
});
export const NOT_FINALIZED = msg({ defaultMessage: 'Transaction is not FINALIZED Yet', id: 'VdnIo2' });
export const CALLBACK_SENT = msg({ defaultMessage: 'Successfully send Callback !', id: 'pGJVrQ' });
export const CALLBACK_FAILED = msg({
  defaultMessage: 'Failed to send callback! please contact admin to check.',
  id: 'kSHViz',
});

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
