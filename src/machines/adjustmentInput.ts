import { formatRupiah } from '../services/money';

/** Enough digits to reach past the +/- 10^15 limit, so the rule (not the input) refuses a larger one. */
const MAX_DIGITS = 16;

/**
 * 'Adjust Balance amount' as typed: a minus anywhere makes it negative, every other non-digit is
 * dropped, and the text is given back Rp.-formatted ('-Rp. 250,000'); a lone '-' waits for digits.
 */
export function readAdjustment(typed: string): { text: string; amount: number | null } {
  const negative = typed.includes('-');
  const digits = typed.replace(/\D/g, '').slice(0, MAX_DIGITS);
  if (!digits) return { text: negative ? '-' : '', amount: null };
  const amount = Number(digits) * (negative ? -1 : 1);
  return { text: negative && amount === 0 ? '-Rp. 0' : formatRupiah(amount), amount: amount === 0 ? 0 : amount };
}
