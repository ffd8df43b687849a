import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  EndUserSessionsBody,
  OWN_SESSIONS_REFUSED,
  SessionParams,
  SignOutOthersBody,
  browserName,
  type SessionRow,
} from '../../src/services/sessionRules.ts';
import type { Db } from '../db/connect.ts';
import { sessions, users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { auditBy } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { notFound, ruleBroken } from './errors.ts';
import { parseInput } from './input.ts';
import { manageableUsers } from './managementScope.ts';
import type { Principal } from './principal.ts';
import { liveSessionsOf, type EndedSession, type SessionLimits } from './sessions.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Sessions one can see and end (issue 44): the caller's own live sessions, ending one of them or all
 * but the current, and a SUPER ADMIN ending a user's. Each end is audited in its transaction; the
 * route closes the ended sessions' sockets after commit, on every node.
 */

/** The caller's live sessions, the newest sign-in first; `current` marks the one asking. */
export async function listOwnSessions(
  db: Db,
  userId: number,
  currentSessionId: number,
  limits: SessionLimits,
): Promise<SessionRow[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(liveSessionsOf(userId, limits))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  return rows.map((s) => ({
    id: s.id,
    browser: browserName(s.userAgent),
    ip: s.ip,
    created_at: s.createdAt.toISOString(),
    last_seen_at: s.lastSeenAt.toISOString(),
    current: s.id === currentSessionId,
    otp_verified: s.otpVerified,
  }));
}

/** Revokes the live sessions matching `where` (already limited to one user's): the ended ones. */
async function revokeLive(tx: Db, where: ReturnType<typeof and>): Promise<EndedSession[]> {
  return tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(where)
    .returning({ id: sessions.id, userId: sessions.userId });
}

/** Ends one of the caller's own live sessions; any other id (another user's, ended, unknown) is 404. */
export async function endOwnSession(
  db: Db,
  actor: Principal,
  params: unknown,
  origin: RequestOrigin,
  limits: SessionLimits,
): Promise<EndedSession> {
  const { id } = parseInput(SessionParams, params);
  return inTransaction(db, async (tx) => {
    const [ended] = await revokeLive(tx, and(liveSessionsOf(actor.id, limits), eq(sessions.id, id)));
    // Another user's session answers as an unknown one: its existence is not the caller's to learn.
    if (!ended) throw notFound(msg({ defaultMessage: 'Session not found', id: 'w4eXTl' }));
    await auditBy(tx, actor, origin, {
      action: 'session.end',
      objectType: 'session',
      objectId: ended.id,
      outcome: 'success',
      detail: { user_id: actor.id, current: ended.id === origin.sessionId, sessions_ended: true },
    });
    return ended;
  });
}

/** "Sign out everywhere else": every live session of the caller but the one asking. */
export async function endOtherSessions(
  db: Db,
  actor: Principal,
  body: unknown,
  origin: RequestOrigin & { sessionId: number },
  limits: SessionLimits,
): Promise<EndedSession[]> {
  // No body at all is the same as {}: there is nothing to say but "sign the others out".
  parseInput(SignOutOthersBody, body ?? {});
  return inTransaction(db, async (tx) => {
    const ended = await revokeLive(tx, and(liveSessionsOf(actor.id, limits), ne(sessions.id, origin.sessionId)));
    await auditBy(tx, actor, origin, {
      action: 'session.end_others',
      objectType: 'user',
      objectId: actor.id,
      outcome: 'success',
      detail: { session_ids: ended.map((s) => s.id), kept: origin.sessionId, sessions_ended: ended.length > 0 },
    });
    return ended;
  });
}

/**
 * A SUPER ADMIN ends every live session of a user they manage (the route is theirs alone). Their own
 * are refused: User Settings ends those, keeping the one in use, where this would sign them out mid-click.
 */
export async function endUserSessions(
  db: Db,
  actor: Principal,
  body: unknown,
  origin: RequestOrigin,
  limits: SessionLimits,
): Promise<{ userId: number; name: string; ended: EndedSession[] }> {
  const { user_id } = parseInput(EndUserSessionsBody, body);
  return inTransaction(db, async (tx) => {
    const [user] = await tx
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(eq(users.id, user_id), manageableUsers(actor)))
      .for('update');
    if (!user) throw notFound(msg({ defaultMessage: 'User not found', id: 'INrbJL' }));
    if (user.id === actor.id) throw ruleBroken(OWN_SESSIONS_REFUSED);
    const ended = await revokeLive(tx, liveSessionsOf(user.id, limits));
    await auditBy(tx, actor, origin, {
      action: 'user.end_sessions',
      objectType: 'user',
      objectId: user.id,
      outcome: 'success',
      detail: { session_ids: ended.map((s) => s.id), sessions_ended: ended.length > 0 },
    });
    return { userId: user.id, name: user.name, ended };
  });
}
