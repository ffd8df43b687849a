import Fastify from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleModules, users } from '../db/schema.ts';
import { registerAccessControl } from '../http/access.ts';
import { loadConfig } from '../config.ts';
import { routeTable } from '../http/routeTable.ts';
import { auditorExpectations, authorizationExpectations, type Expectation } from './authorizationExpectations.ts';
import { call, login, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Every route of the one authorization table, called by every kind of caller. The expectation is
 * worked out from the hand-written authorizationExpectations (not from routeTable, which is what is
 * under test) and each caller's role as stored, not by the server's own check.
 */
type Caller = 'no token' | 'before OTP' | 'client' | 'admin' | 'super admin' | 'role lacking modules' | 'auditor';
const callers: Caller[] = [
  'no token',
  'before OTP',
  'client',
  'admin',
  'super admin',
  'role lacking modules',
  'auditor',
];
const emails: Partial<Record<Caller, string>> = {
  'before OTP': 'client@demo.local',
  client: 'client@demo.local',
  admin: 'admin@demo.local',
  'super admin': 'superadmin@demo.local',
  'role lacking modules': 'settings.only@demo.local',
  auditor: 'auditor@demo.local',
};
/** Calls that end the caller's session or second factor when allowed: they get a token of their own. */
const endsSession = new Set(['POST /api/backoffice/auth/logout', 'DELETE /api/backoffice/user/disable-otp']);

let server: TestServer;
const tokens: Partial<Record<Caller, string>> = {};
const holdings: Partial<Record<Caller, { type: string; modules: string[] }>> = {};

beforeAll(async () => {
  server = await startTestServer();
  const sa = await signInVerified(server, 'superadmin@demo.local');
  const role = await call(server, 'POST', '/api/backoffice/management/create-role', {
    token: sa.token,
    body: { name: 'Settings Only', description: 'Only their own settings', type: 'ADMIN', modules: ['settings-user'] },
  });
  expect(role.status).toBe(201);
  const user = await call(server, 'POST', '/api/backoffice/management/create-user', {
    token: sa.token,
    body: {
      type: 'ADMIN',
      role_id: role.body.data.id,
      client_id: [1],
      name: 'Settings Only',
      email: 'settings.only@demo.local',
      password: 'Demo-Password-1!',
    },
  });
  expect(user.status).toBe(201);
  // The client's role also holds management, written past the rule as older data may be (issue 28): the route's
  // staff-only flag alone must refuse them.
  const [citra] = await server.database.db.select().from(users).where(eq(users.email, 'client@demo.local'));
  await server.database.db
    .insert(roleModules)
    .values(
      ['management', 'management-user', 'management-role'].map((moduleId) => ({ roleId: citra.roleId!, moduleId })),
    )
    .onConflictDoNothing();
  for (const caller of ['client', 'admin', 'super admin', 'role lacking modules', 'auditor'] as const) {
    tokens[caller] = (await signInVerified(server, emails[caller]!)).token;
  }
  // After the client's two-factor set-up, which ends every earlier session of theirs.
  tokens['before OTP'] = (await login(server, 'client@demo.local')).body.data.token;
  for (const caller of callers) {
    if (!emails[caller]) continue;
    const [u] = await server.database.db.select().from(users).where(eq(users.email, emails[caller]!));
    const modules = (await server.database.db.select().from(roleModules).where(eq(roleModules.roleId, u.roleId!))).map(
      (m) => m.moduleId,
    );
    // Spec section 6: Settlement belongs to SUPER ADMIN whatever a role holds.
    holdings[caller] = {
      type: u.type,
      modules: u.type === 'SUPER ADMIN' ? modules : modules.filter((m) => m !== 'settlement'),
    };
  }
});
afterAll(async () => {
  await server?.close();
});

function expected(want: Expectation, caller: Caller, key: string): 'allowed' | 401 | 403 {
  if (want.who === 'public') return 'allowed';
  if (caller === 'no token') return 401;
  if (caller === 'auditor') return auditorExpectations[key];
  if (want.who === 'any session') return 'allowed';
  if (caller === 'before OTP') return 403;
  if (want.who === 'verified') return 'allowed';
  const { type, modules } = holdings[caller]!;
  if (want.only === 'SUPER ADMIN' && type !== 'SUPER ADMIN') return 403;
  if (want.only === 'staff' && type !== 'SUPER ADMIN' && type !== 'ADMIN') return 403;
  return want.modules.some((m) => modules.includes(m)) ? 'allowed' : 403;
}

async function tokenFor(caller: Caller, key: string): Promise<string | undefined> {
  if (caller === 'no token') return undefined;
  if (!endsSession.has(key)) return tokens[caller];
  return caller === 'before OTP'
    ? (await login(server, emails[caller]!)).body.data.token
    : (await signInVerified(server, emails[caller]!)).token;
}

describe('authorization matrix', () => {
  const entries = Object.entries(authorizationExpectations);

  it('names the same routes in the hand-written expectations as in the route table', () => {
    expect(Object.keys(authorizationExpectations).sort()).toEqual(Object.keys(routeTable).sort());
    expect(Object.keys(auditorExpectations).sort()).toEqual(Object.keys(routeTable).sort());
  });

  it('has a registered route for every entry, and the server refuses a route without one', () => {
    for (const key of Object.keys(routeTable)) {
      const [method, url] = key.split(' ');
      expect(server.app.app.hasRoute({ method: method as 'GET', url }), key).toBe(true);
    }
    const app = Fastify();
    registerAccessControl(app, server.database, { idleMs: 1, maxMs: 1 }, loadConfig({}));
    expect(() => app.get('/api/backoffice/unlisted', async () => 'open')).toThrow(/routeTable/);
    expect(() =>
      app.get('/api/backoffice/transaction/list', { config: { access: { kind: 'public' } } }, async () => 'open'),
    ).toThrow(/routeTable/);
  });

  for (const caller of callers) {
    it(`answers every route as the hand-written expectations say for: ${caller}`, async () => {
      const outcomes: string[] = [];
      for (const [key, expectation] of entries) {
        const [method, pattern] = key.split(' ');
        const url = pattern.replace(':clientId', '1').replace(':id', '999999');
        const token = await tokenFor(caller, key);
        // A body no route accepts: an allowed call is then refused for its input, never carried out.
        const res = await call(server, method, url, {
          token,
          ...(method === 'GET' ? {} : { body: { __probe: true } }),
        });
        // Disabling two-factor ends all of that user's sessions: sign in again for the routes after it.
        if (endsSession.has(key) && caller !== 'no token') tokens[caller] = await tokenFor(caller, key);
        const want = expected(expectation, caller, key);
        const got = res.status === 401 || res.status === 403 ? res.status : 'allowed';
        // A public callback may refuse an unsigned body with its own 401; it is never 403 or a 500.
        const publicOwn401 = expectation.who === 'public' && res.status === 401;
        if ((got !== want && !publicOwn401) || res.status >= 500)
          outcomes.push(`${key}: expected ${want}, got ${res.status} ${JSON.stringify(res.body?.message)}`);
      }
      expect(outcomes).toEqual([]);
    });
  }

  it('derives allowed_paths and modules from the same table', async () => {
    const me = async (caller: Caller) =>
      (await call(server, 'GET', '/api/backoffice/user/me', { token: tokens[caller] })).body.data;
    expect((await me('role lacking modules')).allowed_paths).toEqual([
      '/dashboard/settings',
      '/dashboard/settings/user',
    ]);
    expect((await me('admin')).allowed_paths).not.toContain('/dashboard/settlement');
    expect((await me('super admin')).allowed_paths).toEqual(
      expect.arrayContaining(['/dashboard/settlement', '/dashboard/management/user', '/dashboard/management/role']),
    );
    // Issue 28: an AUDITOR reads every page an AUDITOR may hold, SUPER ADMIN's reads included; no management.
    expect((await me('auditor')).allowed_paths).toEqual([
      '/dashboard/overview',
      '/dashboard/transactions',
      // Issue 47: the Callbacks page comes with the Payments List.
      '/dashboard/callbacks',
      '/dashboard/payin',
      '/dashboard/disbursement',
      '/dashboard/disbursement/transactions',
      '/dashboard/disbursement/account',
      '/dashboard/balance',
      '/dashboard/settlement',
      '/dashboard/audit-log',
      '/dashboard/ledger',
      '/dashboard/workflows',
      '/dashboard/approvals',
      '/dashboard/settings',
      '/dashboard/settings/user',
    ]);
    const beforeOtp = (await login(server, 'admin@demo.local')).body.data.token;
    expect(
      (await call(server, 'GET', '/api/backoffice/user/me', { token: beforeOtp })).body.data.allowed_paths,
    ).toEqual(['/dashboard/settings/user']);
  });
});
