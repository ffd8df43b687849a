import * as v from 'valibot';
import { isRealDateTime } from './listQuery';
import { TransactionFilterQuery } from './transactionQuery';

/** Payloads of the Payments List row actions (spec section 7), shared by the UI and the server. */
const CorrelationId = v.pipe(v.string('correlation_id is required'), v.trim(), v.nonEmpty('correlation_id is required'), v.maxLength(64, 'correlation_id is too long'));

export const CorrelationBody = v.strictObject({ correlation_id: CorrelationId });

export const FinalizeBody = v.strictObject({
  correlation_id: CorrelationId,
  rrn: v.pipe(v.string('Please enter RRN'), v.trim(), v.nonEmpty('Please enter RRN'), v.maxLength(32, 'RRN is too long')),
  paid_time: v.pipe(
    v.string('Please enter the paid time'),
    v.regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00$/, 'Paid time must be YYYY-MM-DD HH:mm:00'),
    v.check((text) => isRealDateTime(text, 'YYYY-MM-DD HH:mm:ss'), 'Paid time must be a real date and time'),
  ),
});
export type FinalizeBody = v.InferOutput<typeof FinalizeBody>;

export const ResendCallbackBody = v.strictObject({
  correlation_id: v.pipe(v.array(CorrelationId, 'correlation_id must be a list'), v.minLength(1, 'Choose at least one transaction'), v.maxLength(100, 'At most 100 transactions at once')),
});

/** The bulk 'process transaction': the current filter; FINALIZED is implied, any other status refused. */
export const BulkProcessBody = v.strictObject(TransactionFilterQuery.entries);

export const FINALIZED_ONLY = 'Invalid Status: Only FINALIZED transactions can be processed';
export const NOT_FINALIZED = 'Transaction is not FINALIZED Yet';
export const CALLBACK_SENT = 'Successfully send Callback !';
export const CALLBACK_FAILED = 'Failed to send callback! please contact admin to check.';

export interface Invoice {
  items: Array<{ name: string; ori_price: number; curr_price: number }>;
  service: string;
  transaction_date: string;
  correlation_id: string;
  client_name: string;
}
