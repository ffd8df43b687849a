import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { msg } from '../../src/i18n/msg.ts';

export const MAX_FAILED_ATTEMPTS = 10;
export const LOCK_MINUTES = 30;
export const LOCKED_MESSAGE = msg(
  { defaultMessage: 'Too many failed attempts. The account is locked for {minutes} minutes.', id: 'AxYecG' },
  { minutes: LOCK_MINUTES },
);

export const isLocked = (lockedUntil: Date | null) => lockedUntil != null && lockedUntil.getTime() > Date.now();

/**
 * Counts one failed password or OTP in a single statement, so parallel guesses cannot slip
 * past the limit; the tenth locks the account and starts the count again.
 */
export async function recordFailure(db: Db, userId: number): Promise<{ locked: boolean }> {
  const [row] = await db
    .update(users)
    .set({
      failedAttempts: sql`case when ${users.failedAttempts} + 1 >= ${MAX_FAILED_ATTEMPTS} then 0
        else ${users.failedAttempts} + 1 end`,
      lockedUntil: sql`case when ${users.failedAttempts} + 1 >= ${MAX_FAILED_ATTEMPTS} then now() +
        make_interval(mins => ${LOCK_MINUTES}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  return { locked: isLocked(row?.lockedUntil ?? null) };
}
