import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from '../server/db/connect.ts';
import { bucketDayTotalsQuery, businessDayTotalsQuery, lastBusinessDays } from '../server/domain/dayTotals.ts';
import { OVERVIEW_DAYS, overview } from '../server/domain/overview.ts';
import { summarizeTransactions } from '../server/domain/paymentsList.ts';
import { standInPrincipal } from '../server/domain/principal.ts';
import { scopedTransactionFilter } from '../server/domain/payinFilter.ts';
import type { CaseResult, Explain, PlanSummary, TimeCase } from './benchReport.ts';
import { DEFAULT_TZ_BUSINESS } from '../server/config.ts';

/**
 * Issue 29: GET overview's whole answer (`overview()`, every figure, as the route builds it) at the
 * bench's pay-in count, for a SUPER ADMIN (every client) and a user of one client, beside its one
 * heavy statement (the 14 business days from the business-day totals, migration 0024) sent straight to the pool. Before timing,
 * today's FINALIZED figures are held against `transaction/summary`'s and the 14 days against a plain
 * group-by over the pay-ins, so what is timed is also right at this scale. Target: p95 <= 50 ms.
 */
const TZ = DEFAULT_TZ_BUSINESS;
const dialect = new PgDialect();

const bench = (clientScope: number[] | null) =>
  standInPrincipal({
    type: clientScope ? 'CLIENT' : 'SUPER ADMIN',
    // What the demo roles hold: every figure the answer can carry is built (approvals, settlement, callbacks).
    moduleIds: ['overview', 'transactions', 'balance', 'disbursement-list', 'settlement', 'approvals'],
    clientScope,
  });

/** The pool's query, each in a transaction of its own with JIT off, as overview() reads (server/domain/overview.ts). */
const withoutJit = (raw: pg.Pool) =>
  ({
    query: async (text: string, params: unknown[]) => {
      const client = await raw.connect();
      try {
        await client.query('begin transaction isolation level repeatable read read only');
        await client.query('set local jit = off');
        const result = await client.query(text, params);
        await client.query('commit');
        return result;
      } finally {
        client.release();
      }
    },
  }) as unknown as pg.Pool;

export async function measureOverview(
  database: Database,
  clientId: number,
  timeCase: TimeCase,
  explain: Explain,
  warmups: number,
): Promise<{ results: CaseResult[]; plans: PlanSummary[]; notes: string[] }> {
  const raw = database.db.$client;
  const days = lastBusinessDays(TZ, OVERVIEW_DAYS);
  const results: CaseResult[] = [];
  const plans: PlanSummary[] = [];
  const notes: string[] = [];
  for (const [label, scope] of [
    ['SUPER ADMIN, every client', null],
    ['client user, one client', [clientId]],
  ] as const) {
    const principal = bench(scope ? [...scope] : null);
    const answer = await overview(database.db, principal, {}, TZ);
    const { where } = await scopedTransactionFilter(
      database.db,
      principal,
      { status: 'FINALIZED', search_by: 'correlation_id' },
      TZ,
    );
    const summary = await summarizeTransactions(database.db, where);
    if (
      answer.today.finalized_count !== summary.total_transaction_count ||
      answer.today.finalized_amount !== summary.total_transaction_amount
    )
      throw new Error(`overview's today disagrees with transaction/summary (${label})`);
    const exact = dialect.sqlToQuery(sql`select to_char(t.transaction_time at time zone ${TZ}, 'YYYY-MM-DD') as day,
        t.status, count(*) as n, sum(t.amount) as amount from transactions t
      where t.transaction_time >= (${`${days[0]} 00:00`}::timestamp at time zone ${TZ})
        and t.transaction_time < (${`${days.at(-1)} 23:59`}::timestamp at time zone ${TZ}) + interval '1 minute'
        ${scope ? sql.raw(`and t.client_id in (${scope.join(',')})`) : sql``}
      group by 1, 2`);
    const { rows: want } = await raw.query<{ day: string; status: string; n: string; amount: string }>(
      exact.sql,
      exact.params,
    );
    for (const w of want) {
      const got = answer.daily.find((d) => d.day === w.day)?.by_status.find((s) => s.status === w.status);
      if (got?.count !== Number(w.n) || got.amount !== Number(w.amount))
        throw new Error(`overview's ${w.day} ${w.status} disagrees with a plain count (${label})`);
    }
    const total = want.reduce((n, w) => n + Number(w.n), 0);
    const counted = answer.daily.reduce((n, d) => n + d.by_status.reduce((m, s) => m + s.count, 0), 0);
    if (counted !== total) throw new Error(`overview's 14 days hold ${counted} pay-ins, not ${total} (${label})`);
    notes.push(
      `${label}: ${total.toLocaleString('en-US')} pay-ins in the 14 business days (${days[0]} to ${days.at(-1)}), ` +
        `${answer.today.finalized_count.toLocaleString('en-US')} FINALIZED today; each day and status checked ` +
        'against a plain group-by, today against `transaction/summary`.',
    );
    const days14 = dialect.sqlToQuery(businessDayTotalsQuery(days, scope ? [...scope] : null, TZ));
    const ours = () => overview(database.db, principal, {}, TZ);
    const direct = () => withoutJit(raw).query(days14.sql, days14.params);
    for (let i = 0; i < warmups; i++) {
      await ours();
      await direct();
    }
    results.push(await timeCase('overview', label, ours, direct, { p95Target: 50, ratioTarget: null }));
    plans.push(
      await explain(
        withoutJit(raw),
        `overview: the 14 days from the business-day totals (${label})`,
        days14.sql,
        days14.params,
      ),
    );
    // Before migration 0024 the 14 days came from the hour and day buckets: that statement is timed
    // too (both sides are it), so the report shows what the business-day buckets spare.
    const buckets = dialect.sqlToQuery(bucketDayTotalsQuery(days, scope ? [...scope] : null, TZ));
    const before = () => withoutJit(raw).query(buckets.sql, buckets.params);
    for (let i = 0; i < warmups / 10; i++) await before();
    results.push(
      await timeCase('14 days from the hour buckets (before 0024; SQL only)', label, before, before, {
        p95Target: null,
        ratioTarget: null,
      }),
    );
    plans.push(
      await explain(
        withoutJit(raw),
        `before 0024: the 14 days from the hour buckets (${label})`,
        buckets.sql,
        buckets.params,
      ),
    );
  }
  return { results, plans, notes };
}
