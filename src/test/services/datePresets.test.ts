import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import dayjs from 'dayjs';
import { BUSINESS_TIME_ZONE } from '../../services/businessClock';
import { RANGE_PRESETS, presetOf, presetRange, type RangePresetId } from '../../services/dateRange';

/**
 * Issue 29: the presets are whole business days in Asia/Jakarta whatever zone the machine runs in.
 * The oracle reads the business date with Intl and counts days with Date.UTC, so it shares nothing
 * with the dayjs sums it checks.
 */
const MACHINE_ZONES = [
  'UTC',
  'Asia/Jakarta',
  'America/New_York',
  'Europe/London',
  'America/Santiago',
  'Australia/Lord_Howe',
  'Pacific/Kiritimati',
];
const originalZone = process.env.TZ;
afterEach(() => {
  if (originalZone === undefined) delete process.env.TZ;
  else process.env.TZ = originalZone;
});

const businessDate = new Intl.DateTimeFormat('sv-SE', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
/** A calendar day as milliseconds at UTC midnight, so days are counted without any zone. */
const dayOf = (text: string) => Date.UTC(+text.slice(0, 4), +text.slice(5, 7) - 1, +text.slice(8, 10));
const DAY = 86_400_000;
const iso = (day: number) => new Date(day).toISOString().slice(0, 10);

const instant = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2060-12-31T23:59:59Z'),
  noInvalidDate: true,
});
const zone = fc.constantFrom(...MACHINE_ZONES);
// Month ends and DST changes are where zoned sums slip: weight the instants towards them.
const edgy = fc.oneof(
  instant,
  fc
    .record({
      year: fc.integer({ min: 2000, max: 2060 }),
      month: fc.integer({ min: 0, max: 11 }),
      minutes: fc.integer({ min: -720, max: 720 }),
    })
    .map(({ year, month, minutes }) => new Date(Date.UTC(year, month, 1) - 7 * 3_600_000 + minutes * 60_000)),
);

function presetsAt(at: Date, machineZone: string) {
  process.env.TZ = machineZone;
  const now = dayjs(at).tz(BUSINESS_TIME_ZONE);
  const ranges = Object.fromEntries(RANGE_PRESETS.map(({ id }) => [id, presetRange(id, now)])) as Record<
    RangePresetId,
    { start: string; end: string }
  >;
  const ids = RANGE_PRESETS.map(({ id }) => presetOf(ranges[id], now));
  return { ranges, ids, today: dayOf(businessDate.format(at)) };
}

describe('date presets on the business clock (issue 29)', () => {
  it('the machine zone really changes under the test (else the properties below prove nothing)', () => {
    process.env.TZ = 'America/New_York';
    const newYork = new Date('2026-07-01T00:00:00Z').getTimezoneOffset();
    process.env.TZ = 'Asia/Jakarta';
    expect(new Date('2026-07-01T00:00:00Z').getTimezoneOffset()).not.toBe(newYork);
  });

  it('every preset runs from a day’s 00:00 to a day’s 23:59, start before end, and is named back as itself', () => {
    fc.assert(
      fc.property(edgy, zone, (at, machineZone) => {
        const { ranges, ids } = presetsAt(at, machineZone);
        for (const { start, end } of Object.values(ranges)) {
          expect(start).toMatch(/^\d{4}-\d{2}-\d{2} 00:00$/);
          expect(end).toMatch(/^\d{4}-\d{2}-\d{2} 23:59$/);
          expect(start <= end).toBe(true);
          expect(iso(dayOf(start))).toBe(start.slice(0, 10));
          expect(iso(dayOf(end))).toBe(end.slice(0, 10));
        }
        expect(ids).toEqual(RANGE_PRESETS.map(({ id }) => id));
      }),
      { numRuns: 200 },
    );
  });

  it('Today and Yesterday are single business days; Last 7 days ends today and spans 7 days', () => {
    fc.assert(
      fc.property(edgy, zone, (at, machineZone) => {
        const { ranges, today } = presetsAt(at, machineZone);
        expect([dayOf(ranges.today.start), dayOf(ranges.today.end)]).toEqual([today, today]);
        expect([dayOf(ranges.yesterday.start), dayOf(ranges.yesterday.end)]).toEqual([today - DAY, today - DAY]);
        expect(dayOf(ranges['last-7-days'].end)).toBe(today);
        expect((dayOf(ranges['last-7-days'].end) - dayOf(ranges['last-7-days'].start)) / DAY + 1).toBe(7);
      }),
      { numRuns: 200 },
    );
  });

  it('This month is the whole business month holding today; Last month the whole month just before it', () => {
    fc.assert(
      fc.property(edgy, zone, (at, machineZone) => {
        const { ranges, today } = presetsAt(at, machineZone);
        const d = new Date(today);
        const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
        const nextFirst = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
        const previousFirst = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1);
        expect(dayOf(ranges['this-month'].start)).toBe(first);
        expect(dayOf(ranges['this-month'].end)).toBe(nextFirst - DAY);
        expect(dayOf(ranges['last-month'].start)).toBe(previousFirst);
        expect(dayOf(ranges['last-month'].end)).toBe(first - DAY);
        expect(ranges['last-month'].end < ranges['this-month'].start).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('a month’s end is not read as the next month’s 1st where the machine’s clocks change (New York, 1 Nov 2026)', () => {
    process.env.TZ = 'America/New_York';
    const now = dayjs('2026-11-01T05:30:00Z').tz(BUSINESS_TIME_ZONE);
    expect(presetRange('last-month', now)).toEqual({ start: '2026-10-01 00:00', end: '2026-10-31 23:59' });
    const october = dayjs('2026-10-25T00:30:00Z').tz(BUSINESS_TIME_ZONE);
    expect(presetRange('this-month', october)).toEqual({ start: '2026-10-01 00:00', end: '2026-10-31 23:59' });
  });
});
