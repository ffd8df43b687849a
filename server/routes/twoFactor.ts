import type { FastifyInstance } from 'fastify';
import { PasscodeBody } from '../../src/services/schemas.ts';
import { OTP_DISABLED, OTP_VERIFIED } from '../../src/services/successTexts.ts';
import { confirmTwoFactorSetup, disableTwoFactor, startTwoFactorSetup } from '../domain/authentication.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

export function twoFactorRoutes({ database, realtime }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.generateOtp.path, async (request) => {
      const auth = requireAuth(request);
      return ok(await startTwoFactorSetup(db, auth.principal.id, auth.otpVerified));
    });

    app.post(routes.verifyOtp.path, async (request) => {
      const auth = requireAuth(request);
      const { passcode } = parseInput(PasscodeBody, request.body);
      const codes = await confirmTwoFactorSetup(db, auth.principal.id, passcode, originOf(request), auth.otpVerified);
      realtime.disconnectUser(auth.principal.id);
      // The recovery codes are in this answer only: the screen shows them once, before the user signs in again.
      return ok({ recovery_codes: codes }, OTP_VERIFIED);
    });

    // Disabling needs a verified session: a password alone must never be enough to remove the second factor.
    app.delete(routes.disableOtp.path, async (request) => {
      const auth = requireAuth(request);
      await disableTwoFactor(db, auth.principal, auth.principal.id, originOf(request));
      realtime.disconnectUser(auth.principal.id);
      return ok(undefined, OTP_DISABLED);
    });
  };
}
