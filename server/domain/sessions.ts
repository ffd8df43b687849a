import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { sessions } from '../db/schema.ts';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

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
 * How stale last_seen_at may get before a request writes it again: min(30 s, idle limit / 10),
 * i.e. 30 s at the default 15-minute idle limit and 6 s at the 1-minute minimum. Writing it on
 * every request cost an UPDATE and a WAL flush per read; with the step, a user clicking around
 * writes at most once per step. The price: last_seen_at may lag the last request by up to one
 * step, so an idle session expires up to one step EARLIER than exactly idle-limit after its last
 * request (at most 10 % of the limit, 30 s of 15 min), never later. Every other check is unchanged.
 */
export const touchStepSeconds = (limits: SessionLimits) => Math.min(30, limits.idleMs / 10 / 1000);

/**
 * `live` (the session of a token, if it is live) and `touched` (its last_seen_at moved to now()
 * when older than the step), as the WITH list of one statement. A session idle longer than the
 * idle limit, older than the absolute limit, revoked, or of an inactive user is not live.
 *
 * `touched` runs whether or not the statement reads it. When the session was seen within the step
 * it updates no row, so the statement assigns no transaction id and its commit writes no commit
 * record and waits for no WAL flush (PostgreSQL's RecordTransactionCommit without an xid);
 * checked on PostgreSQL 15: pg_current_xact_id_if_assigned() stays null after such a statement.
 * `live` reads the statement's snapshot: a revocation committed before the statement starts is
 * seen, whatever the step.
 */
export function liveSessionCte(token: string, limits: SessionLimits): SQL {
  const idleSeconds = Math.floor(limits.idleMs / 1000);
  const maxSeconds = Math.floor(limits.maxMs / 1000);
  return sql`with live as (
    select s.id, s.user_id, s.otp_verified, s.last_seen_at
    from sessions s
    where s.token_hash = ${hashToken(token)}
      and s.revoked_at is null
      and s.last_seen_at > now() - make_interval(secs => ${idleSeconds})
      and s.created_at > now() - make_interval(secs => ${maxSeconds})
      and exists (select 1 from users u where u.id = s.user_id and u.is_active)
  ), touched as (
    update sessions set last_seen_at = now()
    from live
    where sessions.id = live.id and live.last_seen_at < now() -
      make_interval(secs => ${touchStepSeconds(limits)}::float8)
    returning sessions.id
  )`;
}

/** Whether this call ended the session (false: it was already revoked). */
export async function revokeSession(db: Db, sessionId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length === 1;
}

/** Ends the session a token opens, if it is still open: the session a browser held before signing in again. */
export async function revokeSessionOfToken(db: Db, token: string): Promise<{ id: number; userId: number } | null> {
  const [row] = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, userId: sessions.userId });
  return row ?? null;
}

export async function revokeUserSessions(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * The sessions of a user that liveSessionCte would still take (not revoked, not idle past the limit,
 * not older than the absolute limit), as a condition on `sessions`: what User Settings lists.
 */
export function liveSessionsOf(userId: number, limits: SessionLimits): SQL {
  const idleSeconds = Math.floor(limits.idleMs / 1000);
  const maxSeconds = Math.floor(limits.maxMs / 1000);
  return and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    sql`${sessions.lastSeenAt} > now() - make_interval(secs => ${idleSeconds})`,
    sql`${sessions.createdAt} > now() - make_interval(secs => ${maxSeconds})`,
  )!;
}

/** A session whose access changed: which one, and whose. */
export interface EndedSession {
  id: number;
  userId: number;
}

/**
 * Revokes every session of these users but `keep` (the session making the change, when its own
 * user is among them: see editUser and editRole). Run it in the change's transaction, so the change
 * and the end of the sessions it affects commit together.
 */
export async function revokeSessionsOf(db: Db, userIds: number[], keep?: number): Promise<EndedSession[]> {
  if (userIds.length === 0) return [];
  return db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        inArray(sessions.userId, userIds),
        isNull(sessions.revokedAt),
        keep === undefined ? undefined : ne(sessions.id, keep),
      ),
    )
    .returning({ id: sessions.id, userId: sessions.userId });
}
