import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { transactions } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import type { JobQueue, QueuedJob } from '../queue/jobQueue.ts';
import { callbackTargetOf, deliverCallback } from './callbacks.ts';
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
  /** Publish the work order a final failure committed. */
  onWorkOrder(): void;
}

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
  const ok = await deliverCallback(deps.db, await callbackTargetOf(deps.db, row), deps.selfUrl(), null);
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
