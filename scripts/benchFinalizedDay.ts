import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/connect.ts';
import { bulkCreditPayins } from '../server/domain/payinLedgerBulk.ts';
import { auditSeeded } from '../server/seed/seedAudit.ts';
import { DEFAULT_TZ_BUSINESS } from '../server/config.ts';

/** The bench's business clock: the demo's own zone, as the server's default. */
export const BENCH_TZ = DEFAULT_TZ_BUSINESS;

/** The business day `daysBack` days before today ('YYYY-MM-DD'). */
export const benchDay = (daysBack: number) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: BENCH_TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() - daysBack * 86_400_000),
  );

/**
 * `count` FINALIZED FELLO QRIS pay-ins spread over one business day and over `clientIds`, loaded by SQL
 * in chunks of 100,000, credited through the ledger (`bulkCreditPayins`) under the load's own audit
 * line (issue 43), then analyzed; correlation ids are `prefix` + a number. Answers the seconds it took.
 */
export async function loadFinalizedDay(
  database: Database,
  o: { prefix: string; accountPrefix: string; clientIds: number[]; day: string; count: number },
): Promise<number> {
  const raw = database.db.$client as pg.Pool;
  const start = performance.now();
  const clients = `{${o.clientIds.join(',')}}`;
  for (let from = 1; from <= o.count; from += 100_000) {
    const to = Math.min(o.count, from + 99_999);
    await raw.query(
      `
      insert into transactions (uuid, client_id, type, service_type, rrn, correlation_id, account_no, amount,
        fee_amount, status, transaction_time, paid_time)
      select gen_random_uuid()::text, ($1::int[])[1 + (g % cardinality($1::int[]))], 'fello_qris', 'QRIS',
        lpad(g::text, 12, '0'),
        $6 || lpad(g::text, 10, '0'), $7 || lpad(g::text, 11, '0'), a.amount, round(a.amount * 0.007),
          'FINALIZED', t.at, t.at + interval '30 seconds'
      from generate_series($2::int, $3::int) g
      cross join lateral (
        select ($4::timestamp at time zone '${BENCH_TZ}') + (g::bigint * 86399 / $5) * interval '1 second' as at) t
      cross join lateral (select 10000 + (g::bigint * 104729 % 1490000) as amount) a`,
      [clients, from, to, o.day, o.count, o.prefix, o.accountPrefix],
    );
  }
  await database.db.transaction(async (tx) => {
    await bulkCreditPayins(tx as unknown as Db, sql`t.correlation_id like ${`${o.prefix}%`}`);
    await auditSeeded(tx as unknown as Db, 'bench_payins', { count: o.count });
  });
  await raw.query('vacuum (analyze) transactions');
  return (performance.now() - start) / 1000;
}
