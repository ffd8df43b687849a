import { throttled } from '../domain/errors.ts';
import { msg } from '../../src/i18n/msg.ts';

export const UPLOAD_IN_PROGRESS = msg({ defaultMessage: 'You already have an upload in progress', id: 'Rklnd0' });

/**
 * One upload in flight per user, across every upload route (issue 28): eight small, costly sheets
 * from one user once queued everyone's uploads for over a minute. The slot is taken before the body
 * is read and given back in a finally, so a failed upload or a client that goes away frees it too.
 * It is this node's count: behind a load balancer a user may hold one per node.
 */
const inFlight = new Set<number>();

export async function oneUploadPerUser<T>(userId: number, work: () => Promise<T>): Promise<T> {
  if (inFlight.has(userId)) throw throttled(UPLOAD_IN_PROGRESS);
  inFlight.add(userId);
  try {
    return await work();
  } finally {
    inFlight.delete(userId);
  }
}
