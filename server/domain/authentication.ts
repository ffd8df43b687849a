import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { users } from '../db/schema.ts';
import { conflict, DomainError, notAuthenticated, ruleBroken, throttled } from './errors.ts';
import { audit, auditBy } from './audit.ts';
import { isLocked, LOCKED_MESSAGE, recordFailure } from './lockout.ts';
import { verifyPassword } from './passwords.ts';
import { deleteRecoveryCodes, prepareRecoveryCodes, storeRecoveryCodes } from './recoveryCodes.ts';
import { createSession, revokeSession, revokeSessionOfToken, revokeUserSessions } from './sessions.ts';
import { recoveryCodeSettled } from './workOrderEvents.ts';
import { checkTotp, newTotpSecret, provisioningQr } from './totp.ts';
import { msg } from '../../src/i18n/msg.ts';

export const INVALID_CREDENTIALS = msg({ defaultMessage: 'Invalid Email or Password', id: 'byf/fp' });
export const INVALID_OTP = msg({ defaultMessage: 'Invalid OTP', id: 'I3smtz' });

export interface RequestOrigin {
  ip?: string;
  userAgent?: string;
  /** The session the request came with, if any: a change that ends sessions may keep this one (issue 44). */
  sessionId?: number;
}

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** Email and password: a session that is not yet OTP-verified. Never says which part was wrong. */
export async function signIn(
  db: Db,
  email: string,
  password: string,
  origin: RequestOrigin,
): Promise<{ token: string; userId: number }> {
  const address = normaliseEmail(email);
  const [user] = await db.select().from(users).where(eq(users.email, address));
  const fail = async (reason: string, error: DomainError = notAuthenticated(INVALID_CREDENTIALS)) => {
    await audit(db, {
      actorUserId: user?.id,
      actorEmail: address,
      action: 'auth.login',
      outcome: 'failure',
      ip: origin.ip,
      detail: { reason },
    });
    return error;
  };
  const valid = await verifyPassword(user?.passwordHash ?? null, password);
  // Only someone who knows the password learns that the account is locked: to anyone else a
  // locked account answers exactly like a wrong password or an unknown address.
  if (user && isLocked(user.lockedUntil)) throw await fail('locked', valid ? throttled(LOCKED_MESSAGE) : undefined);
  if (!user || !valid || !user.isActive) {
    if (user && !valid) {
      const { locked } = await recordFailure(db, user.id);
      if (locked) throw await fail('wrong password; account locked');
    }
    throw await fail(!user ? 'unknown email' : !valid ? 'wrong password' : 'inactive user');
  }
  // The failure count is not cleared here: it also counts wrong OTPs, and only a completed
  // sign-in (a valid OTP) ends a run of failures. Clearing it on a password would allow
  // unlimited OTP guesses, nine at a time.
  const token = await createSession(db, { userId: user.id, otpVerified: false, ...origin });
  await audit(db, {
    actorUserId: user.id,
    actorEmail: address,
    action: 'auth.login',
    outcome: 'success',
    ip: origin.ip,
  });
  return { token, userId: user.id };
}

/**
 * Accepts a time step for a user only if it is newer than every step accepted before:
 * the conditional update makes two concurrent uses of one code succeed at most once.
 * A code from the authenticator proves it is not lost: a request for a new one (after a
 * recovery code) is withdrawn.
 */
async function claimTimeStep(db: Db, userId: number, step: number): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ totpLastStep: step, failedAttempts: 0, lockedUntil: null, twoFactorResetRequired: false })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function userForOtp(db: Db, userId: number) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw notAuthenticated();
  if (isLocked(user.lockedUntil)) throw throttled(LOCKED_MESSAGE);
  return user;
}

/** The OTP step of sign-in: swaps the unverified session for a new, verified one. */
export async function validateOtp(
  db: Db,
  session: { sessionId: number; userId: number },
  passcode: string,
  origin: RequestOrigin,
): Promise<string> {
  const user = await userForOtp(db, session.userId);
  if (!user.twoFactorActive || !user.twoFactorSecret)
    throw conflict(msg({ defaultMessage: 'Two-factor authentication is not set up yet.', id: 'aerzLe' }));
  const step = await checkTotp(user.twoFactorSecret, passcode, user.totpLastStep);
  if (step == null || !(await claimTimeStep(db, user.id, step))) {
    const { locked } = await recordFailure(db, user.id);
    await auditBy(db, user, origin, {
      action: 'auth.otp',
      outcome: 'failure',
      detail: { locked },
    });
    if (locked) await revokeSession(db, session.sessionId);
    throw locked ? throttled(LOCKED_MESSAGE) : ruleBroken(INVALID_OTP);
  }
  // Ended meanwhile (signed out everywhere, ended by a SUPER ADMIN): no verified session comes of it.
  if (!(await revokeSession(db, session.sessionId))) throw notAuthenticated();
  const token = await createSession(db, { userId: user.id, otpVerified: true, ...origin });
  await auditBy(db, user, origin, {
    action: 'auth.otp',
    outcome: 'success',
  });
  // The authenticator was not lost after all (claimTimeStep withdrew the request for a new one).
  if (user.twoFactorResetRequired)
    await recoveryCodeSettled(
      db,
      user.id,
      msg({ defaultMessage: 'Signed in with the authenticator again', id: '5rtLAs' }),
    );
  return token;
}

/** Log out: the session is revoked, and the audit log says who left. */
export async function signOut(
  db: Db,
  session: { sessionId: number; principal: { id: number; email: string } },
  origin: RequestOrigin,
): Promise<void> {
  await revokeSession(db, session.sessionId);
  await auditBy(db, session.principal, origin, {
    action: 'auth.logout',
    outcome: 'success',
  });
}

/**
 * A browser signing in again while its cookie still opens a session (a second sign-in in the same browser,
 * as the same person or another): the old session ends, so the token it held is worth nothing if it was copied.
 */
export async function endReplacedSession(db: Db, token: string, origin: RequestOrigin): Promise<number | null> {
  const ended = await revokeSessionOfToken(db, token);
  if (!ended) return null;
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, ended.userId));
  if (user)
    await auditBy(db, user, origin, {
      action: 'auth.logout',
      outcome: 'success',
      detail: { reason: 'signed-in-again' },
    });
  return ended.id;
}

/**
 * Set-up is for a user without two-factor, or one who signed in with a recovery code (their
 * authenticator is lost) and is past the OTP step: a password alone never replaces an authenticator.
 */
const maySetUp = (user: { twoFactorActive: boolean; twoFactorResetRequired: boolean }, sessionVerified: boolean) =>
  !user.twoFactorActive || (user.twoFactorResetRequired && sessionVerified);

/** Step one of set-up: a fresh secret, kept pending until a code from it proves the app has it. */
export async function startTwoFactorSetup(
  db: Db,
  userId: number,
  sessionVerified = false,
): Promise<{ qrcode: string; secret: string }> {
  const user = await userForOtp(db, userId);
  if (!maySetUp(user, sessionVerified))
    throw conflict(msg({ defaultMessage: 'Two-factor authentication is already active.', id: 'FHlZOY' }));
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ twoFactorPendingSecret: secret, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  return { qrcode: await provisioningQr(secret, user.email), secret };
}

/**
 * A valid code activates two-factor (or replaces a lost authenticator) and ends every session: the
 * user signs in again to reconfirm. Answers the new recovery codes, in the clear, shown this once.
 */
export async function confirmTwoFactorSetup(
  db: Db,
  userId: number,
  passcode: string,
  origin: RequestOrigin,
  sessionVerified = false,
): Promise<string[]> {
  const user = await userForOtp(db, userId);
  if (!maySetUp(user, sessionVerified))
    throw conflict(msg({ defaultMessage: 'Two-factor authentication is already active.', id: 'FHlZOY' }));
  if (!user.twoFactorPendingSecret) throw conflict(msg({ defaultMessage: 'Generate a QR code first.', id: '4Uq8e5' }));
  const step = await checkTotp(user.twoFactorPendingSecret, passcode, null);
  if (step == null) {
    const { locked } = await recordFailure(db, user.id);
    await auditBy(db, user, origin, {
      action: 'two_factor.enable',
      objectType: 'user',
      objectId: user.id,
      outcome: 'failure',
    });
    throw locked ? throttled(LOCKED_MESSAGE) : ruleBroken(msg({ defaultMessage: 'OTP is invalid.', id: 'EOtd6W' }));
  }
  const recovery = await prepareRecoveryCodes();
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({
        twoFactorActive: true,
        twoFactorSecret: user.twoFactorPendingSecret,
        twoFactorPendingSecret: null,
        twoFactorResetRequired: false,
        totpLastStep: step,
        failedAttempts: 0,
        lockedUntil: null,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), or(eq(users.twoFactorActive, false), eq(users.twoFactorResetRequired, true))))
      .returning({ id: users.id });
    if (rows.length !== 1)
      throw conflict(msg({ defaultMessage: 'Two-factor authentication is already active.', id: 'FHlZOY' }));
    await storeRecoveryCodes(tx as unknown as Db, userId, recovery.hashes);
    if (user.twoFactorActive)
      await recoveryCodeSettled(
        tx as unknown as Db,
        userId,
        msg({ defaultMessage: 'New authenticator set up', id: 'kRma6x' }),
      );
    await revokeUserSessions(tx as unknown as Db, userId);
    await auditBy(tx as unknown as Db, user, origin, {
      action: 'two_factor.enable',
      objectType: 'user',
      objectId: user.id,
      outcome: 'success',
      detail: { replaced_authenticator: user.twoFactorActive, recovery_codes: recovery.codes.length },
    });
  });
  return recovery.codes;
}

/**
 * Inside a transaction: what turning two-factor off means, for the user's own Disable and an admin's
 * Reset Authenticator alike: no secret, no pending secret, no replay step, and every session ended.
 */
export async function clearTwoFactor(tx: Db, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({
      twoFactorActive: false,
      twoFactorSecret: null,
      twoFactorPendingSecret: null,
      twoFactorResetRequired: false,
      totpLastStep: null,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
  // Codes belong to the second factor they back up: a new set-up gives a new set.
  await deleteRecoveryCodes(tx, userId);
  await recoveryCodeSettled(tx, userId, msg({ defaultMessage: 'Authenticator reset', id: 'fFQRol' }));
  await revokeUserSessions(tx, userId);
}

/** Turns two-factor off (by the user, or an admin's reset) and ends every session of that user. */
export async function disableTwoFactor(
  db: Db,
  actor: { id: number; email: string },
  userId: number,
  origin: RequestOrigin,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [before] = await t
      .select({ active: users.twoFactorActive })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw notAuthenticated();
    await clearTwoFactor(t, userId);
    await auditBy(t, actor, origin, {
      action: 'two_factor.disable',
      objectType: 'user',
      objectId: userId,
      outcome: 'success',
      detail: { before: { two_factor_active: before.active }, after: { two_factor_active: false } },
    });
  });
}

/** Thrown inside a transaction when a confirming code is wrong; the caller records it after the rollback. */
export class OtpRejected extends Error {}

/**
 * Inside the caller's transaction: spends a fresh authenticator code confirming an action (a
 * withdrawal). If the transaction rolls back, the code was not spent. A wrong code throws
 * OtpRejected; pass it to recordOtpRejection once the transaction is over.
 */
export async function spendTotp(tx: Db, userId: number, code: string): Promise<void> {
  const user = await userForOtp(tx, userId);
  if (!user.twoFactorActive || !user.twoFactorSecret)
    throw ruleBroken(msg({ defaultMessage: 'Set up two-factor authentication first.', id: 'rDBNpT' }));
  const step = await checkTotp(user.twoFactorSecret, code, user.totpLastStep);
  if (step == null || !(await claimTimeStep(tx, user.id, step))) throw new OtpRejected(INVALID_OTP);
  // As at sign-in: the authenticator was not lost after all, so the SUPER ADMINs' work order is settled too.
  if (user.twoFactorResetRequired)
    await recoveryCodeSettled(
      tx,
      user.id,
      msg({ defaultMessage: 'Confirmed with the authenticator again', id: 'mjTNXX' }),
    );
}

/** A wrong confirming code counts towards the lockout and is audited. */
export async function recordOtpRejection(
  db: Db,
  user: { id: number; email: string },
  origin: RequestOrigin,
  action: string,
): Promise<never> {
  const { locked } = await recordFailure(db, user.id);
  await auditBy(db, user, origin, {
    action,
    outcome: 'failure',
    detail: { reason: 'invalid otp', locked },
  });
  throw locked ? throttled(LOCKED_MESSAGE) : ruleBroken(INVALID_OTP);
}
