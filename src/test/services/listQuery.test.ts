import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { isRealDateTime } from '../../services/listQuery';

dayjs.extend(customParseFormat);

type Format = 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss';

/**
 * The rule as it was written before issue 30 (dayjs strict parsing), kept as the oracle. dayjs
 * parses on the machine's clock, where a daylight-saving gap would refuse a real minute, so it is
 * asked in UTC (the suite's zone; the check below makes sure).
 */
const byDayjs = (text: string, format: Format) => {
  if (text.length !== format.length) return false;
  const parsed = dayjs(text, format, true);
  return parsed.isValid() && parsed.year() >= 1900 && parsed.year() <= 9999;
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** What a person or a caller could type where a date and time belongs: near misses included. */
const typedArb = fc
  .record({
    year: fc.integer({ min: 0, max: 10_050 }),
    month: fc.integer({ min: 0, max: 13 }),
    day: fc.integer({ min: 0, max: 32 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 61 }),
    second: fc.integer({ min: 0, max: 61 }),
    seconds: fc.boolean(),
    short: fc.constantFrom('', 'month', 'day', 'hour'),
    separator: fc.constantFrom(' ', 'T', ' ', ' '),
  })
  .map(({ year, month, day, hour, minute, second, seconds, short, separator }) => {
    const w = (part: string, n: number) => pad(n, short === part ? 1 : 2);
    return `${pad(year, 4)}-${w('month', month)}-${w('day', day)}${separator}${w('hour', hour)}:${pad(minute, 2)}${
      seconds ? `:${pad(second, 2)}` : ''
    }`;
  });

describe('isRealDateTime: a real calendar minute, as list filters take it', () => {
  it('runs in a zone without daylight saving, where dayjs is a fair oracle', () => {
    expect(new Date(2026, 0, 1).getTimezoneOffset()).toBe(new Date(2026, 6, 1).getTimezoneOffset());
  });

  it('takes real minutes and refuses the rest', () => {
    for (const good of [
      '2026-11-27 00:00',
      '2026-02-28 23:59',
      '2024-02-29 12:00',
      '2000-02-29 00:00',
      '1900-01-01 00:00',
    ])
      expect(isRealDateTime(good), good).toBe(true);
    for (const bad of [
      '2026-02-29 00:00',
      '2100-02-29 00:00',
      '2026-11-31 10:00',
      '2026-13-01 10:00',
      '2026-00-10 10:00',
      '2026-11-00 10:00',
      '2026-11-27 24:00',
      '2026-11-27 23:60',
      '1899-12-31 23:59',
      '2026-11-27T10:00',
      '2026-11-27 10:00:00',
      ' 2026-11-27 10:00',
      '2026-1-27 10:00',
      '２０２６-11-27 10:00',
      '',
    ])
      expect(isRealDateTime(bad), bad).toBe(false);
    expect(isRealDateTime('2026-11-27 10:00:59', 'YYYY-MM-DD HH:mm:ss')).toBe(true);
    expect(isRealDateTime('2026-11-27 10:00:60', 'YYYY-MM-DD HH:mm:ss')).toBe(false);
    expect(isRealDateTime('2026-11-27 10:00', 'YYYY-MM-DD HH:mm:ss')).toBe(false);
  });

  it('agrees with dayjs strict parsing on everything a person could type', () => {
    fc.assert(
      fc.property(typedArb, fc.constantFrom<Format>('YYYY-MM-DD HH:mm', 'YYYY-MM-DD HH:mm:ss'), (text, format) => {
        expect(isRealDateTime(text, format)).toBe(byDayjs(text, format));
      }),
      { numRuns: 20_000 },
    );
  });

  it('agrees with dayjs on any text at all', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), (text) => {
        expect(isRealDateTime(text)).toBe(byDayjs(text, 'YYYY-MM-DD HH:mm'));
      }),
    );
  });
});
