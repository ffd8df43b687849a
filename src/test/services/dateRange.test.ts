import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { daysThroughToday, formatDateRange, lastDays, parseDateRange, yesterday } from '../../services/dateRange';

describe('date range rules (spec section 5)', () => {
  it('needs two ends split by " to " in YYYY-MM-DD HH:mm', () => {
    expect(parseDateRange('2026-11-01 08:00 to 2026-11-02 17:30')).toEqual({
      start: '2026-11-01 08:00',
      end: '2026-11-02 17:30',
    });
    for (const bad of [
      '',
      '2026-11-01 08:00',
      '2026-11-01 08:00 - 2026-11-02 09:00',
      '2026-13-01 08:00 to 2026-11-02 09:00',
      '2026-11-01 8:00 to 2026-11-02 09:00',
      'a to b',
    ]) {
      expect(parseDateRange(bad)).toBeNull();
    }
  });

  it("writes 'to' in English and 'sampai' in Bahasa Indonesia, and reads either in both", () => {
    const range = { start: '2026-11-01 08:00', end: '2026-11-02 17:30' };
    expect(formatDateRange(range, 'en')).toBe('2026-11-01 08:00 to 2026-11-02 17:30');
    expect(formatDateRange(range, 'id')).toBe('2026-11-01 08:00 sampai 2026-11-02 17:30');
    const minute = fc.date({
      min: new Date('2000-01-01T00:00Z'),
      max: new Date('2099-12-31T23:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(minute, minute, fc.constantFrom('en' as const, 'id' as const), (a, b, language) => {
        const [start, end] = [a, b].map((d) => dayjs.utc(d).format('YYYY-MM-DD HH:mm'));
        const read = parseDateRange(formatDateRange({ start, end }, language));
        // What is read is what the other language reads too, and reading it again changes nothing.
        expect(read).not.toBeNull();
        expect(parseDateRange(formatDateRange(read!, language === 'en' ? 'id' : 'en'))).toEqual(read);
      }),
    );
    for (const bad of ['2026-11-01 08:00 sampai', '2026-11-01 08:00 to 2026-11-02 09:00 sampai 2026-11-03 09:00'])
      expect(parseDateRange(bad)).toBeNull();
  });

  it('swaps reversed ends', () => {
    expect(parseDateRange('2026-11-05 10:00 to 2026-11-01 09:00')).toEqual({
      start: '2026-11-01 09:00',
      end: '2026-11-05 10:00',
    });
  });

  it('makes an end at 00:00, or equal to the start, 23:59 of that day', () => {
    expect(parseDateRange('2026-11-01 00:00 to 2026-11-03 00:00')).toEqual({
      start: '2026-11-01 00:00',
      end: '2026-11-03 23:59',
    });
    expect(parseDateRange('2026-11-01 10:15 to 2026-11-01 10:15')).toEqual({
      start: '2026-11-01 10:15',
      end: '2026-11-01 23:59',
    });
  });

  it('defaults to the last 14 days back to now', () => {
    const range = lastDays(14, dayjs('2026-11-21T15:42:00'));
    expect(formatDateRange(range)).toBe('2026-11-07 00:00 to 2026-11-21 15:42');
  });

  it('the disbursement list defaults to the last 7 whole days, today included', () => {
    expect(formatDateRange(daysThroughToday(7, dayjs('2026-11-21T15:42:00')))).toBe(
      '2026-11-15 00:00 to 2026-11-21 23:59',
    );
    expect(formatDateRange(daysThroughToday(7, dayjs('2026-03-03T00:05:00')))).toBe(
      '2026-02-25 00:00 to 2026-03-03 23:59',
    );
  });

  it('settlement defaults to the whole of yesterday, 00:00 to 23:59', () => {
    expect(formatDateRange(yesterday(dayjs('2026-11-21T00:05:00')))).toBe('2026-11-20 00:00 to 2026-11-20 23:59');
    expect(formatDateRange(yesterday(dayjs('2026-03-01T23:59:00')))).toBe('2026-02-28 00:00 to 2026-02-28 23:59');
  });
});

describe('the business clock', () => {
  it('reads now in Asia/Jakarta, whatever the machine’s zone', () => {
    const jakarta = lastDays(0).end;
    const expected = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Asia/Jakarta',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: false,
    })
      .format(new Date())
      .replace(',', '');
    expect(jakarta).toBe(expected);
  });
});
