import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { sessions, users } from '../db/schema.ts';

export interface SessionLimits { idleMs: number; maxMs: number }

export interface ActiveSession {
  sessionId: number;
  userId: number;
  otpVerified: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Only the hash is stored: a copy of the database does not hand out working tokens. */
export async function createSession(
  db: Db,
  input: { userId: number; otpVerified: boolean; ip?: string; userAgent?: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId: input.userId,
    otpVerified: input.otpVerified,
    ip: input.ip ?? null,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return token;
}

/**
 * Finds a live session for a token and marks it seen. A session idle longer than the idle limit,
 * older than the absolute limit, revoked, or of an inactive user is not live.
 */
export async function touchSession(db: Db, token: string, limits: SessionLimits): Promise<ActiveSession | null> {
  const idleSeconds = Math.floor(limits.idleMs / 1000);
  const maxSeconds = Math.floor(limits.maxMs / 1000);
  const rows = await db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(and(
      eq(sessions.tokenHash, hashToken(token)),
      isNull(sessions.revokedAt),
      sql`${sessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds})`,
      sql`${sessions.createdAt} > now() - make_interval(secs => ${maxSeconds})`,
      sql`exists (select 1 from ${users} where ${users.id} = ${sessions.userId} and ${users.isActive})`,
    ))
    .returning({ sessionId: sessions.id, userId: sessions.userId, otpVerified: sessions.otpVerified });
  return rows[0] ?? null;
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeUserSessions(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}
