import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { DateTimeParam, commaList, idList } from './listQuery';
import { PageParam, TRANSACTION_PAGE_SIZES, limitParam } from './paging';
import { LastCallback } from './callbackRules';

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
    v.picklist(
      ['', ...TRANSACTION_STATUSES],
      msg(
        { defaultMessage: 'status must be one of {statuses}', id: 'UwlJ6j' },
        { statuses: TRANSACTION_STATUSES.join(', ') },
      ),
    ),
  ),
  search_by: v.optional(
    v.picklist(SEARCH_BY, msg({ defaultMessage: 'search_by must be correlation_id, account_no or rrn', id: 'YrOdpK' })),
    'correlation_id',
  ),
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, msg({ defaultMessage: 'search is too long', id: 'zJ2dd+' }))),
  ),
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

/** One pay-in of the Payments List (and of the export's rows). */
export const TransactionRow = v.strictObject({
  uuid: v.string(),
  type: v.picklist(TRANSACTION_TYPES),
  service_type: v.string(),
  rrn: v.nullable(v.string()),
  correlation_id: v.string(),
  account_no: v.string(),
  currency: v.string(),
  amount: WholeNumber,
  fee_amount: WholeNumber,
  status: v.picklist(TRANSACTION_STATUSES),
  paid_time: v.nullable(IsoTime),
  transaction_time: IsoTime,
  settlement_time: v.nullable(IsoTime),
  client_id: WholeNumber,
  client_name: v.string(),
  added_to_withdrawable: v.boolean(),
  /** Its callback's latest outcome, shown beside Resend (issue 47). */
  last_callback: LastCallback,
});
export type TransactionRow = v.InferOutput<typeof TransactionRow>;

/** The tiles: count, amount and fee of exactly the rows the list's filter selects. */
export const TransactionStats = v.strictObject({
  total_transaction_count: WholeNumber,
  total_transaction_amount: WholeNumber,
  total_fee_amount: WholeNumber,
});
export type TransactionStats = v.InferOutput<typeof TransactionStats>;
