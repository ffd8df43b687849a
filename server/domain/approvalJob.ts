import type { Db } from '../db/connect.ts';
import type { JobQueue } from '../queue/jobQueue.ts';
import { expireApprovals } from './approvals.ts';

export const APPROVAL_EXPIRY_QUEUE = 'approval-expiry';

export interface ApprovalExpiryDeps {
  db: Db;
  jobs: JobQueue;
  /** How often a job is queued (each node queues its own; a run finds only what no one else holds). */
  everyMs: number;
  /** After a run that expired requests: publish the resolved work orders, tell the Approvals screens. */
  onExpired(ids: number[]): void;
  onError(error: Error): void;
}

/**
 * The approval expiry job (issue 25): a pg-boss job that moves every PENDING_APPROVAL request past
 * its expires_at (APPROVAL_EXPIRE_HOURS after it was made) to EXPIRED. The queue runs it on
 * whichever node takes it; a timer queues one at start and then every `everyMs`.
 */
export async function startApprovalExpiry(deps: ApprovalExpiryDeps): Promise<{ stop(): void }> {
  await deps.jobs.work(
    APPROVAL_EXPIRY_QUEUE,
    { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 },
    async () => {
      const ids = await expireApprovals(deps.db);
      if (ids.length) deps.onExpired(ids);
      return { expired: ids.length };
    },
  );
  const queue = () => {
    deps.jobs.send(APPROVAL_EXPIRY_QUEUE, {}).catch(deps.onError);
  };
  queue();
  const timer = setInterval(queue, deps.everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
