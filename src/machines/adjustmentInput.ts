import * as v from 'valibot';
import { AdjustmentAmount } from '../services/masterBalanceRules';

/**
 * 'Adjust Balance amount' as typed (issue 25): the text stays exactly as the person typed it, and
 * is read by the one amount reader with the adjustment's rules (AdjustmentAmount, which the server
 * applies too). Nothing is stripped: a text it cannot read gives no amount and the reason why.
 * An empty field, or a lone '-' on its way to a negative amount, is not yet a mistake.
 */
export function readAdjustment(typed: string): { text: string; amount: number | null; inputProblem: string | null } {
  if (/^\s*-?\s*$/.test(typed)) return { text: typed, amount: null, inputProblem: null };
  const read = v.safeParse(AdjustmentAmount, typed);
  return read.success
    ? { text: typed, amount: read.output, inputProblem: null }
    : { text: typed, amount: null, inputProblem: read.issues[0].message };
}
