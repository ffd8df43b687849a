import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { settlementChanged } from '../../services/settlementRules';
import { voidFileChanged } from '../../services/disbursementActions';

const figures = fc.record({ count: fc.nat({ max: 5_000 }), amount: fc.nat({ max: 10_000_000_000 }) });
const noun = (count: number, one: string) => (count === 1 ? one : `${one}s`);
const rp = (n: number) => `Rp. ${n.toLocaleString('en-US')}`;

describe('figuresChanged: the 409 when the figures moved since the person looked', () => {
  it('says nothing when the figures are the same, and both sides in the right number otherwise', () => {
    fc.assert(
      fc.property(figures, figures, (now, expected) => {
        const same = now.count === expected.count && now.amount === expected.amount;
        const voided = voidFileChanged(now, expected);
        const settled = settlementChanged(now, expected);
        if (same) {
          expect([voided, settled]).toEqual([null, null]);
          return;
        }
        expect(voided).toBe(
          `The file now voids ${now.count.toLocaleString('en-US')} ${noun(now.count, 'row')} for ${rp(now.amount)}, ` +
            `not the ${expected.count.toLocaleString('en-US')} ${noun(expected.count, 'row')} for ` +
            `${rp(expected.amount)} you previewed. Preview it again.`,
        );
        expect(settled).toBe(
          `The window now settles ${now.count.toLocaleString('en-US')} ${noun(now.count, 'pay-in')} for ` +
            `${rp(now.amount)}, not the ${expected.count.toLocaleString('en-US')} ${noun(expected.count, 'pay-in')} ` +
            `for ${rp(expected.amount)} you confirmed. Search it again.`,
        );
      }),
    );
  });
});
