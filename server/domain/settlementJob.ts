import { setTimeout as delay } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { SettlementRun } from '../../src/services/settlementRules.ts';
import type { Db } from '../db/connect.ts';
import type { JobQueue, QueuedJob } from '../queue/jobQueue.ts';
import { findRun, settleStep } from './settlement.ts';
import {
  finishRun,
  loadRunToSettle,
  settleBatch,
  SETTLEMENT_STALLED,
  SettlementStalled,
  windowHasWork,
  type RunToSettle,
} from './settlementBatch.ts';
import { msg } from '../../src/i18n/msg.ts';

export const SETTLEMENT_QUEUE = 'settlement';
export const SETTLEMENT_FAILED = msg({
  defaultMessage: 'The settlement stopped before it finished. Press Retry to settle the rest.',
  id: 'Meac4t',
});
export const SETTLER_REFUSED = msg({
  defaultMessage: 'The user who started this settlement may no longer settle.',
  id: 'bfzALl',
});

export interface SettlementJobData {
  runId: number;
}

export interface SettlementWorkerDeps {
  db: Db;
  jobs: JobQueue;
  /** Pay-ins per database transaction. */
  batchSize: number;
  /** Batch transactions one job runs side by side. */
  lanes: number;
  /** How long one job works before it hands the rest to a fresh job (see below). */
  sliceMs: number;
  /** How long pg-boss lets a job run before it presumes the node dead and offers the job again. */
  expireSeconds: number;
  /** A run after each committed batch and when it ends (the socket fan-out). */
  onProgress(run: SettlementRun): void;
  /** The clients whose balances the run moved, once it ends. */
  onBalancesMoved(clientIds: number[]): void;
}

/** Queues the job of a newly recorded run and notes its id on the run. */
export async function queueSettlement(db: Db, jobs: JobQueue, runId: number): Promise<void> {
  const jobId = await jobs.send(SETTLEMENT_QUEUE, { runId } satisfies SettlementJobData);
  await db.execute(sql`update settlement_runs set queue_job_id = ${jobId} where id = ${runId}`);
}

/**
 * A run whose press was recorded but whose job never got queued (the node died in between)
 * would hold its window forever; a later press of the same window queues it again.
 */
export async function requeueIfOrphaned(db: Db, jobs: JobQueue, runId: number): Promise<void> {
  const { rows } = await db.execute(sql`
    select 1 from settlement_runs where id = ${runId} and status = 'running' and queue_job_id is null
      and started_at < now() - interval '30 seconds'`);
  if (rows.length) await queueSettlement(db, jobs, runId);
}

async function announce(deps: SettlementWorkerDeps, runId: number) {
  const run = await findRun(deps.db, runId);
  if (run) deps.onProgress(run);
}

/**
 * One job's share of a run: batches until the window is empty or the slice is spent, then it
 * queues a continuation and ends. Short jobs are what make a crash cheap: pg-boss offers a dead
 * node's job again once its expiry passes, and a slice's expiry is a minute, not the length of a
 * whole month's settlement. Every batch commits on its own, so whatever ran before a crash stays
 * settled exactly once and the next job picks up the rest; a duplicate job (the old one offered
 * again while its continuation also runs) only skips the rows the other holds.
 */
export async function runSettlementSlice(
  deps: SettlementWorkerDeps,
  job: QueuedJob<SettlementJobData>,
): Promise<{ settled: number; ended: boolean }> {
  const run = await loadRunToSettle(deps.db, job.data.runId);
  if (!run || run.status !== 'running') return { settled: 0, ended: true };
  const deadline = Date.now() + deps.sliceMs;
  let settled = 0;
  // Each lane is a loop of batch transactions; SKIP LOCKED keeps their batches disjoint. Two lanes
  // overlap one batch's row work with the other's commit (they meet only on the same clients'
  // accounts and rollup rows, which each holds for the end of its transaction).
  const lane = async (): Promise<'empty' | 'sliceSpent'> => {
    for (;;) {
      const n = await settleBatch(deps.db, run, deps.batchSize);
      settled += n;
      if (n > 0) await announce(deps, run.id);
      // What is left is held by another lane's or an overlapping run's batch, which commits within a moment.
      else if (await windowHasWork(deps.db, run)) await delay(100);
      else return 'empty';
      if (Date.now() >= deadline) return 'sliceSpent';
    }
  };
  try {
    const outcomes = await Promise.allSettled(Array.from({ length: deps.lanes }, lane));
    const failed = outcomes.find((o) => o.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    if (outcomes.every((o) => o.status === 'fulfilled' && o.value === 'empty')) {
      await end(deps, run, settleStep(run.type, run.role) ? 'succeeded' : 'failed');
      return { settled, ended: true };
    }
    await deps.jobs.send(SETTLEMENT_QUEUE, { runId: run.id } satisfies SettlementJobData);
    return { settled, ended: false };
  } catch (error) {
    // A stalled run would stall again on every retry: it fails now rather than after them.
    if (error instanceof SettlementStalled) await end(deps, run, 'failed', SETTLEMENT_STALLED);
    else if (job.finalAttempt) await end(deps, run, 'failed', SETTLEMENT_FAILED);
    throw error;
  }
}

async function end(deps: SettlementWorkerDeps, run: RunToSettle, outcome: 'succeeded' | 'failed', error?: string) {
  const message = outcome === 'failed' ? (error ?? SETTLER_REFUSED) : null;
  if (!(await finishRun(deps.db, run, outcome, message))) return;
  await announce(deps, run.id);
  const { rows } = await deps.db.execute<{ client_id: number }>(
    sql`select distinct client_id from transactions where settlement_run_id = ${run.id}`,
  );
  deps.onBalancesMoved(rows.map((r) => Number(r.client_id)));
}

/** This node's settlement worker: a failed slice is tried again a few times, then the run is marked failed. */
export function startSettlementWorker(deps: SettlementWorkerDeps) {
  return deps.jobs.work<SettlementJobData>(
    SETTLEMENT_QUEUE,
    { retryLimit: 4, retryDelaySeconds: 2, expireInSeconds: deps.expireSeconds },
    (job) => runSettlementSlice(deps, job),
  );
}
