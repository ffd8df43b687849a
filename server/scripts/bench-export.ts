import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import type { TransactionFilter } from '../../src/services/payinQuery.ts';
import { openDatabase } from '../db/connect.ts';
import { standInPrincipal } from '../domain/principal.ts';
import { EXPORT_HEADERS, assertExportable, writeTransactionExport } from '../domain/payinExport.ts';
import { scopedTransactionFilter } from '../domain/payinFilter.ts';
import { writeXlsxFile, type Cell } from '../export/xlsxStream.ts';
import { DEFAULT_TZ_BUSINESS } from '../config.ts';

/**
 * `npx tsx server/scripts/bench-export.ts [rows]` (default 100,000): time and peak RSS of writing
 * the transactions sheet with SheetJS (in memory, sparse and dense) and with ExcelJS's streaming
 * WorkbookWriter (the server's path), each in a fresh process so one's heap does not colour the next.
 *
 * `... --database <postgres url> [rows]` instead runs the download's own path on a loaded database
 * (scopedTransactionFilter, assertExportable, writeTransactionExport) for the newest `rows` pay-ins,
 * widened to whole minutes, and prints one JSON line: scripts/bench.ts runs it as its child.
 */
const BATCH = 10_000;
/** SheetJS's sparse sheet takes far longer than this for a million rows. */
const GIVE_UP_MS = 5 * 60_000;
const methods = ['baseline', 'sheetjs', 'sheetjs-dense', 'exceljs-stream'] as const;
type Method = (typeof methods)[number];

function row(i: number): Cell[] {
  const time = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString().replace('T', ' ').slice(0, 19);
  return [
    time,
    `CORR-${String(i).padStart(12, '0')}`,
    `PT Merchant ${i % 7}`,
    'fello_qris',
    'QRIS',
    `ID${100_000 + i}`,
    String(100_000_000_000 + i),
    'IDR',
    10_000 + (i % 990_000),
    350 + (i % 50),
    i % 5 ? 'FINALIZED' : 'PENDING',
    i % 5 ? time : null,
    null,
  ];
}

async function* batches(rows: number): AsyncGenerator<Cell[][]> {
  for (let start = 0; start < rows; start += BATCH) {
    yield Array.from({ length: Math.min(BATCH, rows - start) }, (_, k) => row(start + k));
  }
}

async function run(method: Method, rows: number, file: string): Promise<void> {
  if (method === 'exceljs-stream') {
    const columns = EXPORT_HEADERS.map((header) => ({ header, width: 18 }));
    await writeXlsxFile(file, 'Transactions', columns, batches(rows));
    return;
  }
  const dense = method === 'sheetjs-dense';
  const sheet = XLSX.utils.aoa_to_sheet([EXPORT_HEADERS], { dense });
  for await (const batch of batches(rows)) {
    if (method !== 'baseline') XLSX.utils.sheet_add_aoa(sheet, batch, { origin: -1 });
  }
  if (method === 'baseline') return;
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Transactions');
  writeFileSync(file, XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }));
}

async function child(method: Method, rows: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  const file = join(dir, 'out.xlsx');
  const started = performance.now();
  try {
    await run(method, rows, file);
    const ms = performance.now() - started;
    const bytes = method === 'baseline' ? 0 : statSync(file).size;
    console.log(JSON.stringify({ ms, peakRssMb: process.resourceUsage().maxRSS / 1024, bytes }));
  } catch (error) {
    console.log(JSON.stringify({ error: error instanceof Error ? error.message : String(error) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parent(rows: number) {
  const script = fileURLToPath(import.meta.url);
  console.log(
    `Writing ${rows.toLocaleString('en-US')} rows x ${EXPORT_HEADERS.length} columns, node ${process.version}\n`,
  );
  console.log('| method | time | peak RSS | file |');
  console.log('|---|---:|---:|---:|');
  for (const method of methods) {
    const out = spawnSync(process.execPath, [...process.execArgv, script, '--child', method, String(rows)], {
      encoding: 'utf8',
      timeout: GIVE_UP_MS,
    });
    if (out.error || out.signal) {
      console.log(`| ${method} | gave up after ${GIVE_UP_MS / 1000} s | | |`);
      continue;
    }
    const line = out.stdout.trim().split('\n').at(-1) ?? '';
    let result: { ms?: number; peakRssMb?: number; bytes?: number; error?: string };
    try {
      result = JSON.parse(line);
    } catch {
      result = { error: (out.stderr.match(/^\w*Error.*$/m)?.[0] ?? `exit ${out.status}`).slice(0, 80) };
    }
    if (result.error) console.log(`| ${method} | failed: ${result.error} | | |`);
    else {
      const size = result.bytes ? `${(result.bytes / 1_048_576).toFixed(1)} MB` : '-';
      console.log(
        `| ${method} | ${(result.ms! / 1000).toFixed(2)} s | ${Math.round(result.peakRssMb!)} MB | ${size} |`,
      );
    }
  }
}

const TZ = DEFAULT_TZ_BUSINESS;
const exporter = standInPrincipal();

async function fromDatabase(url: string, rows: number) {
  const database = await openDatabase({ url });
  try {
    const { db } = database;
    const [w] = (
      await db.execute<{ start: string | null; end: string | null }>(sql`
      with edge as (select
        (select transaction_time from transactions order by transaction_time desc,
          id desc offset ${rows - 1} limit 1) as oldest,
        (select max(transaction_time) from transactions) as newest)
      select to_char(oldest at time zone ${TZ}, 'YYYY-MM-DD HH24:MI') as start, to_char(newest at time zone ${TZ},
        'YYYY-MM-DD HH24:MI') as end from edge`)
    ).rows;
    if (!w.start || !w.end) throw new Error(`the database holds fewer than ${rows} pay-ins`);
    const started = performance.now();
    const { where } = await scopedTransactionFilter(
      db,
      exporter,
      { start: w.start, end: w.end, search_by: 'correlation_id' } as TransactionFilter,
      TZ,
    );
    await assertExportable(db, where);
    const file = await writeTransactionExport(db, where, TZ);
    const ms = performance.now() - started;
    const bytes = statSync(file.path).size;
    await file.dispose();
    console.log(
      JSON.stringify({
        ms,
        peakRssMb: process.resourceUsage().maxRSS / 1024,
        bytes,
        rows: file.rows,
        window: `${w.start} to ${w.end}`,
      }),
    );
  } finally {
    await database.close();
  }
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1] as Method, Number(args[2]));
else if (args[0] === '--database') await fromDatabase(args[1], Number(args[2] ?? 100_000));
else parent(Number(args[0] ?? 100_000));
