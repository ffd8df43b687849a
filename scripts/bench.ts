import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/connect.ts';
import { clients } from '../server/db/schema.ts';
import { listTransactions, summarizeTransactions } from '../server/domain/transactionList.ts';
import { scopedTransactionFilter } from '../server/domain/transactionFilter.ts';
import type { Principal } from '../server/domain/principal.ts';
import { ensureReferenceData } from '../server/seed/reference.ts';
import { seedPayins } from '../server/seed/payins.ts';
import { percentile, renderReport, resultsTable, type CaseResult, type PlanSummary, type Variant } from './benchReport.ts';

/**
 * `npx tsx scripts/bench.ts [--rows N] [--what-if "SQL"]... [--keep]`
 * Loads N pay-ins into a throw-away database `bench_<random>` on DATABASE_URL's server, times the
 * Payments List queries against the same SQL sent straight to the pool, and writes docs/bench.md. Each --what-if
 * is applied on top of the previous ones (e.g. a CREATE INDEX) and the cases are measured again.
 */
const { values: args } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    'what-if': { type: 'string', multiple: true, default: [] },
    keep: { type: 'boolean', default: false },
  },
});
const rows = Number(args.rows);
if (!Number.isInteger(rows) || rows < 1) throw new Error('--rows must be a positive whole number');

const TZ = 'Asia/Jakarta';
const WARMUPS = 5;
const RUNS = 50;
const SLOW_MS = 200;
const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);

const principal: Principal = {
  id: 0, name: 'Bench', email: 'bench@example.invalid', type: 'SUPER ADMIN', twoFactorActive: true,
  role: null, moduleIds: [], allowedPaths: [], clientScope: null,
};

// The text Drizzle renders for scopedTransactionFilter + listTransactions/summarizeTransactions
// (SUPER ADMIN, status only), so "SQL" differs from "ours" only by what our code adds around it.
const WHERE = `t.transaction_time >= ($1::timestamp at time zone $2) and t.transaction_time < ($3::timestamp at time zone $4) + interval '1 minute' and t.status = $5`;
const COUNT_SQL = `select count(*)::int as total from transactions t where ${WHERE}`;
const PAGE_SQL = `select t.uuid, t.type, t.service_type, t.rrn, t.correlation_id, t.account_no, t.currency, t.amount, t.fee_amount,
  t.status, t.paid_time, t.transaction_time, t.settlement_time, t.client_id, c.client_name, t.withdrawable_at
  from transactions t join clients c on c.id = t.client_id
  where ${WHERE} order by t.transaction_time desc, t.id desc limit $6 offset $7`;
const SUMMARY_SQL = `select count(*)::int as n, coalesce(sum(t.amount), 0) as amount, coalesce(sum(t.fee_amount), 0) as fee from transactions t where ${WHERE}`;

const jakartaDay = (daysAgo: number) => new Intl.DateTimeFormat('sv-SE', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' })
  .format(new Date(Date.now() - daysAgo * 86_400_000));
const windows = [
  { label: '1 day', start: `${jakartaDay(1)} 00:00`, end: `${jakartaDay(1)} 23:59` },
  { label: '30 days', start: `${jakartaDay(29)} 00:00`, end: `${jakartaDay(0)} 23:59` },
];

async function timeCase(name: string, window: string, ours: () => Promise<unknown>, direct: () => Promise<unknown>, targets: Pick<CaseResult, 'p95Target' | 'ratioTarget'>): Promise<CaseResult> {
  const warmStart = performance.now();
  for (let i = 0; i < WARMUPS; i++) { await ours(); await direct(); }
  // Slow cases get fewer measured runs so the whole bench stays within minutes; the table says how many.
  const runs = (performance.now() - warmStart) / (2 * WARMUPS) > SLOW_MS ? 10 : RUNS;
  const samples = { ours: [] as number[], direct: [] as number[] };
  for (let i = 0; i < runs; i++) {
    // Alternating which goes first keeps cache warmth and background noise from favouring one side.
    const order = i % 2 === 0 ? (['ours', 'direct'] as const) : (['direct', 'ours'] as const);
    for (const side of order) {
      const t0 = performance.now();
      await (side === 'ours' ? ours : direct)();
      samples[side].push(performance.now() - t0);
    }
  }
  log(`${name} (${window}): ours p95 ${percentile(samples.ours, 95).toFixed(1)} ms, SQL p95 ${percentile(samples.direct, 95).toFixed(1)} ms`);
  return { name, window, runs, warmups: WARMUPS, ours: samples.ours, direct: samples.direct, ...targets };
}

async function measure(database: Database): Promise<{ results: CaseResult[]; plans: PlanSummary[] }> {
  // Drizzle's own pool: both sides then run on the same server connections, so any difference is our code.
  const raw = database.db.$client;
  const results: CaseResult[] = [];
  const plans: PlanSummary[] = [];
  for (const w of windows) {
    const filter = { start: w.start, end: w.end, status: 'FINALIZED' as const, search_by: 'correlation_id' as const };
    const params = [w.start, TZ, w.end, TZ, 'FINALIZED'];
    const where = async () => (await scopedTransactionFilter(database.db, principal, filter, TZ)).where;
    const list = (page: number, limit: number) => ({
      ours: async () => listTransactions(database.db, await where(), page, limit),
      direct: async () => {
        const { rows: [{ total }] } = await raw.query<{ total: number }>(COUNT_SQL, params);
        const { rows } = await raw.query<{ uuid: string }>(PAGE_SQL, [...params, limit, (page - 1) * limit]);
        return { total, rows };
      },
    });
    // Guard against the copied SQL drifting from what the functions run.
    const check = list(1, 15);
    const [a, b] = [await check.ours(), await check.direct()];
    if (a.meta.total !== b.total || a.rows.map((r) => r.uuid).join() !== b.rows.map((r) => r.uuid).join()) {
      throw new Error(`direct SQL and listTransactions disagree for ${w.label}`);
    }
    const listTargets = { p95Target: 30, ratioTarget: 1.5 };
    for (const [label, page, limit] of [['list, limit 15, page 1', 1, 15], ['list, limit 1000, page 1', 1, 1000], ['list, limit 15, page 50', 50, 15]] as const) {
      const c = list(page, limit);
      results.push(await timeCase(label, w.label, c.ours, c.direct, listTargets));
    }
    results.push(await timeCase('summary', w.label,
      async () => summarizeTransactions(database.db, await where()),
      () => raw.query(SUMMARY_SQL, params),
      { p95Target: w.label === '1 day' ? 50 : null, ratioTarget: null }));
    if (w.label === '1 day') {
      plans.push(await explain(raw, `list, limit 15 — count (${w.label})`, COUNT_SQL, params));
      plans.push(await explain(raw, `list, limit 15 — page (${w.label})`, PAGE_SQL, [...params, 15, 0]));
      plans.push(await explain(raw, `summary (${w.label})`, SUMMARY_SQL, params));
    }
  }
  return { results, plans };
}

async function explain(raw: pg.Pool, label: string, text: string, params: unknown[]): Promise<PlanSummary> {
  const { rows } = await raw.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, params);
  const lines = rows.map((r) => r['QUERY PLAN']);
  return {
    label,
    top: lines[0].trim(),
    scans: lines.filter((l) => /Scan|Sort Method/.test(l)).map((l) => l.replace(/^[\s->]+/, '').trim()),
    full: lines.join('\n'),
  };
}

async function main() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  log(`created database ${name}`);
  const benchUrl = new URL(serverUrl);
  benchUrl.pathname = `/${name}`;
  let database: Database | undefined;
  const drop = async () => {
    if (args.keep) return log(`kept database ${name}`);
    await admin.query(`drop database if exists ${name} with (force)`);
    log(`dropped database ${name}`);
  };
  // Ctrl-C during a long load must not leave a multi-gigabyte database behind; the load's own
  // transaction would take minutes to finish, so the drop does not wait for it.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => { void drop().finally(() => process.exit(130)); });
  try {
    database = await openDatabase({ url: benchUrl.toString() });
    const raw = database.db.$client;
    // pool.end() resolves before the server has seen every connection close, and DROP ... WITH (FORCE)
    // then ends those: expected here, not a failure.
    raw.on('error', () => {});
    await ensureReferenceData(database.db);
    const loadStart = performance.now();
    const clientRows = await database.db.insert(clients).values(Array.from({ length: 7 }, (_, i) => ({ clientName: `Bench Client ${i + 1}` }))).returning({ id: clients.id });
    log(`loading ${rows.toLocaleString('en-US')} pay-ins with seedPayins`);
    await seedPayins(database.db, { count: rows, days: 30, clientIds: clientRows.map((c) => c.id) });
    const loadSeconds = (performance.now() - loadStart) / 1000;
    log(`loaded in ${loadSeconds.toFixed(1)} s`);
    const vacuumStart = performance.now();
    // VACUUM as well as ANALYZE: it sets the visibility map as autovacuum soon would in production,
    // and keeps autovacuum from kicking in halfway through the measurements.
    await raw.query('vacuum (analyze) transactions');
    await raw.query('analyze');
    const vacuumSeconds = (performance.now() - vacuumStart) / 1000;

    // Other work on this shared machine skews the timings; the report shows how busy it was.
    const loadBefore = os.loadavg()[0];
    const variants: Variant[] = [{ title: 'Results (schema as migrated)', ...(await measure(database)) }];
    for (const statement of args['what-if']) {
      log(`what if: ${statement}`);
      await raw.query(statement);
      // CLUSTER and VACUUM FULL leave the visibility map empty, which would turn index-only scans into heap reads.
      await raw.query('vacuum (analyze) transactions');
      variants.push({ title: `\`${statement}\``, ...(await measure(database)) });
    }

    const [{ version }] = (await raw.query<{ version: string }>(`select current_setting('server_version') || ', shared_buffers ' || current_setting('shared_buffers') as version`)).rows;
    const cpus = os.cpus();
    const report = renderReport({
      date: new Date().toISOString(),
      cpus: `${cpus.length} × ${cpus[0]?.model ?? 'unknown'}`,
      ramGb: os.totalmem() / 2 ** 30,
      postgres: version,
      migration: (JSON.parse(readFileSync(new URL('../server/db/migrations/meta/_journal.json', import.meta.url), 'utf8')) as { entries: Array<{ tag: string }> }).entries.at(-1)?.tag ?? 'none',
      rows,
      loader: '`seedPayins`: generated in batches of 2,000, credited through the ledger',
      loadSeconds,
      loadAverage: `${loadBefore.toFixed(2)} before measuring, ${os.loadavg()[0].toFixed(2)} after (1-minute; this bench alone keeps about one core busy)`,
      notes: [
        `Windows: 1 day = ${windows[0].start} to ${windows[0].end}; 30 days = ${windows[1].start} to ${windows[1].end} (Asia/Jakarta).`,
        `After loading, \`VACUUM (ANALYZE)\` took ${vacuumSeconds.toFixed(1)} s. Each case: ${WARMUPS} warm-ups, then ${RUNS} measured runs (10 when a warm-up run averaged over ${SLOW_MS} ms); ours and SQL alternate.`,
        'A list request is two queries (count, then the page), timed together on both sides.',
        'seedPayins writes pay-ins in random time order, so one day\'s rows are spread over the whole table; live traffic writes them in time order. Heap-reading queries are therefore pessimistic here.',
        ...(args['what-if'].length ? ['Each "What if" section applies its SQL on top of the previous ones, in the throw-away bench database only, then measures again.'] : []),
      ],
    }, variants);
    process.stdout.write(`${variants.map((v) => `## ${v.title}\n\n${resultsTable(v.results)}`).join('\n\n')}\n`);
    mkdirSync(new URL('../docs/', import.meta.url), { recursive: true });
    writeFileSync(new URL('../docs/bench.md', import.meta.url), report);
    log('wrote docs/bench.md');
  } finally {
    await database?.close();
    await drop();
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
