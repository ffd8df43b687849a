import { msg } from '../i18n/msg';
import * as v from 'valibot';

/**
 * The one reader of every amount a person types (issue 25): the master balance adjustment,
 * Request Widthdrawal, Transfer to Disburse, approval thresholds, and any later one. It reads the
 * text as an Indonesian or an English writer means it, and refuses (naming the problem) whatever
 * it would otherwise have to guess: nothing is stripped or reinterpreted silently.
 *
 * Accepted: digits, grouped by thousands with ',' or '.' ('1,250,000', '1.250.000'), an optional
 * 'Rp' or 'Rp.' prefix, spaces around the parts, a leading '-' where negatives are allowed (before
 * or after the prefix: '-Rp. 5,000' is how the product writes one), spaces grouping thousands in
 * threes ('1 250 000'), and zero cents in either
 * convention ('250000.00', '250.000,00', '250,000.00') as whole rupiah.
 */

export const MAX_TYPED_DIGITS = 16;

export const RUPIAH_PROBLEMS = {
  cents: msg({ defaultMessage: 'Rupiah amounts are whole numbers', id: 'mnyxh6' }),
  exponent: msg({ defaultMessage: 'Exponents are not accepted: type every digit', id: '6v0bQM' }),
  letters: msg({ defaultMessage: 'Only digits, thousands separators and an optional Rp. are accepted', id: 'IoyKCV' }),
  ambiguous: msg({
    defaultMessage: "The separators are ambiguous: group thousands in threes ('1,250,000' or '1.250.000')",
    id: 'qGpyjj',
  }),
  tooLong: msg({ defaultMessage: 'An amount has at most {max} digits', id: '+E+REO' }, { max: MAX_TYPED_DIGITS }),
  tooLarge: msg({ defaultMessage: 'The amount is too large', id: '6tUcqH' }),
  negative: msg({ defaultMessage: 'The amount cannot be negative', id: 'CklnZU' }),
  sign: msg({ defaultMessage: "Only one '-', before the amount", id: '3ZZ8mx' }),
  spaces: msg({ defaultMessage: "Spaces may only group thousands in threes ('1 250 000')", id: 'FAXRI0' }),
  empty: msg({ defaultMessage: 'Amount is required', id: 'jU3fsF' }),
} as const;

export type RupiahReading = { ok: true; amount: number } | { ok: false; problem: string };

const refuse = (problem: string): RupiahReading => ({ ok: false, problem });

// A number's body once sign and prefix are off: digits and separators only.
const BODY = /^[\d.,]+$/;
const grouped = (integer: string, separator: '.' | ',') =>
  new RegExp(`^\\d{1,3}(\\${separator}\\d{3})+$`).test(integer);

/** The integer digits of a body, or the problem with it. Cents, when present, must be zero. */
function readBody(body: string): { digits: string } | { problem: string } {
  const dots = body.split('.').length - 1;
  const commas = body.split(',').length - 1;
  if (dots === 0 && commas === 0) return { digits: body };

  // Both kinds: the last one written is the decimal mark, the other groups thousands ('1.250.000,00').
  if (dots > 0 && commas > 0) {
    const decimalMark = body.lastIndexOf('.') > body.lastIndexOf(',') ? '.' : ',';
    const groupMark = decimalMark === '.' ? ',' : '.';
    const at = body.lastIndexOf(decimalMark);
    const integer = body.slice(0, at);
    const cents = body.slice(at + 1);
    if (body.split(decimalMark).length - 1 > 1 || !grouped(integer, groupMark) || !/^\d{1,2}$/.test(cents))
      return { problem: RUPIAH_PROBLEMS.ambiguous };
    return /^0+$/.test(cents) ? { digits: integer.split(groupMark).join('') } : { problem: RUPIAH_PROBLEMS.cents };
  }

  // One kind of mark. Several of it can only group thousands ('1.250.000').
  const mark = dots > 0 ? '.' : ',';
  if (dots + commas > 1)
    return grouped(body, mark) ? { digits: body.split(mark).join('') } : { problem: RUPIAH_PROBLEMS.ambiguous };

  // A single mark: three digits after it group thousands ('1,250', '250.000'); one or two are cents.
  const [integer, after] = body.split(mark);
  if (integer === '' || after === '') return { problem: RUPIAH_PROBLEMS.ambiguous };
  if (after.length === 3)
    return grouped(body, mark) ? { digits: integer + after } : { problem: RUPIAH_PROBLEMS.ambiguous };
  if (after.length > 3) return { problem: RUPIAH_PROBLEMS.ambiguous };
  if (/^0+$/.test(after)) return { digits: integer };
  // '1.5' can only be cents; '1,25' is cents to one writer and a slip for '1,250' to another.
  return after.length === 1 ? { problem: RUPIAH_PROBLEMS.cents } : { problem: RUPIAH_PROBLEMS.ambiguous };
}

/**
 * Reads a typed amount. Empty text is `{ ok: false, problem: 'Amount is required' }`; a form that
 * may be left empty checks for that before asking.
 */
export function readRupiah(typed: string, options: { negative?: boolean } = {}): RupiahReading {
  // Non-breaking and thin spaces come in with pasted amounts; they are spaces to a reader.
  let rest = typed.replace(/[\s\u00a0\u202f]+/g, ' ').trim();
  if (rest === '') return refuse(RUPIAH_PROBLEMS.empty);

  let negative = false;
  const takeSign = () => {
    if (rest.startsWith('-')) {
      if (negative) return false;
      negative = true;
      rest = rest.slice(1).trimStart();
    }
    return true;
  };
  if (!takeSign()) return refuse(RUPIAH_PROBLEMS.sign);
  const prefix = /^rp\.?/i.exec(rest);
  if (prefix) rest = rest.slice(prefix[0].length).trimStart();
  if (!takeSign()) return refuse(RUPIAH_PROBLEMS.sign);

  if (/\d[eE][+-]?\d/.test(rest)) return refuse(RUPIAH_PROBLEMS.exponent);
  if (rest.includes('-')) return refuse(RUPIAH_PROBLEMS.sign);
  if (/[^\d., ]/.test(rest)) return refuse(RUPIAH_PROBLEMS.letters);
  // Spaces may group thousands too ('1 250 000'), but only in threes and never beside another mark's groups.
  if (rest.includes(' ')) {
    if (!/^\d{1,3}( \d{3})+([.,]\d{1,2})?$/.test(rest)) return refuse(RUPIAH_PROBLEMS.spaces);
    rest = rest.replaceAll(' ', '');
  }
  if (!BODY.test(rest)) return refuse(rest === '' ? RUPIAH_PROBLEMS.empty : RUPIAH_PROBLEMS.letters);

  const body = readBody(rest);
  if ('problem' in body) return refuse(body.problem);
  const digits = body.digits.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_TYPED_DIGITS) return refuse(RUPIAH_PROBLEMS.tooLong);
  const amount = Number(digits);
  if (!Number.isSafeInteger(amount)) return refuse(RUPIAH_PROBLEMS.tooLarge);
  if (negative && amount !== 0 && !options.negative) return refuse(RUPIAH_PROBLEMS.negative);
  return { ok: true, amount: negative && amount !== 0 ? -amount : amount };
}

/**
 * The same rule as a valibot schema, for the machines' guards and the server: a JSON integer is
 * taken as it is (an API caller sends numbers), typed text goes through readRupiah. Either way the
 * output is whole rupiah as a number.
 */
export const rupiahAmount = (options: { negative?: boolean; field?: string } = {}) =>
  v.pipe(
    v.union([v.number(), v.string()], (issue) =>
      issue.input === undefined
        ? RUPIAH_PROBLEMS.empty
        : msg(
            { defaultMessage: '{field} must be a whole number of rupiah', id: 'Xa1C+q' },
            { field: options.field ?? 'amount' },
          ),
    ),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      if (typeof input === 'number') {
        if (!Number.isSafeInteger(input)) {
          addIssue({
            message:
              Number.isFinite(input) && Math.abs(input) <= Number.MAX_SAFE_INTEGER
                ? RUPIAH_PROBLEMS.cents
                : RUPIAH_PROBLEMS.tooLarge,
          });
          return NEVER;
        }
        if (input < 0 && !options.negative) {
          addIssue({ message: RUPIAH_PROBLEMS.negative });
          return NEVER;
        }
        return input;
      }
      const read = readRupiah(input, options);
      if (!read.ok) {
        addIssue({ message: read.problem });
        return NEVER;
      }
      return read.amount;
    }),
  );
