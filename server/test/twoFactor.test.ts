import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, signInVerified, startTestServer, totpAt, wrongTotp, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const API = '/api/backoffice';

describe('two-factor set-up', () => {
  it('shows a QR code image and a secret, and activates only on a valid code', async () => {
    const token = (await login(server, 'admin@demo.local')).body.data.token;
    const setup = await call(server, 'GET', `${API}/user/generate-otp`, { token });
    expect(setup.status).toBe(200);
    expect(setup.body.data.qrcode).toMatch(/^data:image\/png;base64,/);
    expect(setup.body.data.secret).toMatch(/^[A-Z2-7]{16,}$/);

    const wrong = await call(server, 'POST', `${API}/user/verify-otp`, {
      token,
      body: { passcode: await wrongTotp(setup.body.data.secret) },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('OTP is invalid.');

    const right = await call(server, 'POST', `${API}/user/verify-otp`, {
      token,
      body: { passcode: await totpAt(setup.body.data.secret) },
    });
    expect(right.status).toBe(200);
    expect(right.body.message).toBe('OTP has been validated. You will be redirected to login page to reconfirm.');
    // Reconfirm: the set-up session is over, and the next sign-in asks for the OTP.
    expect((await call(server, 'GET', `${API}/user/generate-otp`, { token })).status).toBe(401);
    const again = await login(server, 'admin@demo.local');
    expect(again.body.data).toMatchObject({ two_factor_active: true, otp_verified: false });
  });

  it('cannot be restarted by someone who knows only the password once it is active', async () => {
    const token = (await login(server, 'admin@demo.local')).body.data.token;
    const res = await call(server, 'GET', `${API}/user/generate-otp`, { token });
    expect(res.status).toBe(409);
    const disable = await call(server, 'DELETE', `${API}/user/disable-otp`, { token });
    expect(disable.status).toBe(403);
  });

  it('is disabled from a verified session, which then ends', async () => {
    const { token } = await signInVerified(server, 'client@demo.local');
    const res = await call(server, 'DELETE', `${API}/user/disable-otp`, { token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('OTP has been disabled.');
    expect((await call(server, 'GET', '/api/v1/notification', { token })).status).toBe(401);
    const next = await login(server, 'client@demo.local');
    expect(next.body.data.two_factor_active).toBe(false);
  });
});
