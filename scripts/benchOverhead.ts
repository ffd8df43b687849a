import { createRequire } from 'node:module';
import os from 'node:os';
import { performance, PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../server/db/connect.ts';
import { listTransactions, pageQuery, toTransactionRow, totalsQuery } from '../server/domain/paymentsList.ts';
import { scopedTransactionFilter } from '../server/domain/payinFilter.ts';
import { standInPrincipal } from '../server/domain/principal.ts';
import { percentile } from './benchReport.ts';
import { DEFAULT_TZ_BUSINESS } from '../server/config.ts';

/**
 * `npx tsx scripts/benchOverhead.ts --database <url of a database kept by bench.ts --keep>`
 * Takes the "list, limit 15, page 1, 1 day" case of scripts/bench.ts apart and times each part in
 * a loop (warm-ups first, then p50/p95), to show where ours spends the time the direct SQL does not.
 * Pure-CPU parts run alone; parts that hit the database alternate with their direct counterpart,
 * as in bench.ts, so background load falls on both sides alike.
 */
const { values: args } = parseArgs({
  options: { database: { type: 'string' }, runs: { type: 'string', default: '600' } },
});
if (!args.database) throw new Error('--database <url> is required');
const RUNS = Number(args.runs);
const CPU_RUNS = 5_000;
const TZ = DEFAULT_TZ_BUSINESS;
const principal = standInPrincipal();
const day = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
}).format(new Date(Date.now() - 86_400_000));
const filter = {
  start: `${day} 00:00`,
  end: `${day} 23:59`,
  status: 'FINALIZED' as const,
  search_by: 'correlation_id' as const,
};

// Garbage-collection pauses, summed per measured part: a scavenge landing inside a 2 ms run is what
// lifts one side's p95 and not its p50.
let gcMs = 0;
let gcCount = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    gcCount++;
  }
}).observe({ entryTypes: ['gc'] });

type Row = { part: string; p50: number; p95: number; mean: number; runs: number; gcPerRun: number; cpuPerRun?: number };
const table: Row[] = [];
const summarize = (part: string, samples: number[], gc: { ms: number; n: number }, cpuMs?: number) => {
  const row: Row = {
    part,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    mean: samples.reduce((a, b) => a + b, 0) / samples.length,
    runs: samples.length,
    gcPerRun: gc.ms / samples.length,
    cpuPerRun: cpuMs === undefined ? undefined : cpuMs / samples.length,
  };
  table.push(row);
  process.stderr.write(
    `${part}: p50 ${row.p50.toFixed(3)} p95 ${row.p95.toFixed(3)} ms, CPU ${row.cpuPerRun?.toFixed(3) ?? '-'} ms/run ` +
      `(${gc.n} GCs, ${gc.ms.toFixed(1)} ms)\n`,
  );
};

/** A CPU-only part, alone, many times. */
async function cpu(part: string, fn: () => unknown, runs = CPU_RUNS) {
  for (let i = 0; i < 500; i++) await fn();
  const samples: number[] = [];
  const [g0, n0] = [gcMs, gcCount];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  summarize(part, samples, { ms: gcMs - g0, n: gcCount - n0 });
}

/**
 * Database parts, interleaved run by run (order rotated) so noise falls on all of them alike.
 * Besides wall time, the CPU this process spent (process.cpuUsage) per run: what our code costs
 * the client, which other load on the machine stretches far less than the wall clock.
 */
async function interleaved(parts: Array<[string, () => Promise<unknown>]>) {
  for (let i = 0; i < 50; i++) for (const [, fn] of parts) await fn();
  const samples = parts.map(() => [] as number[]);
  const gc = parts.map(() => ({ ms: 0, n: 0 }));
  const cpuMs = parts.map(() => 0);
  for (let i = 0; i < RUNS; i++) {
    for (let k = 0; k < parts.length; k++) {
      const j = (i + k) % parts.length;
      const [g0, n0] = [gcMs, gcCount];
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      await parts[j][1]();
      samples[j].push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpuMs[j] += (c.user + c.system) / 1000;
      gc[j].ms += gcMs - g0;
      gc[j].n += gcCount - n0;
    }
  }
  parts.forEach(([part], j) => summarize(part, samples[j], gc[j], cpuMs[j]));
}

const database = await openDatabase({ url: args.database });
const { db } = database;
const raw = db.$client;
const dialect = new PgDialect();
const render = (query: SQL) => dialect.sqlToQuery(query);
const { where } = await scopedTransactionFilter(db, principal, filter, TZ);
const totals = render(totalsQuery(where));
const page = render(pageQuery(where, 1, 15));

// Drizzle's execute() sends the same text as an unnamed statement, with its own type parsers
// (timestamps left as text) and the pg default for everything else; rows come back as objects.
const drizzleTypes = {
  getTypeParser: (oid: number, format?: string) =>
    [1082, 1114, 1184, 1186, 1115, 1182, 1185, 1187, 1231].includes(oid)
      ? (v: string) => v
      : pg.types.getTypeParser(oid, format as 'text'),
};
const asText = { getTypeParser: () => (v: string) => v };
const pageRaw = await raw.query({ text: page.sql, types: drizzleTypes }, page.params);
const pageText = await raw.query({ text: page.sql, types: asText, rowMode: 'array' }, page.params);
const Result = createRequire(import.meta.url)('pg/lib/result.js') as new (
  rowMode?: string,
  types?: unknown,
) => { addFields(f: unknown[]): void; parseRow(r: unknown[]): unknown };
const parse = (types?: unknown) => () => {
  const r = new Result(undefined, types);
  r.addFields(pageText.fields);
  return pageText.rows.map((row) => r.parseRow(row as unknown[]));
};

process.stderr.write(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
await cpu('scopedTransactionFilter (no client named: no query)', () =>
  scopedTransactionFilter(db, principal, filter, TZ),
);
await cpu('build totalsQuery (SQL tree)', () => totalsQuery(where));
await cpu('render totalsQuery (sqlToQuery)', () => render(totalsQuery(where)));
await cpu('render pageQuery (sqlToQuery)', () => render(pageQuery(where, 1, 15)));
await cpu('pg row parsing, 15 rows, drizzle parsers (timestamps as text)', parse(drizzleTypes));
await cpu('pg row parsing, 15 rows, pg defaults (timestamps to Date)', parse());
await cpu('toTransactionRow x 15', () => pageRaw.rows.map(toTransactionRow));

await interleaved([
  ['totals: db.execute', () => db.execute(totalsQuery(where))],
  ['totals: raw.query', () => raw.query(totals.sql, totals.params)],
  ['page: db.execute', () => db.execute(pageQuery(where, 1, 15))],
  ['page: raw.query', () => raw.query(page.sql, page.params)],
  ['page: raw.query, drizzle parsers', () => raw.query({ text: page.sql, types: drizzleTypes }, page.params)],
]);
await interleaved([
  [
    'ours: filter + listTransactions',
    async () => listTransactions(db, (await scopedTransactionFilter(db, principal, filter, TZ)).where, 1, 15),
  ],
  // Our filter, rendering and row mapping, but the pool instead of db.execute: what Drizzle's execute adds is the rest.
  [
    'ours without db.execute: filter, render, raw.query, map',
    async () => {
      const w = (await scopedTransactionFilter(db, principal, filter, TZ)).where;
      const t = render(totalsQuery(w));
      await raw.query(t.sql, t.params);
      const p = render(pageQuery(w, 1, 15));
      return (
        await raw.query<Parameters<typeof toTransactionRow>[0]>({ text: p.sql, types: drizzleTypes }, p.params)
      ).rows.map(toTransactionRow);
    },
  ],
  [
    'direct: totals then page',
    async () => {
      await raw.query(totals.sql, totals.params);
      return raw.query(page.sql, page.params);
    },
  ],
  [
    'direct: totals and page in parallel',
    () => Promise.all([raw.query(totals.sql, totals.params), raw.query(page.sql, page.params)]),
  ],
  ['select 1 (round-trip floor)', () => raw.query('select 1')],
]);

process.stdout.write(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} (1, 5, 15 min); ${os.cpus().length} CPUs\n\n`,
);
process.stdout.write(
  '| Part | p50 (ms) | p95 (ms) | mean (ms) | client CPU per run (ms) | runs | GC ms per run ' +
    '|\n|---|--:|--:|--:|--:|--:|--:|\n',
);
for (const r of table)
  process.stdout.write(
    `| ${r.part} | ${r.p50.toFixed(3)} | ${r.p95.toFixed(3)} | ${r.mean.toFixed(3)} | ` +
      `${r.cpuPerRun?.toFixed(3) ?? '(all CPU)'} | ${r.runs} | ${r.gcPerRun.toFixed(3)} |\n`,
  );
await database.close();
