import { describe, expect, it } from 'vitest';
import { businessTime } from '../domain/payinExport.ts';

const intl = (timeZone: string) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });

/** Every minute's first and last second over `hours` from `start`, as ISO strings. */
function seconds(start: string, hours: number): string[] {
  const from = Date.parse(start);
  return Array.from({ length: hours * 60 }, (_, m) => [0, 59_999].map((ms) => new Date(from + m * 60_000 + ms)))
    .flat()
    .map((d) => d.toISOString());
}

describe('businessTime (formats once per minute)', () => {
  it.each([
    // No daylight saving, the servers' zone.
    ['Asia/Jakarta', '2026-11-25T00:00:00Z'],
    // Daylight saving ending at 05:30 UTC: a half-hour-offset zone whose change is not on a UTC hour.
    ['America/St_Johns', '2026-11-01T02:00:00Z'],
    // A 30-minute change of offset.
    ['Australia/Lord_Howe', '2026-04-04T13:00:00Z'],
    // An offset with seconds (Monrovia kept -00:44:30 until 1972): formatted time by time.
    ['Africa/Monrovia', '1971-05-15T20:00:00Z'],
    // Jakarta's own, +07:07:12 until 1924.
    ['Asia/Jakarta', '1920-01-01T00:00:00Z'],
  ])('agrees with Intl second by second in %s', (zone, start) => {
    const time = businessTime(zone);
    const times = seconds(start, 6);
    expect(times.map((iso) => time(iso))).toEqual(times.map((iso) => intl(zone).format(new Date(iso))));
  });

  it('keeps null as null', () => {
    expect(businessTime('Asia/Jakarta')(null)).toBeNull();
  });
});
