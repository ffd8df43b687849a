import type { FastifyInstance } from 'fastify';
import { OTHER_SESSIONS_ENDED, SESSION_ENDED, USER_SESSIONS_ENDED } from '../../src/services/sessionRules.ts';
import { auditRefusals } from '../domain/managementScope.ts';
import { endOtherSessions, endOwnSession, endUserSessions, listOwnSessions } from '../domain/sessionList.ts';
import type { EndedSession } from '../domain/sessions.ts';
import type { Realtime } from '../events/realtime.ts';
import { requireAuth } from '../http/access.ts';
import { statusOf } from '../http/errorHandler.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/**
 * After a commit that ended sessions: their sockets close at once, on every node (the socket.io
 * PostgreSQL adapter carries the disconnect). A user who kept a session (`keptUser`, the editor of
 * their own role or clients) loses only the ended ones; everyone else in `userIds` loses every socket.
 */
export function closeEndedSockets(
  realtime: Realtime,
  userIds: number[],
  ended: EndedSession[],
  keptUser: number | null,
): void {
  for (const id of userIds) if (id !== keptUser) realtime.disconnectUser(id);
  for (const session of ended) if (session.userId === keptUser) realtime.disconnectSession(session.id);
}

/** Sessions one can see and end (issue 44): User Settings' list, and User Management's "End sessions". */
export function sessionRoutes({ database, config, realtime }: RouteDeps) {
  const { db } = database;
  const limits = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  return async (app: FastifyInstance) => {
    app.get(routes.ownSessions.path, async (request) => {
      const auth = requireAuth(request);
      return ok(await listOwnSessions(db, auth.principal.id, auth.sessionId, limits));
    });

    app.delete(routes.endOwnSession.path, async (request) => {
      const auth = requireAuth(request);
      const ended = await endOwnSession(db, auth.principal, request.params, originOf(request), limits);
      realtime.disconnectSession(ended.id);
      return ok(undefined, SESSION_ENDED);
    });

    app.post(routes.endOtherSessions.path, async (request) => {
      const auth = requireAuth(request);
      const origin = { ...originOf(request), sessionId: auth.sessionId };
      const ended = await endOtherSessions(db, auth.principal, request.body, origin, limits);
      for (const session of ended) realtime.disconnectSession(session.id);
      return ok({ ended: ended.length }, OTHER_SESSIONS_ENDED(ended.length));
    });

    app.post(routes.endUserSessions.path, async (request) => {
      const { principal } = requireAuth(request);
      const origin = originOf(request);
      // Refusals (an unknown user, one's own) are audited as User Management's are.
      const { userId, name, ended } = await auditRefusals(
        db,
        principal,
        { action: 'user.end_sessions', input: request.body, origin },
        statusOf,
        () => endUserSessions(db, principal, request.body, origin, limits),
      );
      // Every socket of the user closes, also one whose session had already expired unrevoked (none ended
      // by this call): an expired session's socket is not closed by anything else.
      closeEndedSockets(realtime, [userId], ended, null);
      return ok({ ended: ended.length }, USER_SESSIONS_ENDED(name, ended.length));
    });
  };
}
