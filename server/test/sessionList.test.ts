import { and, desc, eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, roles, users } from '../db/schema.ts';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { call, rewindTotp, signInVerified, totpAt, type TestServer, startTestServer } from './harness.ts';

/**
 * Issue 44, sessions one can see and end: User Settings lists one's own live sessions (this one
 * marked) and ends one or all the others; a SUPER ADMIN ends a user's from User Management; a
 * change of a role's modules, a user's role or clients, or a reset of two-factor ends that user's
 * sessions. Each ended session's next request answers 401 and its socket is closed at once.
 */

const API = '/api/backoffice';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let server: TestServer;
const sockets: Socket[] = [];
const secrets = new Map<string, string>();

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

async function post(path: string, body: unknown, headers: Record<string, string>) {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** A verified sign-in from a browser of this user agent: a session of its own. */
async function signInFrom(email: string, userAgent: string): Promise<string> {
  if (!secrets.has(email)) secrets.set(email, (await signInVerified(server, email)).secret);
  await rewindTotp(server, email);
  const first = await post(`${API}/auth/login`, { email, password: DEMO_PASSWORD }, { 'user-agent': userAgent });
  expect(first.status).toBe(200);
  const otp = await post(
    `${API}/user/validate-otp`,
    { passcode: await totpAt(secrets.get(email)!) },
    { 'user-agent': userAgent, authorization: `Bearer ${first.body.data.token}` },
  );
  expect(otp.status).toBe(200);
  return otp.body.data.token as string;
}

const me = (token: string) => call(server, 'GET', `${API}/user/me`, { token });
const sessionsOf = async (token: string) => {
  const res = await call(server, 'GET', `${API}/user/sessions`, { token });
  expect(res.status).toBe(200);
  return res.body.data as Array<{ id: number; browser: string; ip: string; current: boolean }>;
};

/** A socket of this session, connected; `closed` settles when the server ends it. */
async function socketOf(token: string) {
  const socket = io(server.url, { auth: { token }, transports: ['websocket'], forceNew: true, reconnection: false });
  sockets.push(socket);
  const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return { socket, closed };
}

const within = <T>(promise: Promise<T>, ms = 2000) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms))]);

const lastAudit = async (action: string) =>
  (await server.database.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(desc(auditLog.id)))[0];

async function newUser(email: string, roleName: string, clientIds: number[]) {
  const sa = await signInFrom('superadmin@demo.local', CHROME_LINUX);
  const [role] = await server.database.db.select().from(roles).where(eq(roles.name, roleName));
  const res = await call(server, 'POST', `${API}/management/create-user`, {
    token: sa,
    body: { type: role.type, role_id: role.id, client_id: clientIds, name: email, email, password: DEMO_PASSWORD },
  });
  expect(res.status).toBe(201);
  return { sa, id: res.body.data.id as number, roleId: role.id };
}

describe("one's own sessions (User Settings)", () => {
  it('lists only the live sessions of the caller, newest first, the current one marked, with a readable browser', async () => {
    const first = await signInFrom('admin@demo.local', FIREFOX_WINDOWS);
    const second = await signInFrom('admin@demo.local', CHROME_LINUX);
    await signInFrom('client@demo.local', CHROME_LINUX);
    const listed = await sessionsOf(second);
    const mine = await server.database.db.select().from(users).where(eq(users.email, 'admin@demo.local'));
    expect(mine).toHaveLength(1);
    expect(listed.length).toBeGreaterThanOrEqual(2);
    expect(listed[0]).toMatchObject({ browser: 'Chrome on Linux', current: true, ip: '127.0.0.1' });
    expect(listed[1]).toMatchObject({ browser: 'Firefox on Windows', current: false });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    // The same list from the other session marks that one instead.
    const fromFirst = await sessionsOf(first);
    expect(fromFirst.find((s) => s.current)!.id).toBe(listed[1].id);
    // No token, no hash, no raw user agent in the answer.
    expect(Object.keys(listed[0]).sort()).toEqual(
      ['browser', 'created_at', 'current', 'id', 'ip', 'last_seen_at', 'otp_verified'].sort(),
    );
  });

  it('signs out another of its sessions: its next request is 401 and its socket closes at once', async () => {
    const other = await signInFrom('admin@demo.local', FIREFOX_WINDOWS);
    const current = await signInFrom('admin@demo.local', CHROME_LINUX);
    const { closed } = await socketOf(other);
    const target = (await sessionsOf(other)).find((s) => s.current)!;
    const res = await call(server, 'DELETE', `${API}/user/sessions/${target.id}`, { token: current });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('The session has been signed out');
    expect(await within(closed)).toBe('io server disconnect');
    expect((await me(other)).status).toBe(401);
    expect((await me(current)).status).toBe(200);
    expect((await sessionsOf(current)).map((s) => s.id)).not.toContain(target.id);
    expect(await lastAudit('session.end')).toMatchObject({ objectId: String(target.id), outcome: 'success' });
    // Ended already: it is not there to end again.
    expect((await call(server, 'DELETE', `${API}/user/sessions/${target.id}`, { token: current })).status).toBe(404);
  });

  it("answers 404 for another user's session, which stays signed in, and 400 for an id that is not one", async () => {
    const mine = await signInFrom('admin@demo.local', CHROME_LINUX);
    const theirs = await signInFrom('client@demo.local', CHROME_LINUX);
    const theirId = (await sessionsOf(theirs)).find((s) => s.current)!.id;
    const res = await call(server, 'DELETE', `${API}/user/sessions/${theirId}`, { token: mine });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: 'failed', message: 'Session not found' });
    expect((await me(theirs)).status).toBe(200);
    for (const id of ['abc', '-1', '1.5', '1e3', '9'.repeat(16)]) {
      const bad = await call(server, 'DELETE', `${API}/user/sessions/${id}`, { token: mine });
      expect(bad.status, id).toBe(400);
      expect(bad.body.status).toBe('failed');
    }
  });

  it('signs out everywhere else: every other session ends, this one stays', async () => {
    const a = await signInFrom('client@demo.local', FIREFOX_WINDOWS);
    const b = await signInFrom('client@demo.local', FIREFOX_WINDOWS);
    const current = await signInFrom('client@demo.local', CHROME_LINUX);
    const sockets = [await socketOf(a), await socketOf(b)];
    const keep = await socketOf(current);
    const before = (await sessionsOf(current)).length;
    const res = await call(server, 'POST', `${API}/user/sessions/sign-out-others`, { token: current, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBe(before - 1);
    expect(res.body.message).toBe(`${before - 1} other sessions have been signed out`);
    await within(Promise.all(sockets.map((s) => s.closed)));
    expect(keep.socket.connected).toBe(true);
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
    expect(await sessionsOf(current)).toEqual([expect.objectContaining({ current: true })]);
    expect(await lastAudit('session.end_others')).toMatchObject({ outcome: 'success' });
    // A stray field is refused, and nothing ends.
    const stray = await call(server, 'POST', `${API}/user/sessions/sign-out-others`, {
      token: current,
      body: { all: true },
    });
    expect(stray.status).toBe(400);
    expect((await me(current)).status).toBe(200);
    // A script that sends no body at all is understood: nothing else to say.
    const other = await signInFrom('client@demo.local', FIREFOX_WINDOWS);
    const bare = await call(server, 'POST', `${API}/user/sessions/sign-out-others`, { token: current });
    expect(bare.status).toBe(200);
    expect(bare.body.data.ended).toBe(1);
    expect((await me(other)).status).toBe(401);
  });
});

describe("a SUPER ADMIN ends a user's sessions (User Management)", () => {
  it("ends every session of the user at once; an unknown user is 404 and one's own is refused", async () => {
    const { sa, id } = await newUser('ended.by.admin@demo.local', 'Operations Admin', [1]);
    const one = await signInFrom('ended.by.admin@demo.local', CHROME_LINUX);
    const two = await signInFrom('ended.by.admin@demo.local', FIREFOX_WINDOWS);
    const { closed } = await socketOf(one);
    const res = await call(server, 'POST', `${API}/management/end-sessions`, { token: sa, body: { user_id: id } });
    expect(res.status).toBe(200);
    expect(res.body.data.ended).toBeGreaterThanOrEqual(2);
    expect(res.body.message).toBe(`ended.by.admin@demo.local: ${res.body.data.ended} sessions ended`);
    expect(await within(closed)).toBe('io server disconnect');
    expect((await me(one)).status).toBe(401);
    expect((await me(two)).status).toBe(401);
    expect(await lastAudit('user.end_sessions')).toMatchObject({ objectId: String(id), outcome: 'success' });

    const unknown = await call(server, 'POST', `${API}/management/end-sessions`, {
      token: sa,
      body: { user_id: 999_999 },
    });
    expect(unknown.status).toBe(404);
    const [self] = await server.database.db.select().from(users).where(eq(users.email, 'superadmin@demo.local'));
    const own = await call(server, 'POST', `${API}/management/end-sessions`, { token: sa, body: { user_id: self.id } });
    expect(own.status).toBe(422);
    expect(own.body.message).toBe('To end your own sessions, use User Settings');
    expect((await me(sa)).status).toBe(200);
    for (const body of [{}, { user_id: 'x' }, { user_id: 1, more: 1 }, { user_id: 0 }]) {
      const bad = await call(server, 'POST', `${API}/management/end-sessions`, { token: sa, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    // An ADMIN with User Management may not: it is a SUPER ADMIN's.
    const admin = await signInFrom('admin@demo.local', CHROME_LINUX);
    const refused = await call(server, 'POST', `${API}/management/end-sessions`, {
      token: admin,
      body: { user_id: id },
    });
    expect(refused.status).toBe(403);
  });
});

describe('changes that end the sessions of the users they change', () => {
  const editUser = (token: string, body: Record<string, unknown>) =>
    call(server, 'PATCH', `${API}/management/edit-user`, { token, body });

  it("a user's role or client list: their sessions end; a new name alone ends none", async () => {
    const { sa, id, roleId } = await newUser('changed.user@demo.local', 'Operations Admin', [1]);
    const base = { id, role_id: roleId, client_id: [1], name: 'Changed User' };
    let token = await signInFrom('changed.user@demo.local', CHROME_LINUX);
    expect((await editUser(sa, base)).status).toBe(200);
    expect((await me(token)).status).toBe(200);

    const { closed } = await socketOf(token);
    expect((await editUser(sa, { ...base, client_id: [1, 2] })).status).toBe(200);
    expect(await within(closed)).toBe('io server disconnect');
    expect((await me(token)).status).toBe(401);
    expect(await lastAudit('user.edit')).toMatchObject({ detail: expect.objectContaining({ sessions_ended: true }) });

    token = await signInFrom('changed.user@demo.local', CHROME_LINUX);
    const [support] = await server.database.db.select().from(roles).where(eq(roles.name, 'Support Admin'));
    expect((await editUser(sa, { ...base, client_id: [1, 2], role_id: support.id })).status).toBe(200);
    expect((await me(token)).status).toBe(401);

    // The type is fixed: a change is refused and nothing ends.
    token = await signInFrom('changed.user@demo.local', CHROME_LINUX);
    const typed = await editUser(sa, { ...base, type: 'CLIENT', client_id: [1, 2], role_id: support.id });
    expect(typed.status).toBe(422);
    expect((await me(token)).status).toBe(200);
  });

  it("resetting a user's two-factor ends their sessions", async () => {
    const { sa, id } = await newUser('reset.user@demo.local', 'Operations Admin', [1]);
    const token = await signInFrom('reset.user@demo.local', CHROME_LINUX);
    const { closed } = await socketOf(token);
    const res = await call(server, 'POST', `${API}/management/remove-authenticator`, {
      token: sa,
      body: { user_id: id },
    });
    expect(res.status).toBe(200);
    expect(await within(closed)).toBe('io server disconnect');
    expect((await me(token)).status).toBe(401);
    secrets.delete('reset.user@demo.local');
  });

  it("a role's modules: every holder's sessions end; its name alone ends none", async () => {
    const sa = await signInFrom('superadmin@demo.local', CHROME_LINUX);
    const created = await call(server, 'POST', `${API}/management/create-role`, {
      token: sa,
      body: { name: 'Session Test', description: 'Held by two', type: 'ADMIN', modules: ['settings-user', 'overview'] },
    });
    expect(created.status).toBe(201);
    const role = created.body.data;
    for (const email of ['holder.one@demo.local', 'holder.two@demo.local'])
      expect(
        (
          await call(server, 'POST', `${API}/management/create-user`, {
            token: sa,
            body: { type: 'ADMIN', role_id: role.id, client_id: [1], name: email, email, password: DEMO_PASSWORD },
          })
        ).status,
      ).toBe(201);
    const one = await signInFrom('holder.one@demo.local', CHROME_LINUX);
    const two = await signInFrom('holder.two@demo.local', FIREFOX_WINDOWS);
    const outsider = await signInFrom('admin@demo.local', CHROME_LINUX);
    const edit = (body: Record<string, unknown>) =>
      call(server, 'PATCH', `${API}/management/edit-role`, {
        token: sa,
        body: { id: role.id, name: 'Session Test', description: 'Held by two', modules: role.modules, ...body },
      });
    expect((await edit({ name: 'Session Test Renamed' })).status).toBe(200);
    expect((await me(one)).status).toBe(200);

    const closed = [(await socketOf(one)).closed, (await socketOf(two)).closed];
    expect((await edit({ modules: ['settings-user'] })).status).toBe(200);
    await within(Promise.all(closed));
    expect((await me(one)).status).toBe(401);
    expect((await me(two)).status).toBe(401);
    expect((await me(outsider)).status).toBe(200);
    expect(await lastAudit('role.edit')).toMatchObject({
      detail: expect.objectContaining({ sessions_ended: true, users_signed_out: 2 }),
    });
  });

  it('a SUPER ADMIN changing a role they hold keeps the session they made it from; their others end', async () => {
    const other = await signInFrom('superadmin@demo.local', FIREFOX_WINDOWS);
    const acting = await signInFrom('superadmin@demo.local', CHROME_LINUX);
    const peer = await signInFrom('superadmin2@demo.local', CHROME_LINUX);
    const otherSocket = await socketOf(other);
    const actingSocket = await socketOf(acting);
    const [role] = await server.database.db
      .select()
      .from(roles)
      .where(and(eq(roles.name, 'Super Admin'), eq(roles.type, 'SUPER ADMIN')));
    const listed = await call(server, 'GET', `${API}/management/get-roles?search=Super%20Admin`, { token: acting });
    const row = listed.body.data.find((r: { id: number }) => r.id === role.id);
    const edit = (modules: string[]) =>
      call(server, 'PATCH', `${API}/management/edit-role`, {
        token: acting,
        body: { id: role.id, name: row.name, description: row.description, modules },
      });
    const res = await edit(row.modules.filter((m: string) => m !== 'overview'));
    expect(res.status).toBe(200);
    await within(otherSocket.closed);
    expect(actingSocket.socket.connected).toBe(true);
    expect((await me(acting)).status).toBe(200);
    expect((await me(other)).status).toBe(401);
    expect((await me(peer)).status).toBe(401);
    expect(await lastAudit('role.edit')).toMatchObject({
      detail: expect.objectContaining({ sessions_ended: true, session_kept: expect.any(Number) }),
    });
    // Put back as it was (from the session that is still signed in).
    expect((await edit(row.modules)).status).toBe(200);
  });
});
