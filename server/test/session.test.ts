import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { auditLog, sessions, users } from '../db/schema.ts';
import { loadPrincipal, loadSessionPrincipal } from '../domain/principal.ts';
import { revokeSession, touchStepSeconds } from '../domain/sessions.ts';
import { addUser, call, login, signInVerified, startTestServer, wrongTotp, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const touch = (token: string) => call(server, 'GET', '/api/v1/notification', { token });
const byToken = (token: string) => eq(sessions.tokenHash, createHash('sha256').update(token).digest('hex'));
/** Sets the session's last_seen_at `seconds` back and returns the value set. */
const seenAgo = async (token: string, seconds: number) => {
  const [row] = await server.database.db
    .update(sessions)
    .set({ lastSeenAt: sql`now() - make_interval(secs => ${seconds})` })
    .where(byToken(token))
    .returning({ lastSeenAt: sessions.lastSeenAt });
  return row.lastSeenAt;
};
const lastSeen = async (token: string) =>
  (await server.database.db.select({ at: sessions.lastSeenAt }).from(sessions).where(byToken(token)))[0].at;

describe('sessions', () => {
  it('stores only a hash of each token', async () => {
    const { token } = await signInVerified(server, 'superadmin@demo.local');
    const rows = await server.database.db.select({ hash: sessions.tokenHash }).from(sessions);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.hash === token || r.hash.includes(token))).toBe(false);
  });

  it('ends after 15 minutes idle', async () => {
    const { token } = await signInVerified(server, 'admin@demo.local');
    expect((await touch(token)).status).toBe(200);
    await server.database.db.execute(sql`update sessions set last_seen_at = now() - interval '16 minutes'`);
    const res = await touch(token);
    expect(res.status).toBe(401);
  });

  it('writes last_seen_at at most once a step (30 s at the 15-minute idle limit)', async () => {
    expect(touchStepSeconds({ idleMs: 15 * 60_000, maxMs: 0 })).toBe(30);
    expect(touchStepSeconds({ idleMs: 60_000, maxMs: 0 })).toBe(6);
    const { token } = await signInVerified(server, 'admin@demo.local');
    // Seen 10 s ago, within the step: the request is served and writes nothing.
    const recent = await seenAgo(token, 10);
    expect((await touch(token)).status).toBe(200);
    expect((await lastSeen(token)).getTime()).toBe(recent.getTime());
    // Seen 40 s ago, beyond the step: the request moves last_seen_at to now.
    const stale = await seenAgo(token, 40);
    expect((await touch(token)).status).toBe(200);
    const moved = await lastSeen(token);
    expect(moved.getTime()).toBeGreaterThan(stale.getTime() + 35_000);
    expect(Math.abs(moved.getTime() - Date.now())).toBeLessThan(10_000);
  });

  it('refuses a revoked session at once, even one seen within the step', async () => {
    const { token } = await signInVerified(server, 'admin@demo.local');
    expect((await touch(token)).status).toBe(200);
    expect((await call(server, 'POST', '/api/backoffice/auth/logout', { token })).status).toBe(200);
    expect((await touch(token)).status).toBe(401);
    const other = await signInVerified(server, 'admin@demo.local');
    await seenAgo(other.token, 1);
    const [row] = await server.database.db.select({ id: sessions.id }).from(sessions).where(byToken(other.token));
    await revokeSession(server.database.db, row.id);
    expect((await touch(other.token)).status).toBe(401);
  });

  it('loads the same principal with the session as loadPrincipal does', async () => {
    for (const email of ['superadmin@demo.local', 'admin@demo.local', 'client@demo.local']) {
      const { token } = await signInVerified(server, email);
      const found = await loadSessionPrincipal(server.database.db, token, {
        idleMs: 15 * 60_000,
        maxMs: 12 * 3_600_000,
      });
      expect(found).not.toBeNull();
      expect(found!.session.otpVerified).toBe(true);
      expect(found!.principal).toEqual(await loadPrincipal(server.database.db, found!.session.userId));
      expect(found!.principal.clientScope === null).toBe(email === 'superadmin@demo.local');
      expect(found!.principal.moduleIds.length).toBeGreaterThan(0);
    }
  });

  it('ends 12 hours after sign-in however active it is', async () => {
    const { token } = await signInVerified(server, 'client@demo.local');
    await server.database.db.execute(sql`update sessions set created_at = now() - interval '12 hours 1 minute'`);
    expect((await touch(token)).status).toBe(401);
  });

  it('ends when the user is deactivated', async () => {
    const first = await login(server, 'superadmin@demo.local');
    await server.database.db.update(users).set({ isActive: false }).where(eq(users.email, 'superadmin@demo.local'));
    expect(
      (await call(server, 'GET', '/api/backoffice/user/generate-otp', { token: first.body.data.token })).status,
    ).toBe(401);
    expect((await login(server, 'superadmin@demo.local')).status).toBe(401);
    await server.database.db.update(users).set({ isActive: true }).where(eq(users.email, 'superadmin@demo.local'));
  });

  it('refuses a made-up or missing token with 401', async () => {
    expect((await touch('not-a-real-token')).status).toBe(401);
    expect((await call(server, 'GET', '/api/v1/notification')).status).toBe(401);
  });
});

describe('lockout after 10 failures', () => {
  it('still signs in with the right password after 9 wrong ones', async () => {
    await addUser(server, {
      email: 'nine-wrong@demo.local',
      name: 'Nine Wrong',
      type: 'ADMIN',
      role: 'Support Admin',
      clients: [1],
    });
    for (let i = 0; i < 9; i++) expect((await login(server, 'nine-wrong@demo.local', `wrong-${i}`)).status).toBe(401);
    expect((await login(server, 'nine-wrong@demo.local')).status).toBe(200);
  });

  it('locks the account for 30 minutes after exactly 10 wrong passwords, even for the right one', async () => {
    for (let i = 0; i < 10; i++) expect((await login(server, 'admin@demo.local', `wrong-${i}`)).status).toBe(401);
    const res = await login(server, 'admin@demo.local');
    expect(res.status).toBe(429);
    expect(res.body.message).toBe('Too many failed attempts. The account is locked for 30 minutes.');
    // Only the right password learns of the lock; to anyone else it looks like a wrong password.
    const guess = await login(server, 'admin@demo.local', 'another-guess');
    expect(guess.status).toBe(401);
    expect(guess.body.message).toBe('Invalid Email or Password');
    const [row] = await server.database.db
      .select({ lockedUntil: users.lockedUntil })
      .from(users)
      .where(eq(users.email, 'admin@demo.local'));
    const minutes = (row.lockedUntil!.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
  });

  it('locks after 10 wrong OTPs and ends the session that tried them', async () => {
    const { secret } = await signInVerified(server, 'client@demo.local');
    const token = (await login(server, 'client@demo.local')).body.data.token;
    const bad = await wrongTotp(secret);
    for (let i = 0; i < 9; i++) {
      expect(
        (await call(server, 'POST', '/api/backoffice/user/validate-otp', { token, body: { passcode: bad } })).status,
      ).toBe(422);
    }
    const tenth = await call(server, 'POST', '/api/backoffice/user/validate-otp', { token, body: { passcode: bad } });
    expect(tenth.status).toBe(429);
    expect((await call(server, 'GET', '/api/backoffice/user/generate-otp', { token })).status).toBe(401);
    expect((await login(server, 'client@demo.local')).status).toBe(429);
  });
});

describe('lockout across sign-ins', () => {
  it('keeps counting wrong OTPs when the password is entered again in between', async () => {
    await addUser(server, {
      email: 'otp-guesser@demo.local',
      name: 'Guesser',
      type: 'ADMIN',
      role: 'Support Admin',
      clients: [1],
    });
    const { secret } = await signInVerified(server, 'otp-guesser@demo.local');
    const bad = await wrongTotp(secret);
    for (let round = 0; round < 2; round++) {
      const token = (await login(server, 'otp-guesser@demo.local')).body.data.token;
      for (let i = 0; i < (round === 0 ? 9 : 1); i++) {
        const res = await call(server, 'POST', '/api/backoffice/user/validate-otp', { token, body: { passcode: bad } });
        expect(res.status).toBe(round === 0 ? 422 : 429);
      }
    }
    expect((await login(server, 'otp-guesser@demo.local')).status).toBe(429);
  });
});

describe('audit log', () => {
  it('records every sign-in attempt with who, when, where and the outcome', async () => {
    await login(server, 'nobody@demo.local', 'whatever');
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login'));
    const unknown = rows.find((r) => r.actorEmail === 'nobody@demo.local');
    expect(unknown).toMatchObject({ outcome: 'failure', ip: '127.0.0.1', actorUserId: null });
    expect(rows.some((r) => r.actorEmail === 'superadmin@demo.local' && r.outcome === 'success')).toBe(true);
    expect(unknown!.at).toBeInstanceOf(Date);
  });

  it('cannot be altered or deleted', async () => {
    const refused = async (statement: ReturnType<typeof sql>) => {
      const error = await server.database.db.execute(statement).then(
        () => null,
        (e: any) => e,
      );
      return String(error?.cause?.message ?? error?.message);
    };
    expect(await refused(sql`update audit_log set outcome = 'success'`)).toMatch(/append-only/);
    expect(await refused(sql`delete from audit_log`)).toMatch(/append-only/);
    expect((await server.database.db.select().from(auditLog)).length).toBeGreaterThan(0);
  });
});
