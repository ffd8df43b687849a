import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { DateTimeParam, IdParam } from './listQuery';
import { GENERIC_PAGE_SIZES, PageParam, limitParam } from './paging';

/**
 * Payin Detail, Disbursement Account and Master Disbursement Balance (spec sections 2, 3, 7):
 * the deposit history of a client's disbursement balance and the master balance adjustment.
 */

/** GET transaction/payin-list: deposit rows of a window (default yesterday 00:00 to today 23:59). */
export const PayinListQuery = v.strictObject({
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  client_filter: v.optional(IdParam),
  status: v.optional(v.picklist(['', 'SUCCESS'], msg({ defaultMessage: 'status must be SUCCESS', id: 'LzvHB3' }))),
});

/** GET transaction/balance-history: the same rows, paged 15/30/50, newest first by default. */
export const BalanceHistoryQuery = v.strictObject({
  pagination: v.optional(v.picklist(['true', 'false'])),
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
  page: PageParam,
  order: v.optional(v.picklist(['asc', 'desc', 'ASC', 'DESC']), 'desc'),
  by: v.optional(v.picklist(['created_at', 'amount']), 'created_at'),
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  client_filter: v.optional(IdParam),
});

/** One movement of a disbursement balance by a person: a deposit or a master balance adjustment. */
export const DepositRow = v.strictObject({
  id: WholeNumber,
  /** The PIC: who made it. */
  name: v.string(),
  amount: WholeNumber,
  created_at: IsoTime,
  description: v.string(),
  client_id: WholeNumber,
  client_name: v.string(),
  kind: v.picklist(['deposit', 'adjustment']),
});
export type DepositRow = v.InferOutput<typeof DepositRow>;

/** Socket event sent to everyone who may see the client when one of its balances moves. */
export const BALANCE_CHANGED_EVENT = 'balance-changed';
export interface BalanceChanged {
  client_id: number;
}
