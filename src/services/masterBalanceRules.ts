import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { WholeNumber } from './answerParts';
import { formatRupiah } from './money';
import { rupiahAmount } from './rupiahInput';

/** Master Disbursement Balance (spec section 7): the adjustment's rules, shared by the screen and the server. */

export const MAX_ADJUSTMENT = 1_000_000_000_000_000;

/**
 * The adjustment's own rules: a whole number of rupiah, positive or negative, not 0, within +/- 10^15.
 * Typed text ('-1.250.000') is read by the one amount reader; the browser sends the number it read.
 */
export const AdjustmentAmount = v.pipe(
  rupiahAmount({ negative: true }),
  v.check((n) => n !== 0, msg({ defaultMessage: 'amount must not be 0', id: 'xcfhdX' })),
  v.check(
    (n) => Math.abs(n) <= MAX_ADJUSTMENT,
    msg({ defaultMessage: 'amount must be within +/- 1,000,000,000,000,000', id: 'ERCl3T' }),
  ),
);

/** PATCH transaction/update-balance. */
export const UpdateBalanceBody = v.strictObject({
  client_id: v.pipe(
    v.number(msg({ defaultMessage: 'client_id is required', id: 'T/bU0E' })),
    v.integer(msg({ defaultMessage: 'client_id must be a number', id: 'lhxzC6' })),
    v.minValue(1, msg({ defaultMessage: 'client_id must be a number', id: 'lhxzC6' })),
    v.maxValue(2_147_483_647, msg({ defaultMessage: 'client_id must be a number', id: 'lhxzC6' })),
  ),
  amount: AdjustmentAmount,
});
export type UpdateBalanceBody = v.InferOutput<typeof UpdateBalanceBody>;

export const balanceBelowZeroMessage = (previous: number) =>
  msg(
    { defaultMessage: 'The disbursement balance cannot go below zero: it is {balance}', id: 'ZEgeYO' },
    { balance: formatRupiah(previous) },
  );

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

export const BALANCE_UPDATED = msg({ defaultMessage: 'Balance has been updated', id: 'oQAS2a' });

/** PATCH transaction/update-balance, applied (not held): the balance before, the adjustment and the balance now. */
export const BalanceAdjusted = v.strictObject({
  client_id: WholeNumber,
  previous_balance: WholeNumber,
  amount: WholeNumber,
  balance: WholeNumber,
});
export type BalanceAdjusted = v.InferOutput<typeof BalanceAdjusted>;
