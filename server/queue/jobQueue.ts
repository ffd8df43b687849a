import PgBoss from 'pg-boss';
import type { Database } from '../db/connect.ts';
import { queueDbFor } from './queueDb.ts';

export interface QueuedJob<T> {
  id: string;
  data: T;
  /** pg-boss will not try this job again if this attempt fails. */
  finalAttempt: boolean;
  /** How many attempts came before this one (0 on the first). */
  retryCount: number;
}

export interface QueueSettings {
  retryLimit: number;
  retryDelaySeconds: number;
  expireInSeconds: number;
}

export interface JobQueue {
  send(queue: string, data: object): Promise<string>;
  /** Runs this node's worker; a thrown error fails the attempt, and pg-boss retries it while it may. */
  work<T>(queue: string, settings: QueueSettings, handler: (job: QueuedJob<T>) => Promise<unknown>): Promise<void>;
  stop(): Promise<void>;
  /** Started and not stopped (what /readyz reports). */
  running(): boolean;
}

/** How long app.close() waits for a job under way before pg-boss marks it failed (and so retried later). */
const STOP_GRACE_MS = 30_000;

/** pg-boss on the app's own database, PGlite or PostgreSQL, in its own `pgboss` schema. */
export async function startJobQueue(
  database: Database,
  onError: (error: Error) => void,
  options: { maintenanceSeconds?: number } = {},
): Promise<JobQueue> {
  const queueDb = queueDbFor(database);
  // No cron schedules here; the timekeeper would only poll for them.
  // Maintenance is also what notices a job whose node died (its expiry passed) and offers it again.
  const boss = new PgBoss({
    db: queueDb,
    schema: 'pgboss',
    schedule: false,
    maintenanceIntervalSeconds: options.maintenanceSeconds ?? 30,
  });
  boss.on('error', onError);
  await boss.start();
  let running = true;
  const workers = new Map<string, string>();

  return {
    async send(queue, data) {
      const id = await boss.send(queue, data);
      if (!id) throw new Error(`pg-boss did not queue a job on ${queue}`);
      // This node's worker starts at once instead of at its next poll; other nodes find it on theirs.
      const worker = workers.get(queue);
      if (worker) boss.notifyWorker(worker);
      return id;
    },
    async work<T>(queue: string, settings: QueueSettings, handler: (job: QueuedJob<T>) => Promise<unknown>) {
      const policy = {
        name: queue,
        retryLimit: settings.retryLimit,
        retryDelay: settings.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: settings.expireInSeconds,
      };
      await boss.createQueue(queue, policy);
      // A queue made by an earlier version keeps its first settings unless told the new ones.
      await boss.updateQueue(queue, policy);
      const id = await boss.work<T>(
        queue,
        { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: 2 },
        async ([job]) =>
          handler({
            id: job.id,
            data: job.data,
            finalAttempt: job.retryCount >= job.retryLimit,
            retryCount: job.retryCount,
          }),
      );
      workers.set(queue, id);
    },
    running: () => running,
    async stop() {
      running = false;
      try {
        await boss.stop({ graceful: true, wait: true, timeout: STOP_GRACE_MS });
      } finally {
        await queueDb.close();
      }
    },
  };
}
