import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { auditBy } from './audit.ts';
import { OtpRejected, recordOtpRejection, spendTotp, userForOtp, type RequestOrigin } from './authentication.ts';
import { conflict, notAuthenticated, ruleBroken, throttled } from './errors.ts';
import { LOCKED_MESSAGE, recordFailure } from './lockout.ts';
import { matchRecoveryCode, prepareRecoveryCodes, spendRecoveryCode, storeRecoveryCodes } from './recoveryCodes.ts';
import { createSession, revokeSession, revokeUserSessions } from './sessions.ts';
import { recoveryCodeUsed } from './workOrderEvents.ts';
import { msg } from '../../src/i18n/msg.ts';

export const INVALID_RECOVERY_CODE = msg({ defaultMessage: 'Invalid recovery code', id: 'Mk6fu+' });

/** Thrown inside the transaction when another request spent the code first: a refusal like a wrong code. */
class CodeAlreadySpent extends Error {}

/**
 * The OTP step of sign-in with a recovery code instead of the authenticator: swaps the unverified
 * session for a verified one, as validateOtp does. The code is spent, the user is asked to set up a new
 * authenticator (two_factor_reset_required), and every SUPER ADMIN is told through the bell, all in one
 * transaction. A wrong or spent code counts towards the lockout exactly as a wrong OTP does.
 */
export async function signInWithRecoveryCode(
  db: Db,
  session: { sessionId: number; userId: number },
  code: string,
  origin: RequestOrigin,
): Promise<string> {
  const user = await userForOtp(db, session.userId);
  if (!user.twoFactorActive)
    throw conflict(msg({ defaultMessage: 'Two-factor authentication is not set up yet.', id: 'aerzLe' }));
  const codeId = await matchRecoveryCode(db, user.id, code);
  try {
    if (codeId == null) throw new CodeAlreadySpent();
    return await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const left = await spendRecoveryCode(tx, user.id, codeId);
      if (left == null) throw new CodeAlreadySpent();
      await tx
        .update(users)
        .set({ twoFactorResetRequired: true, failedAttempts: 0, lockedUntil: null })
        .where(eq(users.id, user.id));
      // Every session of the user ends, not only the unverified one swapped here: someone who needed a
      // code may have lost the device, and while the user is asked for a new authenticator any verified
      // session could set one up (and take its codes). The unverified one must still be live: ended
      // meanwhile (signed out everywhere, ended by a SUPER ADMIN), the sign-in fails and the code stays unspent.
      const ended = await revokeUserSessions(tx, user.id);
      if (!ended.includes(session.sessionId)) throw notAuthenticated();
      const token = await createSession(tx, { userId: user.id, otpVerified: true, ...origin });
      await auditBy(tx, user, origin, {
        action: 'auth.recovery_code',
        objectType: 'user',
        objectId: user.id,
        outcome: 'success',
        detail: { codes_left: left, other_sessions_ended: ended.length - 1 },
      });
      await recoveryCodeUsed(tx, user, codeId, left);
      return token;
    });
  } catch (error) {
    if (!(error instanceof CodeAlreadySpent)) throw error;
    const { locked } = await recordFailure(db, user.id);
    await auditBy(db, user, origin, {
      action: 'auth.recovery_code',
      objectType: 'user',
      objectId: user.id,
      outcome: 'failure',
      detail: { locked },
    });
    if (locked) await revokeSession(db, session.sessionId);
    throw locked ? throttled(LOCKED_MESSAGE) : ruleBroken(INVALID_RECOVERY_CODE);
  }
}

/**
 * A new set of recovery codes on demand, replacing every earlier code. It takes a current authenticator
 * code as well as a verified session: a session left open (or stolen) must not be enough to mint codes
 * that sign in without the authenticator. Answers the codes in the clear, shown this once.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  actor: { id: number; email: string },
  passcode: string,
  origin: RequestOrigin,
): Promise<string[]> {
  const recovery = await prepareRecoveryCodes();
  try {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await spendTotp(tx, actor.id, passcode);
      await storeRecoveryCodes(tx, actor.id, recovery.hashes);
      await auditBy(tx, actor, origin, {
        action: 'two_factor.recovery_codes',
        objectType: 'user',
        objectId: actor.id,
        outcome: 'success',
        detail: { recovery_codes: recovery.codes.length },
      });
    });
  } catch (error) {
    if (error instanceof OtpRejected) return recordOtpRejection(db, actor, origin, 'two_factor.recovery_codes');
    throw error;
  }
  return recovery.codes;
}
