import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as otplib from 'otplib';
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { OtpRejected, spendTotp } from '../domain/authentication.ts';
import { checkTotp, newTotpSecret } from '../domain/totp.ts';
import { users } from '../db/schema.ts';
import {
  addUser,
  call,
  login,
  rewindTotp,
  signInVerified,
  startTestServer,
  totpAt,
  wrongTotp,
  type TestServer,
} from './harness.ts';

/**
 * A one-time code works once. Two checks keep it so: checkTotp refuses a step at or before the last
 * accepted one (the pre-check), and the conditional update that records the step lets only one of
 * several simultaneous uses through (the atomic guard). Each is tested so that removing it alone fails.
 */
// The server runs in this process: wrapping otplib's verify lets a test hold every request between
// its reading of the user (and pre-check) and its claim of the step, so the race always happens.
vi.mock('otplib', async (importOriginal) => {
  const real = await importOriginal<typeof import('otplib')>();
  return { ...real, verify: vi.fn(real.verify) };
});
const verify = vi.mocked(otplib.verify);
const realVerify = verify.getMockImplementation()!;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});
afterEach(() => {
  verify.mockImplementation(realVerify);
});

/**
 * Makes the next `count` code checks wait for one another, so all of them have read the user before any claims the
 * step.
 */
function holdCodeChecks(count: number) {
  let arrived = 0;
  let release!: () => void;
  const allIn = new Promise<void>((resolve) => {
    release = resolve;
  });
  verify.mockImplementation(async (options) => {
    const result = await realVerify(options);
    if (++arrived === count) release();
    await allIn;
    return result;
  });
}

const validateOtp = (token: string, passcode: string) =>
  call(server, 'POST', '/api/backoffice/user/validate-otp', { token, body: { passcode } });

async function freshUser(email: string): Promise<string> {
  await addUser(server, { email, name: email.split('@')[0], type: 'ADMIN', role: 'Support Admin', clients: [1] });
  const { secret } = await signInVerified(server, email);
  // Forget the steps set-up and sign-in spent, so this step's code is fresh for the test.
  await rewindTotp(server, email);
  return secret;
}

describe('the pre-check: checkTotp refuses a step already accepted', () => {
  it('accepts a step after the last accepted one, and refuses that step or an earlier one', async () => {
    const secret = newTotpSecret();
    const step = Math.floor(Date.now() / 1000 / 30);
    const now = await generate({ secret, epoch: step * 30 });
    const previous = await generate({ secret, epoch: (step - 1) * 30 });
    expect(await checkTotp(secret, now, null)).toBe(step);
    expect(await checkTotp(secret, now, step - 1)).toBe(step);
    expect(await checkTotp(secret, now, step)).toBeNull();
    expect(await checkTotp(secret, previous, step - 1)).toBeNull();
  });
});

describe('a code replayed over HTTP', () => {
  it('signs in once; the same code in a second session is refused', async () => {
    const email = 'replay-sequential@demo.local';
    const secret = await freshUser(email);
    const [first, second] = [await login(server, email), await login(server, email)];
    const code = await totpAt(secret);
    expect((await validateOtp(first.body.data.token, code)).status).toBe(200);
    const replay = await validateOtp(second.body.data.token, code);
    expect(replay.status).toBe(422);
    expect(replay.body.message).toBe('Invalid OTP');
  });

  it('lets exactly one of several simultaneous uses of one code through', async () => {
    const email = 'replay-race@demo.local';
    const secret = await freshUser(email);
    const tokens: string[] = [];
    for (let i = 0; i < 6; i++) tokens.push((await login(server, email)).body.data.token);
    const code = await totpAt(secret);
    holdCodeChecks(tokens.length);
    const results = await Promise.all(tokens.map((token) => validateOtp(token, code)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422, 422]);
    expect(results.filter((r) => r.status === 422).every((r) => r.body.message === 'Invalid OTP')).toBe(true);
  });
});

describe('a wrong code while no step is recorded as spent', () => {
  // Claiming a step only refuses one at or before the last recorded; with none recorded it would take
  // any step, so a wrong code must be refused before the claim.
  it('is refused at sign-in', async () => {
    const email = 'wrong-first-signin@demo.local';
    const secret = await freshUser(email);
    const token = (await login(server, email)).body.data.token;
    const res = await validateOtp(token, await wrongTotp(secret));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Invalid OTP');
    expect((await validateOtp(token, await totpAt(secret))).status).toBe(200);
  });

  it('is refused confirming an action', async () => {
    const email = 'wrong-first-action@demo.local';
    const secret = await freshUser(email);
    const [user] = await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await expect(spendTotp(server.database.db, user.id, await wrongTotp(secret))).rejects.toBeInstanceOf(OtpRejected);
    await expect(spendTotp(server.database.db, user.id, await totpAt(secret))).resolves.toBeUndefined();
  });
});
