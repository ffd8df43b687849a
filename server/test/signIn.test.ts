import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { users } from '../db/schema.ts';
import {
  call,
  login,
  signInVerified,
  startTestServer,
  totpAt,
  withoutRequestId,
  wrongTotp,
  type TestServer,
} from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe('sign-in with e-mail and password', () => {
  it('refuses a wrong password and an unknown e-mail with the same words', async () => {
    const wrong = await login(server, 'admin@demo.local', 'not-the-password');
    const unknown = await login(server, 'nobody@demo.local', 'Demo-Password-1!');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid Email or Password');
    expect(withoutRequestId(unknown.body)).toEqual(withoutRequestId(wrong.body));
  });

  it('gives a user without two-factor a session that reaches only the two-factor set-up', async () => {
    const res = await login(server, 'client@demo.local');
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      otp_verified: false,
      two_factor_active: false,
      type: 'CLIENT',
      display_name: 'Citra Client',
      allowed_paths: ['/dashboard/settings/user'],
      client_id: [1, 2],
      role: [{ name: 'Client Finance' }],
    });
    const token = res.body.data.token;
    expect((await call(server, 'GET', '/api/backoffice/master/modules', { token })).status).toBe(403);
    expect((await call(server, 'GET', '/api/v1/notification', { token })).status).toBe(403);
    expect((await call(server, 'GET', '/api/backoffice/user/generate-otp', { token })).status).toBe(200);
  });

  it('accepts e-mail in any case and with surrounding spaces', async () => {
    expect((await login(server, '  Admin@Demo.Local ')).status).toBe(200);
  });

  it('answers bad input with 400 and the fields at fault, never a 500', async () => {
    const missing = await call(server, 'POST', '/api/backoffice/auth/login', { body: { email: 'a@b.c' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ field: 'password', message: 'Password is required' }]);
    const extra = await call(server, 'POST', '/api/backoffice/auth/login', {
      body: { email: 'a@b.c', password: 'x', admin: true },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.message).toBe("Unknown field 'admin'");
    const garbage = await call(server, 'POST', '/api/backoffice/auth/login', { rawBody: '{"email":' });
    expect(garbage.status).toBe(400);
    expect(garbage.body.status).toBe('failed');
    const array = await call(server, 'POST', '/api/backoffice/auth/login', { body: [1, 2] });
    expect(array.status).toBe(400);
    const notFound = await call(server, 'GET', '/api/backoffice/no-such-thing');
    expect(notFound.status).toBe(404);
    expect(notFound.body).toMatchObject({ status: 'failed', message: 'Not found' });
  });
});

describe('the OTP step', () => {
  it('issues a new verified token with modules and allowed paths, and ends the pre-OTP token', async () => {
    const { token, user } = await signInVerified(server, 'client@demo.local');
    expect(user).toMatchObject({
      otp_verified: true,
      two_factor_active: true,
      modules: [
        'overview',
        'transactions',
        // Issue 47: the Callbacks page comes with the Payments List, granted by no role of its own.
        'callbacks',
        'disbursement',
        'disbursement-list',
        'balance',
        // Issue 42: a client user follows and cancels their own held requests.
        'approvals',
        'settings',
        'settings-user',
      ],
      allowed_paths: [
        '/dashboard/overview',
        '/dashboard/transactions',
        '/dashboard/callbacks',
        '/dashboard/disbursement',
        '/dashboard/disbursement/transactions',
        '/dashboard/balance',
        '/dashboard/approvals',
        '/dashboard/settings',
        '/dashboard/settings/user',
      ],
    });
    expect((await call(server, 'GET', '/api/backoffice/master/modules', { token })).status).toBe(200);
  });

  it("says 'Invalid OTP' for a wrong code and refuses a code that was already used", async () => {
    const { secret } = await signInVerified(server, 'admin@demo.local');
    const first = await login(server, 'admin@demo.local');
    const wrong = await call(server, 'POST', '/api/backoffice/user/validate-otp', {
      token: first.body.data.token,
      body: { passcode: await wrongTotp(secret) },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Invalid OTP');

    // signInVerified spent two steps, the last one recorded: both are now replays. The steps are read
    // back rather than worked out from the clock, which may have ticked past a 30 s boundary since.
    const [spent] = await server.database.db
      .select({ step: users.totpLastStep })
      .from(users)
      .where(eq(users.email, 'admin@demo.local'));
    for (const step of [spent.step! - 1, spent.step!]) {
      const again = await call(server, 'POST', '/api/backoffice/user/validate-otp', {
        token: first.body.data.token,
        body: { passcode: await generate({ secret, epoch: step * 30 }) },
      });
      expect(again.status).toBe(422);
      expect(again.body.message).toBe('Invalid OTP');
    }
  });

  it('refuses a malformed passcode with 400', async () => {
    const first = await login(server, 'superadmin@demo.local');
    const res = await call(server, 'POST', '/api/backoffice/user/validate-otp', {
      token: first.body.data.token,
      body: { passcode: '12ab56' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('OTP must be 6 digits');
  });

  it('lets one of two simultaneous uses of the same code through, never both', async () => {
    const email = 'superadmin@demo.local';
    const { secret } = await signInVerified(server, email);
    // Rewind the replay guard so this step's code is fresh again, then race two sessions with it.
    const [a, b] = await Promise.all([login(server, email), login(server, email)]);
    const code = await totpAt(secret, 0);
    await server.database.db.execute(sql`update users set totp_last_step = totp_last_step - 2 where email = ${email}`);
    const results = await Promise.all(
      [a, b].map((r) =>
        call(server, 'POST', '/api/backoffice/user/validate-otp', {
          token: r.body.data.token,
          body: { passcode: code },
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });
});

describe('logout', () => {
  it('revokes the session', async () => {
    const session = (await login(server, 'admin@demo.local')).body.data.token;
    expect((await call(server, 'POST', '/api/backoffice/auth/logout', { token: session })).status).toBe(200);
    expect((await call(server, 'GET', '/api/backoffice/user/generate-otp', { token: session })).status).toBe(401);
  });
});
