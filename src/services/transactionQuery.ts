import * as v from 'valibot';
import { DateTimeParam, PageParam, TRANSACTION_PAGE_SIZES, commaList, idList, limitParam } from './listQuery';

export const TRANSACTION_TYPES = [
  'fello_qris',
  'herra_qris',
  'fello_direct_debit',
  'dana_directdebit',
  'va_mandiri',
  'va_bca',
  'va_bri',
  'va_cimb',
  'va_permata',
] as const;
export const TRANSACTION_STATUSES = ['FINALIZED', 'PENDING', 'REQUEST_TIMEOUT', 'SETTLED', 'VA_EXPIRED'] as const;
export const SEARCH_BY = ['correlation_id', 'account_no', 'rrn'] as const;
export type TransactionTypeName = (typeof TRANSACTION_TYPES)[number];
export type TransactionStatusName = (typeof TRANSACTION_STATUSES)[number];

/** The Payments List filter (spec section 7, Transactions): the same for list, summary, download and bulk. */
export const TransactionFilterQuery = v.object({
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  client_id: v.optional(idList),
  status: v.optional(
    v.picklist(['', ...TRANSACTION_STATUSES], `status must be one of ${TRANSACTION_STATUSES.join(', ')}`),
  ),
  search_by: v.optional(v.picklist(SEARCH_BY, 'search_by must be correlation_id, account_no or rrn'), 'correlation_id'),
  search: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'search is too long'))),
  payment_method: v.optional(commaList(TRANSACTION_TYPES, 'payment_method')),
});
export type TransactionFilter = v.InferOutput<typeof TransactionFilterQuery>;

export const TransactionListQuery = v.strictObject({
  ...TransactionFilterQuery.entries,
  page: PageParam,
  limit: limitParam(TRANSACTION_PAGE_SIZES, 15),
});
export const TransactionSummaryQuery = v.strictObject(TransactionFilterQuery.entries);
/** The Export: the filter, and an address when the file is to be e-mailed instead. */
export const TransactionDownloadQuery = v.strictObject({
  ...TransactionFilterQuery.entries,
  email: v.optional(v.string()),
});

export interface TransactionRow {
  uuid: string;
  type: TransactionTypeName;
  service_type: string;
  rrn: string | null;
  correlation_id: string;
  account_no: string;
  currency: string;
  amount: number;
  fee_amount: number;
  status: TransactionStatusName;
  paid_time: string | null;
  transaction_time: string;
  settlement_time: string | null;
  client_id: number;
  client_name: string;
  added_to_withdrawable: boolean;
}

export interface TransactionStats {
  total_transaction_count: number;
  total_transaction_amount: number;
  total_fee_amount: number;
}
