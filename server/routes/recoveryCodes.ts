import type { FastifyInstance } from 'fastify';
import { PasscodeBody, RecoveryCodeBody } from '../../src/services/schemas.ts';
import { RECOVERY_CODES_CREATED, RECOVERY_CODE_SIGN_IN } from '../../src/services/successTexts.ts';
import { toCurrentUser } from '../domain/currentUser.ts';
import { notAuthenticated } from '../domain/errors.ts';
import { loadPrincipal } from '../domain/principal.ts';
import { regenerateRecoveryCodes, signInWithRecoveryCode } from '../domain/recoveryCodeSignIn.ts';
import { requireAuth } from '../http/access.ts';
import { handOverSession } from '../http/sessionCookie.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Issue 44: signing in with a recovery code, and a new set on demand. */
export function recoveryCodeRoutes({ database, config, realtime }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    // Answers as validate-otp does (the verified user), read again: the sign-in just set must_reset_two_factor.
    app.post(routes.signInWithRecoveryCode.path, async (request, reply) => {
      const auth = requireAuth(request);
      const { recovery_code } = parseInput(RecoveryCodeBody, request.body);
      const token = await signInWithRecoveryCode(
        db,
        { sessionId: auth.sessionId, userId: auth.principal.id },
        recovery_code,
        originOf(request),
      );
      // The sign-in ended every other session of the user: their sockets close now, on every node.
      realtime.disconnectUser(auth.principal.id);
      const principal = await loadPrincipal(db, auth.principal.id);
      if (!principal) throw notAuthenticated();
      // The session was rotated, as validate-otp rotates it: the browser's cookie is replaced, a script gets the token.
      return ok(
        await toCurrentUser(db, principal, handOverSession(request, reply, token, config), true),
        RECOVERY_CODE_SIGN_IN,
      );
    });

    app.post(routes.newRecoveryCodes.path, async (request) => {
      const auth = requireAuth(request);
      const { passcode } = parseInput(PasscodeBody, request.body);
      const codes = await regenerateRecoveryCodes(db, auth.principal, passcode, originOf(request));
      return ok({ recovery_codes: codes }, RECOVERY_CODES_CREATED);
    });
  };
}
