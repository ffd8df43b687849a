import { performance } from 'node:perf_hooks';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DisbursementFilter } from '../src/services/disbursementQuery.ts';
import type { Database } from '../server/db/connect.ts';
import {
  disbursementPageQuery,
  disbursementTotalsQuery,
  listDisbursements,
  scopedDisbursementFilter,
  summarizeDisbursements,
} from '../server/domain/disbursementList.ts';
import { checkDisbursementTotals } from '../server/domain/ledgerCheck.ts';
import { standInPrincipal } from '../server/domain/principal.ts';
import type { CaseResult, Explain, PlanSummary, TimeCase } from './benchReport.ts';
import { DEFAULT_TZ_BUSINESS } from '../server/config.ts';

/**
 * The Disbursement List half of `npm run bench`: loads N disbursements into the bench database and
 * times list and summary against the same SQL sent straight to the pool, as the pay-in cases do.
 */
const dialect = new PgDialect();
const render = (query: SQL) => dialect.sqlToQuery(query);
const TZ = DEFAULT_TZ_BUSINESS;

const principal = standInPrincipal();

/**
 * Loads `rows` disbursements over the last 30 days in random time order (as seedPayins does for
 * pay-ins: pessimistic for heap reads), 100,000 per statement so the totals triggers run per chunk.
 * Straight SQL rather than createDisbursement: these cases time the list's reads, and a million
 * one-by-one holds would take hours; the ledger plays no part in what is measured.
 */
export async function loadDisbursements(
  raw: pg.Pool,
  clientIds: number[],
  rows: number,
  log: (m: string) => void,
): Promise<number> {
  const start = performance.now();
  const clients = `{${clientIds.join(',')}}`;
  for (let from = 1; from <= rows; from += 100_000) {
    const to = Math.min(rows, from + 99_999);
    await raw.query(
      `
      insert into disbursements (uuid, client_id, correlation_id, withdrawal_method, bank_name, bank_account_name,
        account_no,
        original_transaction_no, amount, fee_amount, status, transaction_time, paid_time)
      select gen_random_uuid()::text, ($1::int[])[1 + (g % cardinality($1::int[]))], 'BDSB' || lpad(g::text, 10, '0'),
        m.method, (array['BCA','BRI','BNI','Mandiri','CIMB Niaga','Permata','BSI'])[1 + (g % 7)],
          'Beneficiary ' || (g % 997),
        lpad((g::bigint * 7919 % 10000000000)::text, 10, '0'), 'PO-' || g, 10000 + (g::bigint * 104729 % 5000000),
          m.fee, s.status, t.at,
        case when s.status in ('FINALIZED', 'VOIDED') then t.at + interval '2 minutes' end
      from generate_series($2::int, $3::int) g
      -- The draws must name g: a lateral subquery that does not is run once per statement, and
      -- every row of a chunk got the same time, status and method (earlier reports' round counts).
      cross join lateral (select now() - random() * interval '30 days' + 0 * g * interval '1 second' as at,
        random() + 0 * g as r, random() + 0 * g as q) t
      cross join lateral (select case when t.r < 0.60 then 'FINALIZED' when t.r < 0.72 then 'PENDING' when t.r < 0.80
        then 'PENDING_REQUEST'
        when t.r < 0.88 then 'REJECTED' when t.r < 0.96 then 'FAILED' else 'VOIDED' end as status) s
      cross join lateral (select case when t.q < 0.55 then 'BIFAST' when t.q < 0.85 then 'ONLINE' when t.q < 0.97
        then 'SKN' else 'RTGS' end as method,
        case when t.q < 0.55 then 2500 when t.q < 0.85 then 6500 when t.q < 0.97 then 2900 else 25000 end as fee) m`,
      [clients, from, to],
    );
    log(`disbursements: ${to.toLocaleString('en-US')} loaded`);
  }
  await raw.query('vacuum (analyze) disbursements');
  await raw.query('analyze disbursement_hourly_totals; analyze disbursement_daily_totals');
  return (performance.now() - start) / 1000;
}

const jakartaDay = (daysAgo: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - daysAgo * 86_400_000),
  );

/** List (15 and 1000 rows, page 50) and summary for the default window and two others, each beside its SQL. */
export async function measureDisbursements(
  database: Database,
  timeCase: TimeCase,
  explain: Explain,
  warmups: number,
): Promise<{ results: CaseResult[]; plans: PlanSummary[]; notes: string[] }> {
  const raw = database.db.$client;
  const results: CaseResult[] = [];
  const plans: PlanSummary[] = [];
  const notes: string[] = [];
  const drift = await checkDisbursementTotals(database.db);
  if (drift.length)
    throw new Error(
      `disbursement totals differ from the disbursements: ${drift
        .slice(0, 3)
        .map((p) => p.detail)
        .join('; ')}`,
    );
  const filters: Array<{ label: string; filter: DisbursementFilter }> = [
    { label: '7 days (default), all statuses', filter: { search_by: 'correlation_id' } },
    {
      label: '1 day, FINALIZED',
      filter: {
        search_by: 'correlation_id',
        status: 'FINALIZED',
        start: `${jakartaDay(1)} 00:00`,
        end: `${jakartaDay(1)} 23:59`,
      },
    },
    {
      label: '30 days, PENDING',
      filter: {
        search_by: 'correlation_id',
        status: 'PENDING',
        start: `${jakartaDay(29)} 00:00`,
        end: `${jakartaDay(0)} 23:59`,
      },
    },
  ];
  for (const { label, filter } of filters) {
    const where = async () => (await scopedDisbursementFilter(database.db, principal, filter, TZ)).where;
    const fixed = await where();
    const totals = render(disbursementTotalsQuery(fixed));
    const exact = render(
      sql`select count(*) as n, coalesce(sum(t.amount), 0) as amount, coalesce(sum(t.fee_amount), 0) as fee
        from disbursements t where ${fixed}`,
    );
    const {
      rows: [want],
    } = await raw.query<{ n: string; amount: string; fee: string }>(exact.sql, exact.params);
    const summary = await summarizeDisbursements(database.db, fixed);
    if (
      summary.total_transaction_count !== Number(want.n) ||
      summary.total_transaction_amount !== Number(want.amount) ||
      summary.total_fee_amount !== Number(want.fee)
    ) {
      throw new Error(
        `disbursement totals disagree with a plain count for ${label}: ${JSON.stringify({ want, summary })}`,
      );
    }
    notes.push(`${label}: ${Number(want.n).toLocaleString('en-US')} disbursements in the window.`);
    const list = (page: number, limit: number) => {
      const pageSql = render(disbursementPageQuery(fixed, page, limit));
      return {
        ours: async () => listDisbursements(database.db, await where(), page, limit),
        direct: async () => {
          const {
            rows: [{ n }],
          } = await raw.query<{ n: string }>(totals.sql, totals.params);
          const { rows } = await raw.query(pageSql.sql, pageSql.params);
          return { total: Number(n), rows };
        },
      };
    };
    const warm = list(1, 15);
    for (let i = 0; i < warmups; i++) {
      await warm.ours();
      await warm.direct();
    }
    for (const [name, page, limit] of [
      ['disbursement list, limit 15, page 1', 1, 15],
      ['disbursement list, limit 1000, page 1', 1, 1000],
      ['disbursement list, limit 15, page 50', 50, 15],
    ] as const) {
      const c = list(page, limit);
      results.push(await timeCase(name, label, c.ours, c.direct, { p95Target: 30, ratioTarget: 1.5 }));
    }
    results.push(
      await timeCase(
        'disbursement summary',
        label,
        async () => summarizeDisbursements(database.db, await where()),
        () => raw.query(totals.sql, totals.params),
        { p95Target: 50, ratioTarget: null },
      ),
    );
    plans.push(await explain(raw, `disbursement totals (${label})`, totals.sql, totals.params));
    const pageSql = render(disbursementPageQuery(fixed, 1, 15));
    plans.push(await explain(raw, `disbursement page, limit 15 (${label})`, pageSql.sql, pageSql.params));
  }
  return { results, plans, notes };
}
