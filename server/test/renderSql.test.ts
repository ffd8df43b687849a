import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { transactions } from '../db/schema.ts';
import { flatSql, renderSql } from '../db/flatSql.ts';
import { pageQuery, totalsQuery } from '../domain/paymentsList.ts';
import { keyConditions, registerRollupWindow, windowBounds } from '../domain/transactionFilter.ts';

const dialect = new PgDialect();
const byDrizzle = (query: SQL) => {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { sql: text, params };
};

/** A value a rule puts into sql``: the words and numbers of a filter, a time, nothing. */
const valueArb = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.bigInt(),
  fc.date({ noInvalidDate: true }),
);
/** Statements as the domain builds them: text and values in sql`` pieces, nested, joined, with raw text. */
const { statement } = fc.letrec<{ statement: SQL; piece: SQL | string | number | boolean | null | bigint | Date }>(
  (tie) => ({
    piece: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      valueArb,
      fc.string({ maxLength: 6 }).map((text) => sql.raw(text)),
      tie('statement'),
    ),
    statement: fc
      .record({
        texts: fc.array(fc.string({ maxLength: 10 }), { minLength: 1, maxLength: 5 }),
        pieces: fc.array(tie('piece'), { maxLength: 4 }),
        joined: fc.boolean(),
      })
      .map(({ texts, pieces, joined }) => {
        if (joined)
          return sql.join(
            pieces.map((p) => sql`${p}`),
            sql.raw(texts[0]),
          );
        const strings = Object.assign(
          Array.from({ length: pieces.length + 1 }, (_, i) => texts[i % texts.length]),
          { raw: [] as string[] },
        );
        return sql(strings, ...pieces);
      }),
  }),
);

describe('renderSql: the text and parameters Drizzle would send, in one walk', () => {
  it('equals PgDialect on any statement of sql`` pieces, raw text and values, nested or flattened', () => {
    fc.assert(
      fc.property(statement, (query) => {
        expect(renderSql(query)).toEqual(byDrizzle(query));
        expect(renderSql(flatSql(query))).toEqual(byDrizzle(query));
      }),
      { numRuns: 2_000 },
    );
  });

  it('equals PgDialect on the Payments List statements for any filter shape', () => {
    const filterArb = fc.record({
      clientIds: fc.option(fc.uniqueArray(fc.integer({ min: 1, max: 99 }), { maxLength: 4 })),
      status: fc.option(fc.constantFrom('FINALIZED', 'PENDING'), { nil: undefined }),
      methods: fc.option(fc.subarray(['va_bca', 'fello_qris', 'va_bri']), { nil: undefined }),
      search: fc.option(fc.string({ maxLength: 12 }), { nil: undefined }),
      page: fc.integer({ min: 1, max: 999 }),
      zone: fc.constantFrom('Asia/Jakarta', 'Asia/Kolkata', 'UTC'),
    });
    fc.assert(
      fc.property(filterArb, ({ clientIds, status, methods, search, page, zone }) => {
        const bounds = windowBounds('2026-11-26 00:00', '2026-11-27 13:29', zone);
        const key = { clientIds, status, methods };
        const parts = [
          sql`t.transaction_time >= ${bounds.from}`,
          sql`t.transaction_time < ${bounds.until}`,
          ...keyConditions('t', key),
          ...(search === undefined ? [] : [sql`t.correlation_id = ${search}`]),
        ];
        const where = sql.join(parts, sql` and `);
        if (search === undefined) registerRollupWindow(where, { ...key, ...bounds });
        for (const query of [totalsQuery(where), pageQuery(where, page, 15)])
          expect(renderSql(query)).toEqual(byDrizzle(query));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves to Drizzle what it does not read itself: columns, arrays, inlined values', () => {
    expect(renderSql(sql`select ${transactions.id} from t`)).toBeNull();
    expect(renderSql(sql`select 1 where x in ${[1, 2]}`)).toBeNull();
    expect(renderSql(sql`select ${sql`${'a'}`.inlineParams()}`)).toBeNull();
    expect(renderSql(sql`select ${undefined}`)).toBeNull();
  });
});
