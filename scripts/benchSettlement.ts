import { performance } from 'node:perf_hooks';
import type { Database, Db } from '../server/db/connect.ts';
import { users } from '../server/db/schema.ts';
import { checkLedger, checkPayinTotals } from '../server/domain/ledgerCheck.ts';
import { loadPrincipal } from '../server/domain/principal.ts';
import { findRun, recordSettlementRun } from '../server/domain/settlement.ts';
import { queueSettlement, startSettlementWorker } from '../server/domain/settlementJob.ts';
import { hashPassword } from '../server/domain/passwords.ts';
import { startJobQueue } from '../server/queue/jobQueue.ts';
import { BENCH_TZ, benchDay, loadFinalizedDay } from './benchFinalizedDay.ts';

/**
 * The settlement half of `npm run bench` (issue 13): a day of N FINALIZED FELLO QRIS pay-ins,
 * credited through the ledger, settled by the very path the screen's press takes (the run recorded
 * by recordSettlementRun, its pg-boss job, batches of 5,000), timed from the press to the run's end;
 * then the rollup tables and the whole ledger are checked.
 */
const TZ = BENCH_TZ;

export interface SettlementBench {
  lines: string[];
  seconds: number;
  count: number;
}

export async function benchSettlement(
  database: Database,
  clientIds: number[],
  count: number,
  log: (m: string) => void,
): Promise<SettlementBench> {
  const db = database.db as Db;
  // The day before yesterday on the business clock: clear of whatever the pay-in cases loaded for yesterday.
  const day = benchDay(2);
  const loadSeconds = await loadFinalizedDay(database, {
    prefix: 'BSETTLE',
    accountPrefix: 'ID10',
    clientIds,
    day,
    count,
  });
  log(
    `loaded and credited ${count.toLocaleString('en-US')} FINALIZED pay-ins for ${day} in ${loadSeconds.toFixed(1)} s`,
  );

  const [user] = await db
    .insert(users)
    .values({
      email: 'bench-settler@example.invalid',
      name: 'Bench Settler',
      type: 'SUPER ADMIN',
      passwordHash: await hashPassword('bench-settler-password'),
    })
    .returning();
  const principal = (await loadPrincipal(db, user.id))!;
  const jobs = await startJobQueue(database, (error) => log(`queue error: ${error.message}`));
  let batches = 0;
  let finished: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finished = resolve;
  });
  await startSettlementWorker({
    db,
    jobs,
    batchSize: 5_000,
    lanes: 2,
    sliceMs: 10_000,
    expireSeconds: 60,
    onProgress: (run) => {
      if (run.status === 'running') batches++;
      else finished();
    },
    onBalancesMoved: () => {},
  });
  const started = performance.now();
  const { runId } = await recordSettlementRun(
    db,
    principal,
    { type: 'fello_qris', start: `${day} 00:00`, end: `${day} 23:59` },
    TZ,
    {},
  );
  await queueSettlement(db, jobs, runId);
  await done;
  const seconds = (performance.now() - started) / 1000;
  const run = (await findRun(db, runId))!;
  await jobs.stop();
  log(`settled ${run.settled_transaction.toLocaleString('en-US')} in ${seconds.toFixed(1)} s (${batches} batches)`);

  const rollupStart = performance.now();
  const drift = await checkPayinTotals(db);
  const rollupSeconds = (performance.now() - rollupStart) / 1000;
  const ledgerStart = performance.now();
  const ledger = await checkLedger(db);
  const ledgerSeconds = (performance.now() - ledgerStart) / 1000;
  const lines = [
    `Window: FELLO QRIS, ${day} 00:00 to ${day} 23:59 (${BENCH_TZ}): ${count.toLocaleString('en-US')} FINALIZED ` +
      `pay-ins over 7 clients, loaded by SQL and credited through the ledger (\`bulkCreditPayins\`) in ` +
      `${loadSeconds.toFixed(1)} s.`,
    `Settled: ${run.settled_transaction.toLocaleString('en-US')} of ${run.total_transaction.toLocaleString('en-US')} ` +
      `(status ${run.status}) in **${seconds.toFixed(1)} s** (target 60 s), ` +
      `${Math.round(run.settled_transaction / seconds).toLocaleString('en-US')} pay-ins/s, ${batches} batches of up ` +
      `to 5,000 in two lanes, each batch one database transaction (status, settlement time, the move to ` +
      `withdrawable, the run's counters, the rollup triggers).`,
    `Measured from the press (\`recordSettlementRun\` + \`queueSettlement\`) to the run's end, through pg-boss and ` +
      `\`runSettlementSlice\` exactly as the server runs it (slices of 10 s).`,
    `Moved to withdrawable: Rp. ${run.moved_amount.toLocaleString('en-US')} (net of ` +
      `${run.settled_transaction.toLocaleString('en-US')} pay-ins).`,
    `Right afterwards: the hour and day rollups ` +
      `${drift.length ? `DIFFER (${drift.length} buckets)` : 'equal a group-by over the pay-ins'} (` +
      `${rollupSeconds.toFixed(1)} s); \`ledger:check\` ${
        ledger.problems.length
          ? `found ${ledger.problems.length} problems: ${ledger.problems
              .slice(0, 3)
              .map((p) => p.detail)
              .join('; ')}`
          : 'found nothing'
      } over ${ledger.entries.toLocaleString('en-US')} entries (${ledgerSeconds.toFixed(1)} s).`,
  ];
  if (drift.length || ledger.problems.length || run.status !== 'succeeded') throw new Error(lines.join('\n'));
  return { lines, seconds, count: run.settled_transaction };
}
