/**
 * A timestamptz as PostgreSQL sends it to a session in UTC (DateStyle ISO, the default:
 * `2026-11-26 03:00:00.123456+00`, the fraction left out when it is zero).
 */
const PG_UTC_TIME = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00$/;

/**
 * A timestamptz read from the database (Drizzle's raw rows bring PostgreSQL's text, PGlite may bring a
 * Date) as the API's ISO time, milliseconds kept and microseconds dropped as `Date` drops them. The
 * UTC text is rewritten by hand: `new Date(text)` goes through V8's slow legacy date parser, about
 * 0.9 µs a value, three values a row, 15 to 100 rows a list page (issue 30); and it reads a year before
 * 1000 as one of the 1900s. Any other text (another session zone, a year past 9999, BC) goes through Date.
 */
export function isoTime(value: Date | string): string;
export function isoTime(value: Date | string | null): string | null;
export function isoTime(value: Date | string | null): string | null {
  if (value == null) return null;
  if (typeof value === 'string') {
    const parts = PG_UTC_TIME.exec(value);
    if (parts) return `${parts[1]}T${parts[2]}.${((parts[3] ?? '') + '000').slice(0, 3)}Z`;
  }
  return new Date(value).toISOString();
}
