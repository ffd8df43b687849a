import { describe, expect, it } from 'vitest';
import {
  asOfText,
  changeText,
  channelLabel,
  percentText,
  settlementTypeLabel,
  shortDay,
  statusesOf,
} from '../../services/overviewFigures';

describe('overview figures in words', () => {
  it('a success rate is a percentage with at most one decimal', () => {
    expect(percentText(0.975)).toBe('97.5%');
    expect(percentText(1)).toBe('100%');
    expect(percentText(0)).toBe('0%');
    expect(percentText(0.33333)).toBe('33.3%');
  });

  it('the change against yesterday is signed, and absent where yesterday had nothing', () => {
    expect(changeText(125, 100)).toBe('+25%');
    expect(changeText(1_234, 1_000)).toBe('+23.4%');
    expect(changeText(90, 100)).toBe('-10%');
    expect(changeText(100, 100)).toBe('0%');
    expect(changeText(5, 0)).toBeNull();
  });

  it('times are on the business clock (Asia/Jakarta), to the second', () => {
    expect(asOfText('2026-11-26T17:05:09Z')).toBe('2026-11-27 00:05:09');
    expect(shortDay('2026-11-03')).toBe('3 Nov');
  });

  it("the chart's statuses are those the days hold, in the lists' order", () => {
    const day = (d: string, statuses: Array<[string, number]>) => ({
      day: d,
      by_status: statuses.map(([status, count]) => ({ status, count, amount: count * 1000 })),
    });
    expect(
      statusesOf([
        day('2026-11-25', [
          ['VA_EXPIRED', 1],
          ['FINALIZED', 3],
          ['SETTLED', 0],
        ]),
        day('2026-11-26', [['PENDING', 2]]),
      ]),
    ).toEqual(['FINALIZED', 'PENDING', 'VA_EXPIRED']);
  });

  it('channels and settlement types by the names the settlement screen uses', () => {
    expect(channelLabel('va_bca')).toBe('VA BCA');
    expect(channelLabel('dana_directdebit')).toBe('DANA');
    expect(channelLabel('new_channel')).toBe('new_channel');
    expect(settlementTypeLabel('herra_qris')).toBe('Herra QRIS');
  });
});
