import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io } from 'socket.io-client';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../db/schema.ts';
import { readCookie } from '../http/sessionCookie.ts';
import { rewindTotp, signInVerified, startTestServer, totpAt, type TestServer } from './harness.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';

/**
 * Issue 44: the browser's session is an HttpOnly cookie, which no script on the page can read. Sign-in
 * sets it, sign-out and a refused session clear it; a change made with it must come from the app's own
 * origin (CSRF), and so must a socket opened with it. API clients keep the bearer token (the spec's API).
 */
let dev: TestServer;
let prod: TestServer;
const API = '/api/backoffice';
const EVIL = 'http://evil.example';
const secrets: Record<string, string> = {};

beforeAll(async () => {
  [dev, prod] = await Promise.all([
    startTestServer(),
    startTestServer({ env: { NODE_ENV: 'production', SEED_DEMO: 'false' } }),
  ]);
  // Each user's authenticator is set up once, over the API: the cookie sign-ins below reuse it.
  for (const email of ['superadmin@demo.local', 'admin@demo.local'])
    secrets[`dev ${email}`] = (await signInVerified(dev, email)).secret;
  secrets['prod admin@demo.local'] = (await signInVerified(prod, 'admin@demo.local')).secret;
});
afterAll(async () => {
  await Promise.all([dev?.close(), prod?.close()]);
});

interface Answer {
  status: number;
  body: any;
  setCookie: string[];
}

/** A request as a browser of the app makes it: cookie mode asked, and whichever Origin and Cookie given. */
async function send(
  server: TestServer,
  method: string,
  path: string,
  options: {
    cookie?: string;
    origin?: string | null;
    referer?: string;
    body?: unknown;
    bearer?: string;
    browser?: boolean;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.browser !== false) headers['x-session'] = 'cookie';
  const origin = options.origin === undefined ? ownOrigin(server) : options.origin;
  if (origin !== null) headers.origin = origin;
  if (options.referer) headers.referer = options.referer;
  if (options.cookie !== undefined) headers.cookie = options.cookie;
  if (options.bearer) headers.authorization = `Bearer ${options.bearer}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(server.url + path, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, setCookie: response.headers.getSetCookie() };
}

/** The origin a browser names for a page of this server: https in production (the cookie is Secure there). */
const ownOrigin = (server: TestServer) => (server === prod ? server.url.replace('http:', 'https:') : server.url);
const cookieName = (server: TestServer) => (server === prod ? '__Host-session' : 'session');
/** `name=value` of the session cookie an answer set. */
const cookieOf = (answer: Answer, server: TestServer) => {
  const line = answer.setCookie.find((c) => c.startsWith(`${cookieName(server)}=`));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(answer.setCookie)}`);
  return line.split(';')[0];
};

/** Signs in as the browser does (login, then the authenticator's code), answering the cookie of each step. */
async function browserSignIn(server: TestServer, email: string) {
  const login = await send(server, 'POST', `${API}/auth/login`, { body: { email, password: DEMO_PASSWORD } });
  expect(login.status).toBe(200);
  const preOtp = cookieOf(login, server);
  await rewindTotp(server, email);
  const secret = secrets[`${server === prod ? 'prod' : 'dev'} ${email}`];
  const otp = await send(server, 'POST', `${API}/user/validate-otp`, {
    cookie: preOtp,
    body: { passcode: await totpAt(secret) },
  });
  expect(otp.status).toBe(200);
  return { login, otp, preOtp, cookie: cookieOf(otp, server) };
}

const lastDenial = async (server: TestServer) =>
  (
    await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'access.denied'))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('the session cookie', () => {
  it('is set at login and replaced at validate-otp, HttpOnly, SameSite=Strict, for the absolute limit; the bodies hold no token', async () => {
    const { login, otp, preOtp, cookie } = await browserSignIn(dev, 'admin@demo.local');
    for (const answer of [login, otp]) {
      const line = answer.setCookie.find((c) => c.startsWith('session='))!;
      expect(line).toMatch(/^session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Max-Age=43200$/);
      expect(answer.body.data).not.toHaveProperty('token');
      expect(JSON.stringify(answer.body)).not.toContain(line.split(/[=;]/)[1]);
    }
    expect(login.body.data.otp_verified).toBe(false);
    expect(otp.body.data.otp_verified).toBe(true);
    // Validate-otp rotated the session: the pre-OTP cookie opens nothing any more.
    expect(cookie).not.toBe(preOtp);
    expect((await send(dev, 'GET', `${API}/user/me`, { cookie: preOtp })).status).toBe(401);
    const me = await send(dev, 'GET', `${API}/user/me`, { cookie, origin: null });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'admin@demo.local', otp_verified: true });
    expect(me.body.data).not.toHaveProperty('token');
  });

  it('ends the session a browser still held when it signs in again, as anyone', async () => {
    const first = await browserSignIn(dev, 'admin@demo.local');
    expect((await send(dev, 'GET', `${API}/user/me`, { cookie: first.cookie })).status).toBe(200);
    // The same browser signs in again (here as another person), sending the cookie it holds.
    const again = await send(dev, 'POST', `${API}/auth/login`, {
      cookie: first.cookie,
      body: { email: 'superadmin@demo.local', password: DEMO_PASSWORD },
    });
    expect(again.status).toBe(200);
    // The old cookie, copied before, opens nothing now; the new one is the pre-OTP session.
    expect((await send(dev, 'GET', `${API}/user/me`, { cookie: first.cookie })).status).toBe(401);
    expect((await send(dev, 'GET', `${API}/user/me`, { cookie: cookieOf(again, dev) })).status).toBe(200);
    const [line] = await dev.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'auth.logout'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(line).toMatchObject({ actorEmail: 'admin@demo.local', detail: { reason: 'signed-in-again' } });
  });

  it('is Secure and named __Host-session in production, and the Origin is the https one', async () => {
    const { login, otp, cookie } = await browserSignIn(prod, 'admin@demo.local');
    for (const answer of [login, otp])
      expect(answer.setCookie.find((c) => c.startsWith('__Host-session='))).toMatch(
        /^__Host-session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict; Secure; Max-Age=43200$/,
      );
    expect((await send(prod, 'GET', `${API}/user/me`, { cookie })).status).toBe(200);
    // The development name is not read in production.
    expect(
      (await send(prod, 'GET', `${API}/user/me`, { cookie: cookie.replace('__Host-session', 'session') })).status,
    ).toBe(401);
    // The page's origin is https (TLS ends at the proxy): plain http is another origin.
    expect((await send(prod, 'POST', `${API}/auth/logout`, { cookie, origin: prod.url })).status).toBe(403);
    const out = await send(prod, 'POST', `${API}/auth/logout`, { cookie });
    expect(out.status).toBe(200);
    expect(out.setCookie).toEqual(['__Host-session=; Path=/; HttpOnly; SameSite=Strict; Secure; Max-Age=0']);
  });

  it('refuses a change from another origin, or naming none, with 403 in the envelope, audited; the app’s own origin passes', async () => {
    const { cookie } = await browserSignIn(dev, 'admin@demo.local');
    for (const origin of [EVIL, null, 'null', dev.url.replace('127.0.0.1', 'localhost'), `${dev.url}.evil.example`]) {
      const refused = await send(dev, 'POST', `${API}/auth/logout`, { cookie, origin });
      expect(refused.status, String(origin)).toBe(403);
      expect(refused.body).toMatchObject({
        status: 'failed',
        message: 'This request did not come from the app. Please reload the page and try again.',
      });
      const line = await lastDenial(dev);
      expect(line).toMatchObject({ actorEmail: 'admin@demo.local', outcome: 'denied' });
      expect(line.detail).toEqual({ method: 'POST', route: `${API}/auth/logout`, reason: 'foreign-origin' });
    }
    // A foreign Referer is refused too; the app's own Referer passes when no Origin is sent.
    expect((await send(dev, 'POST', `${API}/auth/logout`, { cookie, origin: null, referer: `${EVIL}/x` })).status).toBe(
      403,
    );
    // The session survived every refusal, and GETs need no Origin.
    expect((await send(dev, 'GET', `${API}/user/me`, { cookie, origin: EVIL })).status).toBe(200);
    const out = await send(dev, 'POST', `${API}/auth/logout`, { cookie, origin: null, referer: `${dev.url}/settings` });
    expect(out.status).toBe(200);
    // Logout clears the cookie, and the session is over.
    expect(out.setCookie).toEqual(['session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0']);
    const after = await send(dev, 'GET', `${API}/user/me`, { cookie });
    expect(after.status).toBe(401);
    // A refused session clears the cookie too.
    expect(after.setCookie).toEqual(['session=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0']);
  });

  it('refuses a login in cookie mode from another origin (login CSRF)', async () => {
    const body = { email: 'admin@demo.local', password: DEMO_PASSWORD };
    const refused = await send(dev, 'POST', `${API}/auth/login`, { body, origin: EVIL });
    expect(refused.status).toBe(403);
    expect(refused.setCookie).toEqual([]);
    expect(refused.body.status).toBe('failed');
  });

  it('leaves API clients the bearer token: in the body, no cookie, no Origin needed; the bearer wins over a cookie', async () => {
    const body = { email: 'admin@demo.local', password: DEMO_PASSWORD };
    const login = await send(dev, 'POST', `${API}/auth/login`, { body, origin: null, browser: false });
    expect(login.status).toBe(200);
    expect(login.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(login.setCookie).toEqual([]);
    const { token } = await signInVerified(dev, 'admin@demo.local');
    const me = await send(dev, 'GET', `${API}/user/me`, { bearer: token, origin: null, browser: false });
    expect(me.body.data.token).toBe(token);
    // Both sent: the bearer decides, so a stale or foreign cookie alongside changes nothing.
    const both = await send(dev, 'GET', `${API}/user/me`, { bearer: token, cookie: 'session=x', browser: false });
    expect(both.status).toBe(200);
    expect(both.setCookie).toEqual([]);
    const out = await send(dev, 'POST', `${API}/auth/logout`, { bearer: token, origin: EVIL, browser: false });
    expect(out.status).toBe(200);
  });

  it('never answers a malformed Cookie header with a 500; two session cookies are refused, not guessed between', async () => {
    const { cookie } = await browserSignIn(dev, 'superadmin@demo.local');
    const value = cookie.slice('session='.length);
    const accepted = [
      `a=1; ${cookie}; b=2`,
      `a=1;${cookie}`,
      `  ${cookie}  `,
      `session="${value}"`,
      `other=${'x'.repeat(4000)}; ${cookie}`,
      `; ; =; ${cookie}; junk`,
      // A bare name without '=' is no cookie of that name.
      `${cookie};session`,
    ];
    for (const header of accepted)
      expect((await send(dev, 'GET', `${API}/user/me`, { cookie: header })).status, header).toBe(200);
    const refused = [
      `${cookie}; ${cookie}`,
      `${cookie}; session=other-value-of-sixteen`,
      'session=',
      'session="',
      `session=${value}%00`,
      'session=\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9\u00e9',
      `session=${'a'.repeat(5000)}`,
      'session=====; session',
    ];
    for (const header of refused) {
      const answer = await send(dev, 'GET', `${API}/user/me`, { cookie: header });
      expect(answer.status, header).toBe(401);
      expect(answer.body.status).toBe('failed');
    }
  });

  it('reads one cookie name carefully', () => {
    expect(readCookie(undefined, 'session')).toEqual({ kind: 'none' });
    expect(readCookie('sessionx=abcdefghijklmnop; xsession=abcdefghijklmnop', 'session')).toEqual({ kind: 'none' });
    expect(readCookie('session=abcdefghijklmnop', 'session')).toEqual({ kind: 'value', value: 'abcdefghijklmnop' });
    expect(readCookie(' session = "abcdefghijklmnop" ', 'session')).toEqual({
      kind: 'value',
      value: 'abcdefghijklmnop',
    });
    expect(readCookie('session=abcdefghijklmnop; session=abcdefghijklmnop', 'session')).toEqual({
      kind: 'malformed',
    });
    expect(readCookie('session=a b', 'session')).toEqual({ kind: 'malformed' });
  });

  it('opens socket.io with the cookie from the app’s origin, and refuses it from another', async () => {
    const { cookie } = await browserSignIn(dev, 'superadmin@demo.local');
    const connect = (headers: Record<string, string>) =>
      new Promise<string>((resolve) => {
        const socket = io(dev.url, { transports: ['websocket'], forceNew: true, extraHeaders: headers });
        socket.on('connect', () => {
          socket.close();
          resolve('connected');
        });
        socket.on('connect_error', (error) => {
          socket.close();
          resolve(error.message);
        });
      });
    expect(await connect({ cookie, origin: dev.url })).toBe('connected');
    expect(await connect({ cookie, origin: EVIL })).toBe('forbidden');
    expect(await connect({ cookie })).toBe('forbidden');
    expect(await connect({ cookie: 'session=not-a-session-token', origin: dev.url })).toBe('unauthorized');
    expect(await connect({ cookie: `${cookie}; ${cookie}`, origin: dev.url })).toBe('unauthorized');
  });
});
