import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The one window rule: a window is typed as two minutes on the business clock (YYYY-MM-DD HH:mm in
 * TZ_BUSINESS) and holds every moment t with start <= t < end + 1 minute (the end minute is whole);
 * a reversed window is read the other way round. Every list, export, total and proof reads its
 * window through here.
 */

/** A window's two ends in time order: a reversed window is read the other way round. */
export const orderedWindow = (start: string, end: string): [string, string] =>
  start <= end ? [start, end] : [end, start];

/** [from, until) of ends already in order (or Slots standing for them, see filterWhere). */
export const orderedBounds = (a: unknown, b: unknown, timeZone: unknown): { from: SQL; until: SQL } => ({
  from: sql`(${a}::timestamp at time zone ${timeZone})`,
  until: sql`((${b}::timestamp at time zone ${timeZone}) + interval '1 minute')`,
});

/** [from, until) of a window typed as start/end minutes on the business clock, end minute included. */
export function windowBounds(start: string, end: string, timeZone: string): { from: SQL; until: SQL } {
  const [a, b] = orderedWindow(start, end);
  return orderedBounds(a, b, timeZone);
}

/**
 * The conditions putting `column` in a window whose ends are each optional: both ends are read in
 * order; one end alone bounds that side only (from its minute, or up to the end of its minute).
 */
export function windowConditions(
  column: SQLWrapper,
  { start, end }: { start?: string; end?: string },
  timeZone: string,
): SQL[] {
  if (!start && !end) return [];
  const { from, until } = windowBounds(start || end!, end || start!, timeZone);
  return [...(start ? [sql`${column} >= ${from}`] : []), ...(end ? [sql`${column} < ${until}`] : [])];
}
