import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { transactions } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { JobQueue, QueuedJob } from '../queue/jobQueue.ts';
import type { CallbackChanged } from '../../src/services/callbackRules.ts';
import { alreadyDelivered, callbackTargetOf, deliverCallback } from './callbacks.ts';
import { callbackDelivered, callbackFailed } from './workOrderEvents.ts';

export const CALLBACK_QUEUE = 'merchant-callback';
/** Attempts before a callback that keeps failing becomes a work order. */
export const CALLBACK_ATTEMPTS = 3;

export interface CallbackJobData {
  correlationId: string;
}

export interface CallbackWorkerDeps {
  db: Db;
  jobs: JobQueue;
  selfUrl: () => string;
  /** Seconds before the second attempt; pg-boss doubles it for the third. */
  retryDelaySeconds: number;
  /** Production refuses http and private addresses (sendCallback). */
  production: boolean;
  /** Publish the work order a final failure committed. */
  onWorkOrder(): void;
  /** Announce an attempt the delivery log committed. */
  onCallbackChanged(changed: CallbackChanged): void;
}

/**
 * When pg-boss runs the next attempt after attempt `retryCount` (0 for the first) fails, at the earliest:
 * with retryBackoff it waits retryDelay * 2^retryCount plus a random part of as much again (pg-boss 10's
 * failJobs), so the retry comes between this and twice the delay (and a poll) later.
 */
export const retryDueAt = (retryDelaySeconds: number, retryCount: number, now = new Date()) =>
  new Date(now.getTime() + retryDelaySeconds * 2 ** retryCount * 1000);

/** A pay-in just became FINALIZED: its merchant is told, by a job that retries. */
export const queueCallback = (jobs: JobQueue, correlationId: string) =>
  jobs.send(CALLBACK_QUEUE, { correlationId } satisfies CallbackJobData);

/**
 * One attempt to deliver a pay-in's callback. A success resolves any work order an earlier failure
 * left; a failure is thrown so pg-boss tries again, and the last failed attempt instead writes the
 * work order for the client's Payments List users (with the record of every attempt beside it).
 */
export async function runCallback(
  deps: CallbackWorkerDeps,
  job: QueuedJob<CallbackJobData>,
): Promise<{ delivered: boolean }> {
  const [row] = await deps.db.select().from(transactions).where(eq(transactions.correlationId, job.data.correlationId));
  if (!row || (row.status !== 'FINALIZED' && row.status !== 'SETTLED')) return { delivered: false };
  // A person's Resend delivered it meanwhile: the merchant has it, nothing is sent again.
  if (await alreadyDelivered(deps.db, row.id)) return { delivered: true };
  const { ok, changed } = await deliverCallback(deps.db, await callbackTargetOf(deps.db, row), deps.selfUrl(), {
    trigger: job.retryCount === 0 ? 'system' : 'retry',
    by: null,
    retryAt: job.finalAttempt ? null : retryDueAt(deps.retryDelaySeconds, job.retryCount),
    production: deps.production,
  });
  deps.onCallbackChanged(changed);
  if (ok) {
    if (await inTransaction(deps.db, (tx) => callbackDelivered(tx, row.correlationId, null))) deps.onWorkOrder();
    return { delivered: true };
  }
  if (!job.finalAttempt) throw new Error(`callback of ${row.correlationId} failed`);
  await inTransaction(deps.db, (tx) =>
    callbackFailed(
      tx,
      { correlationId: row.correlationId, clientId: row.clientId, amount: row.amount },
      CALLBACK_ATTEMPTS,
    ),
  );
  deps.onWorkOrder();
  return { delivered: false };
}

export function startCallbackWorker(deps: CallbackWorkerDeps) {
  return deps.jobs.work<CallbackJobData>(
    CALLBACK_QUEUE,
    { retryLimit: CALLBACK_ATTEMPTS - 1, retryDelaySeconds: deps.retryDelaySeconds, expireInSeconds: 60 },
    (job) => runCallback(deps, job),
  );
}
