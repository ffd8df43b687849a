import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { isoTime } from '../db/pgTime.ts';
import { freshDatabase } from './harness.ts';

/** An instant from year 1 to 9999 and the microseconds past its millisecond, which the API drops. */
const instantArb = fc.record({
  ms: fc.integer({ min: Date.UTC(1, 0, 1) - 1, max: Date.UTC(9999, 11, 31, 23, 59, 59, 999) }).map((ms) => ms + 1),
  micros: fc.integer({ min: 0, max: 999 }),
});
/** The ISO text with all six fractional digits: what PostgreSQL stores. */
const withMicros = ({ ms, micros }: { ms: number; micros: number }) =>
  new Date(ms).toISOString().replace('Z', `${String(micros).padStart(3, '0')}Z`);
/** As PostgreSQL writes it to a UTC session: a space for the T, trailing zeros of the fraction dropped, +00. */
const pgText = (instant: { ms: number; micros: number }) => {
  const [date, time] = withMicros(instant).slice(0, -1).split('T');
  const [whole, fraction] = time.split('.');
  const digits = fraction.replace(/0+$/, '');
  return `${date} ${whole}${digits ? `.${digits}` : ''}+00`;
};

describe('isoTime: a timestamptz as the API writes it', () => {
  it('rewrites PostgreSQL UTC text exactly as Date would, for every instant of years 1 to 9999', () => {
    fc.assert(
      fc.property(instantArb, (instant) => {
        expect(isoTime(pgText(instant))).toBe(new Date(instant.ms).toISOString());
      }),
      { numRuns: 5_000 },
    );
    expect(isoTime('2026-11-26 03:00:00+00')).toBe('2026-11-26T03:00:00.000Z');
    expect(isoTime('2026-11-26 03:00:00.1+00')).toBe('2026-11-26T03:00:00.100Z');
    expect(isoTime('2026-11-26 03:00:00.999999+00')).toBe('2026-11-26T03:00:00.999Z');
    // V8's own parser read this as 1999.
    expect(isoTime('0099-01-01 00:00:00+00')).toBe('0099-01-01T00:00:00.000Z');
  });

  it('leaves any other shape to Date: another session zone, a Date, null', () => {
    expect(isoTime('2026-11-26 10:00:00.5+07')).toBe('2026-11-26T03:00:00.500Z');
    expect(isoTime(new Date(Date.UTC(2026, 10, 26, 3)))).toBe('2026-11-26T03:00:00.000Z');
    expect(isoTime(null)).toBeNull();
  });
});

describe('isoTime on what the database sends', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    db = await freshDatabase();
  });
  afterAll(() => db.dispose());

  it('gives each stored instant to the millisecond, whichever driver reads it', async () => {
    const instants = fc.sample(instantArb, { numRuns: 300, seed: 30 });
    const { rows } = await db.database.db.execute<{ t: Date | string; i: number }>(
      sql`select x::timestamptz as t, i::int as i from unnest(string_to_array(${instants.map(withMicros).join(',')}, ','))
        with ordinality as u (x, i) order by i`,
    );
    // node-postgres under Drizzle hands over PostgreSQL's own text: the rewrite above is what runs.
    if (db.database.kind === 'postgres') expect(rows.every((row) => typeof row.t === 'string')).toBe(true);
    expect(rows.map((row) => isoTime(row.t))).toEqual(instants.map(({ ms }) => new Date(ms).toISOString()));
  });
});
