import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { transactions } from '../db/schema.ts';
import { flatSql, renderSql } from '../db/flatSql.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { Db } from '../db/connect.ts';
import { countedPageQuery, listStatement, pageQuery, statementOver, totalsQuery } from '../domain/paymentsList.ts';
import {
  disbursementListStatement,
  disbursementPageQuery,
  disbursementTotalsQuery,
  scopedDisbursementFilter,
} from '../domain/disbursementList.ts';
import { standInPrincipal } from '../domain/principal.ts';
import { DISBURSEMENT_SEARCH_BY } from '../../src/services/disbursementQuery.ts';
import { SEARCH_BY, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/services/payinQuery.ts';
import { keyConditions, registerRollupWindow, scopedTransactionFilter } from '../domain/payinFilter.ts';
import { windowBounds } from '../domain/businessWindow.ts';

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

/** A user whose scope is every client (null), none, or some: no client is named, so no query is made. */
const principalOf = (clientScope: number[] | null) => standInPrincipal({ clientScope });
const minuteArb = fc
  .record({
    day: fc.integer({ min: 1, max: 28 }),
    hour: fc.integer({ min: 0, max: 23 }),
    minute: fc.integer({ min: 0, max: 59 }),
  })
  .map(
    ({ day, hour, minute }) =>
      `2026-11-${String(day).padStart(2, '0')} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
  );
/** Filters of every shape, few enough shapes that most runs fill a template another run rendered. */
const listFilterArb = fc.record({
  scope: fc.constantFrom<number[] | null>(null, [], [1, 2, 3], [5]),
  start: fc.option(minuteArb, { nil: undefined }),
  end: fc.option(minuteArb, { nil: undefined }),
  status: fc.option(fc.constantFrom('', ...TRANSACTION_STATUSES), { nil: undefined }),
  methods: fc.option(fc.subarray([...TRANSACTION_TYPES], { maxLength: 3 }), { nil: undefined }),
  search: fc.option(fc.constantFrom('', 'ABC-1', "o'hara", '$1'), { nil: undefined }),
  searchBy: fc.constantFrom(...SEARCH_BY, ...DISBURSEMENT_SEARCH_BY),
  zone: fc.constantFrom('Asia/Jakarta', 'Asia/Kolkata'),
  page: fc.integer({ min: 1, max: 60 }),
  limit: fc.constantFrom(15, 100),
});

describe('statements rendered once per shape (issue 30)', () => {
  const noDb = undefined as unknown as Db;

  it('send the text and parameters the statement built from the values would, pay-ins and disbursements', async () => {
    await fc.assert(
      fc.asyncProperty(listFilterArb, async (f) => {
        const principal = principalOf(f.scope);
        const extra = [f.limit, (f.page - 1) * f.limit];
        const payins = await scopedTransactionFilter(
          noDb,
          principal,
          {
            start: f.start,
            end: f.end,
            status: f.status as never,
            payment_method: f.methods as never,
            search: f.search,
            search_by: (SEARCH_BY as readonly string[]).includes(f.searchBy) ? f.searchBy : 'correlation_id',
          } as never,
          f.zone,
        );
        const sent = statementOver('payin-list', payins.where, extra, listStatement);
        expect(sent).toEqual(preparedStatement(listStatement(payins.where, extra)));
        expect(sent).toEqual(
          preparedStatement(countedPageQuery(totalsQuery(payins.where), pageQuery(payins.where, f.page, f.limit))),
        );
        expect(statementOver('payin-summary', payins.where, [], (w) => totalsQuery(w))).toEqual(
          preparedStatement(totalsQuery(payins.where)),
        );

        const disbursements = await scopedDisbursementFilter(
          noDb,
          principal,
          {
            start: f.start,
            end: f.end,
            status: f.status ? 'PAID' : undefined,
            payment_method: f.methods?.length ? ['bank_transfer'] : undefined,
            search: f.search,
            search_by: (DISBURSEMENT_SEARCH_BY as readonly string[]).includes(f.searchBy) ? f.searchBy : 'account_no',
          } as never,
          f.zone,
        );
        expect(statementOver('disbursement-list', disbursements.where, extra, disbursementListStatement)).toEqual(
          preparedStatement(
            countedPageQuery(
              disbursementTotalsQuery(disbursements.where),
              disbursementPageQuery(disbursements.where, f.page, f.limit),
            ),
          ),
        );
      }),
      { numRuns: 400 },
    );
  });
});
