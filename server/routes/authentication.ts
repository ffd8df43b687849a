import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LoginBody, PasscodeBody } from '../../src/services/schemas.ts';
import { endReplacedSession, signIn, signOut, validateOtp } from '../domain/authentication.ts';
import { audit } from '../domain/audit.ts';
import { toCurrentUser } from '../domain/currentUser.ts';
import { loadPrincipal } from '../domain/principal.ts';
import { FOREIGN_ORIGIN, requireAuth } from '../http/access.ts';
import { notAllowed, notAuthenticated } from '../domain/errors.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { comesFromApp } from '../http/sameOrigin.ts';
import {
  asksForCookie,
  clearSessionCookie,
  handOverSession,
  inCookieMode,
  readSessionCookie,
} from '../http/sessionCookie.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

export function authenticationRoutes({ database, realtime, config }: RouteDeps) {
  const { db } = database;
  const handOver = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    handOverSession(request, reply, token, config);

  return async (app: FastifyInstance) => {
    app.post(routes.login.path, async (request, reply) => {
      // A sign-in the browser keeps in a cookie must come from the app's own page too: another site
      // must not sign a person in as someone else (login CSRF).
      if (asksForCookie(request) && !comesFromApp(request.headers, request.protocol === 'https', config)) {
        await audit(db, {
          action: 'access.denied',
          outcome: 'denied',
          ip: request.ip,
          detail: { method: request.method, route: request.routeOptions.url, reason: 'foreign-origin' },
        });
        throw notAllowed(FOREIGN_ORIGIN);
      }
      const body = parseInput(LoginBody, request.body);
      const { token, userId } = await signIn(db, body.email, body.password, originOf(request));
      const principal = await loadPrincipal(db, userId);
      if (!principal) throw notAuthenticated();
      // The cookie about to be replaced may still open a session: it ends now rather than at its idle limit.
      const held = asksForCookie(request) ? readSessionCookie(request, config) : null;
      if (held?.kind === 'value') {
        const ended = await endReplacedSession(db, held.value, originOf(request));
        if (ended !== null) realtime.disconnectSession(ended);
      }
      return ok(
        await toCurrentUser(db, principal, handOver(request, reply, token), false),
        msg({ defaultMessage: 'Login successful', id: 'Vbraq5' }),
      );
    });

    app.post(routes.validateOtp.path, async (request, reply) => {
      const auth = requireAuth(request);
      const { passcode } = parseInput(PasscodeBody, request.body);
      const token = await validateOtp(
        db,
        { sessionId: auth.sessionId, userId: auth.principal.id },
        passcode,
        originOf(request),
      );
      // The session was rotated: the browser's cookie is replaced by the verified session's.
      return ok(
        await toCurrentUser(db, auth.principal, handOver(request, reply, token), true),
        msg({ defaultMessage: 'OTP is valid', id: 'x1MDb+' }),
      );
    });

    // The signed-in user as of now: the browser reads it at start (the cookie answers) and again when
    // a role or client change is announced. Its token is in the body only for a bearer caller.
    app.get(routes.me.path, async (request) => {
      const auth = requireAuth(request);
      const token = inCookieMode(request) ? null : auth.token;
      return ok(await toCurrentUser(db, auth.principal, token, auth.otpVerified));
    });

    app.post(routes.logout.path, async (request, reply) => {
      const auth = requireAuth(request);
      clearSessionCookie(reply, config);
      // The session's sockets go even if writing the audit line fails: the session is revoked by then.
      try {
        await signOut(db, auth, originOf(request));
      } finally {
        realtime.disconnectSession(auth.sessionId);
      }
      return ok(undefined, msg({ defaultMessage: 'Logged out', id: 'gqQRfP' }));
    });
  };
}
