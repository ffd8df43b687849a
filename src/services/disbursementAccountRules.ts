import * as v from 'valibot';
import { DateTimeParam, GENERIC_PAGE_SIZES, IdParam, PageParam, limitParam } from './listQuery';
import { formatRupiah } from './money';
import { rupiahAmount } from './rupiahInput';

/**
 * Payin Detail, Disbursement Account and Master Disbursement Balance (spec sections 2, 3, 7):
 * the deposit history of a client's disbursement balance and the master balance adjustment.
 */

/** GET transaction/payin-list: deposit rows of a window (default yesterday 00:00 to today 23:59). */
export const PayinListQuery = v.strictObject({
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  client_filter: v.optional(IdParam),
  status: v.optional(v.picklist(['', 'SUCCESS'], 'status must be SUCCESS')),
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
export interface DepositRow {
  id: number;
  /** The PIC: who made it. */
  name: string;
  amount: number;
  created_at: string;
  description: string;
  client_id: number;
  client_name: string;
  kind: 'deposit' | 'adjustment';
}

export const MAX_ADJUSTMENT = 1_000_000_000_000_000;

/**
 * The adjustment's own rules: a whole number of rupiah, positive or negative, not 0, within +/- 10^15.
 * Typed text ('-1.250.000') is read by the one amount reader; the browser sends the number it read.
 */
export const AdjustmentAmount = v.pipe(
  rupiahAmount({ negative: true }),
  v.check((n) => n !== 0, 'amount must not be 0'),
  v.check((n) => Math.abs(n) <= MAX_ADJUSTMENT, 'amount must be within +/- 1,000,000,000,000,000'),
);

/** PATCH transaction/update-balance. */
export const UpdateBalanceBody = v.strictObject({
  client_id: v.pipe(
    v.number('client_id is required'),
    v.integer('client_id must be a number'),
    v.minValue(1, 'client_id must be a number'),
    v.maxValue(2_147_483_647, 'client_id must be a number'),
  ),
  amount: AdjustmentAmount,
});
export type UpdateBalanceBody = v.InferOutput<typeof UpdateBalanceBody>;

export const balanceBelowZeroMessage = (previous: number) =>
  `The disbursement balance cannot go below zero: it is ${formatRupiah(previous)}`;

/**
 * The one rule of an adjustment against the balance it applies to, used by the screen's machine
 * (before asking) and the server (inside the transaction, on the locked balance): null when fine.
 */
export function adjustmentProblem(previous: number, amount: number): string | null {
  const shape = v.safeParse(AdjustmentAmount, amount);
  if (!shape.success) return shape.issues[0].message;
  if (previous + amount < 0) return balanceBelowZeroMessage(previous);
  return null;
}

export const BALANCE_UPDATED = 'Balance has been updated';

/** Socket event sent to everyone who may see the client when one of its balances moves. */
export const BALANCE_CHANGED_EVENT = 'balance-changed';
export interface BalanceChanged {
  client_id: number;
}
