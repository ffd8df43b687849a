import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, recoveryCodes, users } from '../db/schema.ts';
import {
  addUser,
  call,
  login,
  signInVerified,
  startTestServer,
  totpAt,
  wrongTotp,
  type TestServer,
} from './harness.ts';

/** Issue 44: recovery codes, from set-up to a sign-in that stands in for the authenticator. */
let server: TestServer;
let superAdmin: string;
beforeAll(async () => {
  server = await startTestServer();
  superAdmin = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

const API = '/api/backoffice';
const CODE = /^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;

/** A new ADMIN with two-factor set up: their secret and the ten codes set-up answered. */
async function userWithCodes(email: string): Promise<{ secret: string; codes: string[] }> {
  await addUser(server, { email, name: email.split('@')[0], type: 'ADMIN', role: 'Support Admin', clients: [1] });
  const token = (await login(server, email)).body.data.token;
  const setup = await call(server, 'GET', `${API}/user/generate-otp`, { token });
  const secret = setup.body.data.secret as string;
  const verify = await call(server, 'POST', `${API}/user/verify-otp`, {
    token,
    body: { passcode: await totpAt(secret) },
  });
  expect(verify.status).toBe(200);
  return { secret, codes: verify.body.data.recovery_codes };
}

/** Password, then the code in place of the OTP. */
async function signInWithCode(email: string, code: unknown) {
  const first = await login(server, email);
  expect(first.status).toBe(200);
  return call(server, 'POST', `${API}/user/recovery-code`, {
    token: first.body.data.token,
    body: { recovery_code: code },
  });
}

/** Password and the authenticator (the replay guard rewound: set-up spent this step's code). */
async function signInWithOtp(email: string, secret: string): Promise<string> {
  await server.database.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email));
  const first = await login(server, email);
  const otp = await call(server, 'POST', `${API}/user/validate-otp`, {
    token: first.body.data.token,
    body: { passcode: await totpAt(secret) },
  });
  expect(otp.status).toBe(200);
  return otp.body.data.token;
}

const userId = async (email: string) =>
  (await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;

describe('recovery codes at set-up', () => {
  it('answers ten distinct codes, shown as xxxx-xxxx-xxxx', async () => {
    const { codes } = await userWithCodes('rc.setup@demo.local');
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(CODE);
  });
});

describe('signing in with a recovery code', () => {
  it('signs in once, verified and asked for a new authenticator; the second use is refused', async () => {
    const email = 'rc.once@demo.local';
    const { codes } = await userWithCodes(email);
    // Typed in lower case, without dashes, with spaces: the same code.
    const typed = codes[0].replace(/-/g, ' ').toLowerCase();
    const first = await signInWithCode(email, typed);
    expect(first.status).toBe(200);
    expect(first.body.message).toBe('You signed in with a recovery code. Set up a new authenticator.');
    expect(first.body.data).toMatchObject({
      email,
      otp_verified: true,
      two_factor_active: true,
      must_reset_two_factor: true,
    });
    expect(first.body.data.modules.length).toBeGreaterThan(0);
    const me = await call(server, 'GET', `${API}/user/me`, { token: first.body.data.token });
    expect(me.body.data).toMatchObject({ otp_verified: true, must_reset_two_factor: true });

    const again = await signInWithCode(email, codes[0]);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Invalid recovery code');
    // Another unused code still works.
    expect((await signInWithCode(email, codes[1])).status).toBe(200);
  });

  it("ends the user's other sessions: none but this one may set up the new authenticator", async () => {
    const email = 'rc.others@demo.local';
    const { codes, secret } = await userWithCodes(email);
    const older = await signInWithOtp(email, secret);
    const first = await signInWithCode(email, codes[0]);
    expect(first.status).toBe(200);
    expect((await call(server, 'GET', `${API}/user/me`, { token: older })).status).toBe(401);
    expect((await call(server, 'GET', `${API}/user/generate-otp`, { token: older })).status).toBe(401);
    expect((await call(server, 'GET', `${API}/user/me`, { token: first.body.data.token })).status).toBe(200);
  });

  it('writes the audit line and tells every SUPER ADMIN through the bell', async () => {
    const email = 'rc.audit@demo.local';
    const { codes } = await userWithCodes(email);
    expect((await signInWithCode(email, codes[3])).status).toBe(200);
    const lines = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.recovery_code'), eq(auditLog.actorEmail, email)));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ outcome: 'success', objectType: 'user', detail: { codes_left: 9 } });

    const bell = await call(server, 'GET', '/api/v1/notification', { token: superAdmin });
    const item = bell.body.data.items.find(
      (n: { subject: string }) => n.subject === `${email} signed in with a recovery code`,
    );
    expect(item).toBeDefined();
    expect(item.message).toContain('9 codes left');
    expect(item.data).toMatchObject({
      status: 'OPEN',
      item: { kind: 'recovery_code', ref: String(await userId(email)) },
    });
    // The user's own bell is not told (they know).
    const own = (await signInWithCode(email, codes[4])).body.data.token;
    const theirs = await call(server, 'GET', '/api/v1/notification', { token: own });
    expect(theirs.body.data.items).toHaveLength(0);
  });

  it('lets the verified session set up a new authenticator, which ends the codes and the request', async () => {
    const email = 'rc.reset@demo.local';
    const { codes } = await userWithCodes(email);
    const token = (await signInWithCode(email, codes[0])).body.data.token;
    // A password alone never replaces the authenticator, flag or not.
    const passwordOnly = (await login(server, email)).body.data.token;
    expect((await call(server, 'GET', `${API}/user/generate-otp`, { token: passwordOnly })).status).toBe(409);

    const setup = await call(server, 'GET', `${API}/user/generate-otp`, { token });
    expect(setup.status).toBe(200);
    const verify = await call(server, 'POST', `${API}/user/verify-otp`, {
      token,
      body: { passcode: await totpAt(setup.body.data.secret) },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.data.recovery_codes).toHaveLength(10);
    // Every session ended; the old codes are gone, the new ones work; the flag is down.
    expect((await call(server, 'GET', `${API}/user/me`, { token })).status).toBe(401);
    expect((await signInWithCode(email, codes[1])).status).toBe(422);
    const next = await login(server, email);
    expect(next.body.data).toMatchObject({ two_factor_active: true, must_reset_two_factor: false });
    // The SUPER ADMINs' work order says what became of it.
    const bell = await call(server, 'GET', '/api/v1/notification', { token: superAdmin });
    const item = bell.body.data.items.find(
      (n: { subject: string }) => n.subject === `${email} signed in with a recovery code`,
    );
    expect(item.data.status).toBe('RESOLVED');
    expect(item.message).toBe('New authenticator set up');
  });

  it('is withdrawn when the user signs in with the old authenticator after all', async () => {
    const email = 'rc.found@demo.local';
    const { codes, secret } = await userWithCodes(email);
    expect((await signInWithCode(email, codes[0])).body.data.must_reset_two_factor).toBe(true);
    const token = await signInWithOtp(email, secret);
    const me = await call(server, 'GET', `${API}/user/me`, { token });
    expect(me.body.data.must_reset_two_factor).toBe(false);
    const bell = await call(server, 'GET', '/api/v1/notification', { token: superAdmin });
    const item = bell.body.data.items.find(
      (n: { subject: string }) => n.subject === `${email} signed in with a recovery code`,
    );
    expect(item.data.status).toBe('RESOLVED');
    expect(item.message).toBe('Signed in with the authenticator again');
  });

  it('goes with the second factor: turning two-factor off deletes the codes', async () => {
    const email = 'rc.off@demo.local';
    const { codes, secret } = await userWithCodes(email);
    const token = await signInWithOtp(email, secret);
    expect((await call(server, 'DELETE', `${API}/user/disable-otp`, { token })).status).toBe(200);
    const rows = await server.database.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.userId, await userId(email)));
    expect(rows).toHaveLength(0);
    const refused = await signInWithCode(email, codes[0]);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Two-factor authentication is not set up yet.');
  });

  it('counts wrong codes towards the lockout like wrong OTPs', async () => {
    const email = 'rc.lockout@demo.local';
    const { codes } = await userWithCodes(email);
    const token = (await login(server, email)).body.data.token;
    for (let i = 0; i < 9; i++) {
      const wrong = await call(server, 'POST', `${API}/user/recovery-code`, {
        token,
        body: { recovery_code: 'AAAA-BBBB-CCCC' },
      });
      expect(wrong.status).toBe(422);
      expect(wrong.body.message).toBe('Invalid recovery code');
    }
    const tenth = await call(server, 'POST', `${API}/user/recovery-code`, {
      token,
      body: { recovery_code: 'AAAA-BBBB-CCCC' },
    });
    expect(tenth.status).toBe(429);
    expect(tenth.body.message).toBe('Too many failed attempts. The account is locked for 30 minutes.');
    // Locked: neither a right code nor a right OTP gets in.
    const right = await login(server, email);
    expect(right.status).toBe(429);
    const [row] = await server.database.db.select().from(users).where(eq(users.email, email));
    expect(row.lockedUntil).not.toBeNull();
    await server.database.db.update(users).set({ lockedUntil: null }).where(eq(users.email, email));
    expect((await signInWithCode(email, codes[0])).status).toBe(200);
  });

  it('refuses hostile bodies with 400 and a clear message', async () => {
    const email = 'rc.hostile@demo.local';
    await userWithCodes(email);
    const token = (await login(server, email)).body.data.token;
    for (const body of [
      {},
      { recovery_code: 123 },
      { recovery_code: 'x'.repeat(10_000) },
      { recovery_code: 'IIII-OOOO-0000' },
      { recovery_code: 'ABCD-EFGH-JKLM', extra: true },
    ]) {
      const res = await call(server, 'POST', `${API}/user/recovery-code`, { token, body });
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('failed');
    }
    const short = await call(server, 'POST', `${API}/user/recovery-code`, { token, body: { recovery_code: 'ABCD' } });
    expect(short.body.message).toBe('A recovery code is 12 letters and digits, as xxxx-xxxx-xxxx');
    expect((await call(server, 'POST', `${API}/user/recovery-code`, { body: { recovery_code: 'ABCD' } })).status).toBe(
      401,
    );
  });

  it('lets exactly one of ten concurrent uses of one code in', async () => {
    const email = 'rc.race@demo.local';
    const { codes } = await userWithCodes(email);
    const tokens = await Promise.all(
      Array.from({ length: 10 }, async () => (await login(server, email)).body.data.token),
    );
    const answers = await Promise.all(
      tokens.map((token) =>
        call(server, 'POST', `${API}/user/recovery-code`, { token, body: { recovery_code: codes[5] } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    // A loser is refused the code (422), or, when the winner's sign-in ended its session first, the session (401).
    expect(answers.filter((a) => a.status === 422 || a.status === 401)).toHaveLength(9);
  });
});

describe('a new set on demand', () => {
  it('takes a current OTP, replaces the set, and the old codes are refused', async () => {
    const email = 'rc.regen@demo.local';
    const { codes, secret } = await userWithCodes(email);
    const token = await signInWithOtp(email, secret);
    const missing = await call(server, 'POST', `${API}/user/recovery-codes`, { token, body: {} });
    expect(missing.status).toBe(400);
    const wrong = await call(server, 'POST', `${API}/user/recovery-codes`, {
      token,
      body: { passcode: await wrongTotp(secret) },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Invalid OTP');

    await server.database.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email));
    const fresh = await call(server, 'POST', `${API}/user/recovery-codes`, {
      token,
      body: { passcode: await totpAt(secret) },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.message).toBe('New recovery codes have been created. The old ones no longer work.');
    const next: string[] = fresh.body.data.recovery_codes;
    expect(next).toHaveLength(10);
    expect(next.some((c) => codes.includes(c))).toBe(false);

    expect((await signInWithCode(email, codes[2])).status).toBe(422);
    expect((await signInWithCode(email, next[2])).status).toBe(200);
    const [line] = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'two_factor.recovery_codes'), eq(auditLog.outcome, 'success')));
    expect(line).toMatchObject({ actorEmail: email, detail: { recovery_codes: 10 } });
  });

  it("settles the SUPER ADMINs' work order when the old authenticator confirms an action after a code", async () => {
    const email = 'rc.confirm@demo.local';
    const { codes, secret } = await userWithCodes(email);
    const token = (await signInWithCode(email, codes[0])).body.data.token;
    await server.database.db.update(users).set({ totpLastStep: null }).where(eq(users.email, email));
    const fresh = await call(server, 'POST', `${API}/user/recovery-codes`, {
      token,
      body: { passcode: await totpAt(secret) },
    });
    expect(fresh.status).toBe(200);
    expect((await call(server, 'GET', `${API}/user/me`, { token })).body.data.must_reset_two_factor).toBe(false);
    const bell = await call(server, 'GET', '/api/v1/notification', { token: superAdmin });
    const item = bell.body.data.items.find(
      (n: { subject: string }) => n.subject === `${email} signed in with a recovery code`,
    );
    expect(item.data.status).toBe('RESOLVED');
    expect(item.message).toBe('Confirmed with the authenticator again');
  });

  it('is refused to a session that has not passed the OTP step', async () => {
    const email = 'rc.unverified@demo.local';
    const { secret } = await userWithCodes(email);
    const token = (await login(server, email)).body.data.token;
    const res = await call(server, 'POST', `${API}/user/recovery-codes`, {
      token,
      body: { passcode: await totpAt(secret, 1) },
    });
    expect(res.status).toBe(403);
  });
});
