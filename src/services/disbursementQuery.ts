import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { TransactionStats } from './payinQuery';
import { DateTimeParam, commaList, idList } from './listQuery';
import { WAITING } from './workOrders';
import { PageParam, TRANSACTION_PAGE_SIZES, limitParam } from './paging';

/** Disbursement statuses (spec sections 4 and 9) with the badge colours the spec gives them. */
export const DISBURSEMENT_STATUSES = [
  'PENDING_REQUEST',
  'PENDING',
  'FINALIZED',
  'REJECTED',
  'FAILED',
  'VOIDED',
] as const;
export type DisbursementStatusName = (typeof DISBURSEMENT_STATUSES)[number];
export const DISBURSEMENT_STATUS_COLOURS: Record<DisbursementStatusName, 'blue' | 'orange' | 'green' | 'red' | 'grey'> =
  {
    PENDING_REQUEST: 'blue',
    PENDING: 'orange',
    FINALIZED: 'green',
    REJECTED: 'red',
    FAILED: 'red',
    VOIDED: 'grey',
  };

/**
 * What the Disbursement List's status filter takes: one status, or WAITING for every status a
 * disbursement waits for a decision in (workOrders.ts's WAITING_STATUSES: PENDING_REQUEST and
 * PENDING), which the Overview's tile opens (issue 45).
 */
export const DISBURSEMENT_STATUS_FILTERS = [...DISBURSEMENT_STATUSES, WAITING] as const;
export type DisbursementStatusFilter = (typeof DISBURSEMENT_STATUS_FILTERS)[number];

/** How the money leaves: Indonesian interbank transfer rails. */
export const DISBURSEMENT_METHODS = ['BIFAST', 'ONLINE', 'SKN', 'RTGS'] as const;
export type DisbursementMethodName = (typeof DISBURSEMENT_METHODS)[number];
export const DISBURSEMENT_SEARCH_BY = ['correlation_id', 'account_no', 'original_transaction_no'] as const;

/**
 * The Disbursement List filter: the Payments List's shape (spec section 7, Disbursements).
 * `payment_method` filters the disbursement's withdrawal_method. Default window: the last 7 days.
 */
export const DisbursementFilterQuery = v.object({
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  client_id: v.optional(idList),
  status: v.optional(
    v.picklist(
      ['', ...DISBURSEMENT_STATUS_FILTERS],
      msg(
        { defaultMessage: 'status must be one of {statuses}', id: 'UwlJ6j' },
        { statuses: DISBURSEMENT_STATUS_FILTERS.join(', ') },
      ),
    ),
  ),
  search_by: v.optional(
    v.picklist(
      DISBURSEMENT_SEARCH_BY,
      msg(
        { defaultMessage: 'search_by must be one of {choices}', id: 'twQoNN' },
        { choices: DISBURSEMENT_SEARCH_BY.join(', ') },
      ),
    ),
    'correlation_id',
  ),
  search: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, msg({ defaultMessage: 'search is too long', id: 'zJ2dd+' }))),
  ),
  payment_method: v.optional(commaList(DISBURSEMENT_METHODS, 'payment_method')),
});
export type DisbursementFilter = v.InferOutput<typeof DisbursementFilterQuery>;

export const DisbursementListQuery = v.strictObject({
  ...DisbursementFilterQuery.entries,
  page: PageParam,
  limit: limitParam(TRANSACTION_PAGE_SIZES, 15),
});
export const DisbursementSummaryQuery = v.strictObject(DisbursementFilterQuery.entries);
export const DisbursementDownloadQuery = v.strictObject({
  ...DisbursementFilterQuery.entries,
  email: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(254, msg({ defaultMessage: 'Email failed to send', id: '0hFlqy' }))),
  ),
});

const Uuid = v.pipe(
  v.string(msg({ defaultMessage: 'uuid is required', id: 'GDgs/B' })),
  v.trim(),
  v.uuid(msg({ defaultMessage: 'uuid must be a UUID', id: 'q2GUUf' })),
);

/** PATCH transaction/update-disbursement: finalize is sent as COMPLETED (spec section 4). */
export const DisbursementDecisionBody = v.strictObject({
  uuid: Uuid,
  status: v.picklist(
    ['COMPLETED', 'REJECTED'],
    msg({ defaultMessage: 'status must be COMPLETED or REJECTED', id: 'Q9pai4' }),
  ),
});
export type DisbursementDecisionBody = v.InferOutput<typeof DisbursementDecisionBody>;

/** Row actions that name one disbursement (auto-update, invoice, add to withdrawable). */
export const DisbursementUuidBody = v.strictObject({ uuid: Uuid });
export const DisbursementCorrelationBody = v.strictObject({
  correlation_id: v.pipe(
    v.string(msg({ defaultMessage: 'correlation_id is required', id: 'P37Tfw' })),
    v.trim(),
    v.nonEmpty(msg({ defaultMessage: 'correlation_id is required', id: 'P37Tfw' })),
    v.maxLength(64, msg({ defaultMessage: 'correlation_id is too long', id: '3v93td' })),
  ),
});

/** Spec section 3's disbursement row, plus client_id/client_name and the withdrawable flag. */
export const DisbursementRow = v.strictObject({
  uuid: v.string(),
  withdrawal_method: v.picklist(DISBURSEMENT_METHODS),
  correlation_id: v.string(),
  bank_name: v.string(),
  bank_account_name: v.string(),
  account_no: v.string(),
  original_transaction_no: v.nullable(v.string()),
  amount: WholeNumber,
  fee_amount: WholeNumber,
  transaction_time: IsoTime,
  /** shown as Completed Time */
  paid_time: v.nullable(IsoTime),
  status: v.picklist(DISBURSEMENT_STATUSES),
  client_id: WholeNumber,
  client_name: v.string(),
  added_to_withdrawable: v.boolean(),
});
export type DisbursementRow = v.InferOutput<typeof DisbursementRow>;

/** The tiles: the one totals query counts both lists, so they answer alike. */
export const DisbursementStats = TransactionStats;
export type DisbursementStats = TransactionStats;

/**
 * One row of the void upload's answer; `would_void` is a dry run's word for what the apply would void, and
 * `duplicate` a row whose correlation_id an earlier row of the file named (only that first row counts it).
 */
export const VoidOutcome = v.strictObject({
  /** The row's number in the file (the header is row 1). */
  row: WholeNumber,
  correlation_id: v.string(),
  outcome: v.picklist(['voided', 'would_void', 'not_found', 'not_finalized', 'already_voided', 'duplicate']),
  message: v.string(),
});
export type VoidOutcome = v.InferOutput<typeof VoidOutcome>;
