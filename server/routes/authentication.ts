import type { FastifyInstance } from 'fastify';
import { LoginBody, PasscodeBody } from '../../src/services/schemas.ts';
import { signIn, signOut, validateOtp } from '../domain/authentication.ts';
import { toCurrentUser } from '../domain/currentUser.ts';
import { loadPrincipal } from '../domain/principal.ts';
import { requireAuth } from '../http/access.ts';
import { notAuthenticated } from '../domain/errors.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

export function authenticationRoutes({ database, realtime }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.post(routes.login.path, async (request) => {
      const body = parseInput(LoginBody, request.body);
      const { token, userId } = await signIn(db, body.email, body.password, originOf(request));
      const principal = await loadPrincipal(db, userId);
      if (!principal) throw notAuthenticated();
      return ok(await toCurrentUser(db, principal, token, false), 'Login successful');
    });

    app.post(routes.validateOtp.path, async (request) => {
      const auth = requireAuth(request);
      const { passcode } = parseInput(PasscodeBody, request.body);
      const token = await validateOtp(
        db,
        { sessionId: auth.sessionId, userId: auth.principal.id },
        passcode,
        originOf(request),
      );
      return ok(await toCurrentUser(db, auth.principal, token, true), 'OTP is valid');
    });

    // The signed-in user as of now: the browser re-reads it when a role or client change is announced.
    app.get(routes.me.path, async (request) => {
      const auth = requireAuth(request);
      return ok(await toCurrentUser(db, auth.principal, auth.token, auth.otpVerified));
    });

    app.post(routes.logout.path, async (request) => {
      const auth = requireAuth(request);
      // The session's sockets go even if writing the audit line fails: the session is revoked by then.
      try {
        await signOut(db, auth, originOf(request));
      } finally {
        realtime.disconnectSession(auth.sessionId);
      }
      return ok(undefined, 'Logged out');
    });
  };
}
