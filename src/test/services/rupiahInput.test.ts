import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ApprovalPolicyBody, MAX_APPROVAL_THRESHOLD } from '../../services/approvalRules';
import { AdjustmentAmount } from '../../services/masterBalanceRules';
import { readRupiah, rupiahAmount, RUPIAH_PROBLEMS } from '../../services/rupiahInput';
import { WithdrawalAmount } from '../../services/withdrawalRules';

const read = (text: string) => readRupiah(text, { negative: true });

describe('readRupiah: the examples of issue 25', () => {
  it.each([
    ['250000.00', 250_000],
    ['250.000,00', 250_000],
    ['250,000.00', 250_000],
    ['1,250,000', 1_250_000],
    ['1.250.000', 1_250_000],
    ['1.250.000,00', 1_250_000],
    ['Rp. 1,250,000', 1_250_000],
    ['Rp 1.250.000', 1_250_000],
    ['rp.5000', 5000],
    ['  42 ', 42],
    ['1 250 000', 1_250_000],
    ['-Rp. 5,000', -5000],
    ['Rp. -5,000', -5000],
    ['-150000', -150_000],
    ['0', 0],
    ['1,234', 1234],
    ['1.234', 1234],
  ])('reads %j as %i', (text, amount) => {
    expect(read(text)).toEqual({ ok: true, amount });
  });

  it.each([
    ['1.5', RUPIAH_PROBLEMS.cents],
    ['1.250,50', RUPIAH_PROBLEMS.cents],
    ['250,000.01', RUPIAH_PROBLEMS.cents],
    ['1e6', RUPIAH_PROBLEMS.exponent],
    ['1E+6', RUPIAH_PROBLEMS.exponent],
    ['1,25', RUPIAH_PROBLEMS.ambiguous],
    ['1.2.3', RUPIAH_PROBLEMS.ambiguous],
    ['12,34,567', RUPIAH_PROBLEMS.ambiguous],
    ['1,2345', RUPIAH_PROBLEMS.ambiguous],
    ['12 34', RUPIAH_PROBLEMS.spaces],
    ['abc', RUPIAH_PROBLEMS.letters],
    ['1O0', RUPIAH_PROBLEMS.letters],
    ['USD 5', RUPIAH_PROBLEMS.letters],
    ['12345678901234567', RUPIAH_PROBLEMS.tooLong],
    ['9999999999999999', RUPIAH_PROBLEMS.tooLarge],
    ['--5', RUPIAH_PROBLEMS.sign],
    ['5-', RUPIAH_PROBLEMS.sign],
    ['', RUPIAH_PROBLEMS.empty],
    ['Rp.', RUPIAH_PROBLEMS.empty],
  ])('refuses %j, naming the problem', (text, problem) => {
    expect(read(text)).toEqual({ ok: false, problem });
  });

  it('refuses a negative amount where none is allowed (a withdrawal)', () => {
    expect(readRupiah('-5000')).toEqual({ ok: false, problem: RUPIAH_PROBLEMS.negative });
    expect(v.safeParse(WithdrawalAmount, '-5.000').issues?.[0].message).toBe(RUPIAH_PROBLEMS.negative);
  });

  it('is the same rule in the schemas the server parses with: text or a JSON integer, never a float', () => {
    expect(v.parse(AdjustmentAmount, '-1.250.000,00')).toBe(-1_250_000);
    expect(v.parse(AdjustmentAmount, 250_000)).toBe(250_000);
    expect(v.safeParse(AdjustmentAmount, 1.5).issues?.[0].message).toBe(RUPIAH_PROBLEMS.cents);
    expect(v.safeParse(AdjustmentAmount, '1e6').issues?.[0].message).toBe(RUPIAH_PROBLEMS.exponent);
    expect(v.safeParse(AdjustmentAmount, undefined).issues?.[0].message).toBe('Amount is required');
    expect(v.safeParse(rupiahAmount(), true).issues?.[0].message).toBe('amount must be a whole number of rupiah');
    expect(v.parse(WithdrawalAmount, 'Rp. 250.000')).toBe(250_000);
  });
});

// --- Property-based: the inputs a person could type -------------------------------------------

const group = (n: bigint, mark: string) => n.toString().replace(/\B(?=(\d{3})+(?!\d))/g, mark);
/** Whole rupiah up to the largest safe integer, weighted toward the amounts people move. */
const amounts = fc.oneof(
  fc.integer({ min: 0, max: 10_000_000_000 }),
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
);
const conventions = fc.constantFrom(
  { group: ',', decimal: '.' }, // English: 1,250,000.00
  { group: '.', decimal: ',' }, // Indonesian: 1.250.000,00
  { group: '', decimal: '.' },
  { group: '', decimal: ',' }, // ungrouped, either decimal mark
  { group: ' ', decimal: ',' }, // spaces grouping thousands
);
const prefixes = fc.constantFrom('', 'Rp', 'Rp.', 'Rp. ', 'rp ', 'RP.');

/** An amount as a person formats it: a convention, perhaps zero cents, perhaps Rp., perhaps negative. */
const formatted = fc
  .record({
    amount: amounts,
    convention: conventions,
    cents: fc.constantFrom('', '0', '00'),
    prefix: prefixes,
    negative: fc.boolean(),
    minusFirst: fc.boolean(),
  })
  .map(({ amount, convention, cents, prefix, negative, minusFirst }) => {
    const body = group(BigInt(amount), convention.group) + (cents ? convention.decimal + cents : '');
    const minus = negative ? '-' : '';
    return {
      amount: negative && amount !== 0 ? -amount : amount,
      text: minusFirst ? `${minus}${prefix}${body}` : `${prefix}${minus}${body}`,
    };
  });

const digitsOf = (text: string) => text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');

describe('readRupiah: properties over what a person could type', () => {
  it('reads every formatted amount (either convention, with or without zero cents) back as the same number', () => {
    fc.assert(
      fc.property(formatted, ({ amount, text }) => {
        expect(read(text)).toEqual({ ok: true, amount });
      }),
      { numRuns: 2000 },
    );
  });

  it('never yields a number other than the one the text reads as: its digits, less zero cents, nothing else', () => {
    const typed = fc.string({ unit: fc.constantFrom(...'0123456789.,  -Rpe'.split('')), maxLength: 22 });
    fc.assert(
      fc.property(typed, (text) => {
        const result = read(text);
        if (!result.ok) return;
        // Written by hand, apart from the reader: the number is the text's digits, less cents after a
        // last mark (which must be zeros), and nothing else: never a hundred times more, never fewer digits.
        const body = text.replace(/^[\s-]*rp\.?/i, '');
        const cents = /[.,](\d{1,2})\s*$/.exec(body)?.[1];
        if (cents !== undefined) expect(cents).toMatch(/^0+$/);
        const integer = cents === undefined ? body : body.slice(0, body.search(/[.,]\d{1,2}\s*$/));
        expect(String(Math.abs(result.amount))).toBe(digitsOf(integer) || '0');
        expect(result.amount < 0).toBe(text.includes('-') && result.amount !== 0);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses every amount with non-zero cents, in either convention, grouped or not', () => {
    const withCents = fc
      .record({
        amount: amounts,
        convention: conventions,
        prefix: prefixes,
        cents: fc.oneof(
          fc.integer({ min: 1, max: 9 }).map(String),
          fc.integer({ min: 1, max: 99 }).map((c) => String(c).padStart(2, '0')),
        ),
      })
      .map(
        ({ amount, convention, prefix, cents }) =>
          `${prefix}${group(BigInt(amount), convention.group)}${convention.decimal}${cents}`,
      );
    fc.assert(
      fc.property(withCents, (text) => {
        expect(read(text).ok).toBe(false);
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses every exponent, whatever surrounds it', () => {
    const exponent = fc
      .tuple(
        fc.integer({ min: 0, max: 999 }),
        fc.constantFrom('e', 'E', 'e+', 'E-'),
        fc.integer({ min: 0, max: 30 }),
        prefixes,
      )
      .map(([mantissa, e, power, prefix]) => `${prefix}${mantissa}${e}${power}`);
    fc.assert(
      fc.property(exponent, (text) => {
        expect(read(text)).toEqual({ ok: false, problem: RUPIAH_PROBLEMS.exponent });
      }),
    );
  });
});

describe('approval thresholds read as amounts do (issue 44)', () => {
  const thresholdOf = (threshold: unknown) =>
    v.safeParse(ApprovalPolicyBody, { policy: [{ action: 'manual-finalize', mode: 'threshold', threshold }] });
  const inRange = (n: number) => n >= 1 && n <= MAX_APPROVAL_THRESHOLD;

  it('takes every formatted amount an amount takes, as the same number, and refuses what it refuses', () => {
    const typed = fc.oneof(
      formatted.map(({ text }) => text),
      fc.string({ unit: fc.constantFrom(...'0123456789.,  -Rpe'.split('')), maxLength: 22 }),
      amounts,
    );
    fc.assert(
      fc.property(typed, (input) => {
        const amount = v.safeParse(rupiahAmount(), input);
        const threshold = thresholdOf(input);
        expect(threshold.success).toBe(amount.success && inRange(amount.output));
        if (threshold.success) expect(threshold.output.policy[0].threshold).toBe(amount.output);
        // Refused as an amount: refused with the amount's words.
        if (!amount.success) expect(threshold.issues?.[0].message).toBe(amount.issues[0].message);
      }),
      { numRuns: 2000 },
    );
  });
});
