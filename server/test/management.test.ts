import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema.ts';
import { call, login, signInVerified, startTestServer, type TestServer } from './harness.ts';

const API = '/api/backoffice/management';
// The harness signs users in with the demo password; it is long enough for the 12-character rule.
const PASSWORD = 'Demo-Password-1!';
let server: TestServer;
let sa: string;

const as = (token: string) => ({
  get: (path: string) => call(server, 'GET', `${API}/${path}`, { token }),
  post: (path: string, body: unknown) => call(server, 'POST', `${API}/${path}`, { token, body }),
  patch: (path: string, body: unknown) => call(server, 'PATCH', `${API}/${path}`, { token, body }),
});

async function createRole(token: string, body: Record<string, unknown>) {
  const res = await as(token).post('create-role', { description: 'Made by a test', type: 'ADMIN', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

async function createUser(token: string, body: Record<string, unknown>) {
  const res = await as(token).post('create-user', { type: 'ADMIN', client_id: [1], password: PASSWORD, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

const lastAudit = async (action: string) =>
  (
    await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

beforeAll(async () => {
  server = await startTestServer();
  sa = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

describe('roles', () => {
  it('stores a parent with its children and its required children always, and says so in the spec words', async () => {
    const res = await as(sa).post('create-role', {
      name: 'Role Keeper',
      description: 'Edits roles',
      type: 'ADMIN',
      modules: ['management-role'],
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Role Role Keeper has been successfully created');
    expect(res.body.data.modules.sort()).toEqual(['management', 'management-role', 'management-user']);
    expect(res.body.data.module_count).toBe(3);
    const audit = await lastAudit('role.create');
    expect(audit.detail).toMatchObject({
      before: null,
      after: { name: 'Role Keeper', modules: ['management', 'management-user', 'management-role'] },
    });
  });

  it('refuses a role without modules/name/description, an unknown module, Settlement if not SUPER ADMIN', async () => {
    const none = await as(sa).post('create-role', { name: 'Empty', description: 'x', type: 'ADMIN', modules: [] });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('At least 1 selected Module is required');
    const blank = await as(sa).post('create-role', {
      name: ' ',
      description: '',
      type: 'ADMIN',
      modules: ['transactions'],
    });
    expect(blank.status).toBe(400);
    expect(blank.body.errors.map((e: { message: string }) => e.message)).toEqual(
      expect.arrayContaining(['Role Name is required', 'Description is required']),
    );
    expect(
      (await as(sa).post('create-role', { name: 'Odd', description: 'x', type: 'ADMIN', modules: ['root-shell'] }))
        .status,
    ).toBe(422);
    // Issue 47: the Callbacks page comes with the Payments List; no role grants it on its own.
    const companion = await as(sa).post('create-role', {
      name: 'Callbacks Only',
      description: 'x',
      type: 'ADMIN',
      modules: ['callbacks'],
    });
    expect(companion.status).toBe(422);
    expect(companion.body.message).toBe('Unknown module: callbacks');
    const settlement = await as(sa).post('create-role', {
      name: 'Settler',
      description: 'x',
      type: 'CLIENT',
      modules: ['settlement'],
    });
    expect(settlement.status).toBe(422);
  });

  it("edits name, description and modules (type stays), audited; the role's users are signed out (issue 44)", async () => {
    const role = await createRole(sa, { name: 'Payments Only', modules: ['transactions', 'settings-user'] });
    await createUser(sa, { role_id: role.id, name: 'Pat Payments', email: 'pat@demo.local' });
    const pat = (await signInVerified(server, 'pat@demo.local')).token;
    expect((await call(server, 'GET', '/api/backoffice/transaction/summary', { token: pat })).status).toBe(200);

    const edit = await as(sa).patch('edit-role', {
      id: role.id,
      name: 'Balance Only',
      description: 'Now balance',
      modules: ['balance', 'settings-user'],
    });
    expect(edit.status).toBe(200);
    expect(edit.body.message).toBe('Role Balance Only has been successfully updated');
    expect(edit.body.data.type).toBe('ADMIN');
    // Issue 44: a role's modules changed, so its holders' sessions ended; signed in again, they have the new ones.
    expect((await call(server, 'GET', '/api/backoffice/transaction/summary', { token: pat })).status).toBe(401);
    const again = (await signInVerified(server, 'pat@demo.local')).token;
    expect((await call(server, 'GET', '/api/backoffice/transaction/summary', { token: again })).status).toBe(403);
    const me = (await call(server, 'GET', '/api/backoffice/user/me', { token: again })).body.data;
    expect(me.allowed_paths).toEqual(['/dashboard/balance', '/dashboard/settings', '/dashboard/settings/user']);
    const audit = await lastAudit('role.edit');
    expect(audit.detail).toMatchObject({
      before: { name: 'Payments Only' },
      after: { name: 'Balance Only', modules: ['balance', 'settings', 'settings-user'] },
    });
    expect(
      (
        await as(sa).patch('edit-role', {
          id: role.id,
          name: 'x',
          description: 'x',
          modules: ['balance'],
          type: 'SUPER ADMIN',
        })
      ).status,
    ).toBe(400);
  });

  it('lists roles paged with search and type, newest first', async () => {
    const all = await as(sa).get('get-roles?limit=50');
    expect(all.status).toBe(200);
    expect(all.body.meta).toMatchObject({ current_page: 1, per_page: 50 });
    expect(all.body.data.map((r: { type: string }) => r.type)).toEqual(
      expect.arrayContaining(['SUPER ADMIN', 'ADMIN', 'CLIENT']),
    );
    const clientRoles = await as(sa).get('get-roles?type=CLIENT');
    expect(clientRoles.body.data.every((r: { type: string }) => r.type === 'CLIENT')).toBe(true);
    const found = await as(sa).get('get-roles?search=finance');
    expect(found.body.data.map((r: { name: string }) => r.name)).toEqual(['Client Finance']);
    expect((await as(sa).get('get-roles?limit=7')).status).toBe(400);
  });
});

describe('users', () => {
  it('creates a user with the spec message, keeps the password out of the audit log, lets them sign in', async () => {
    const roles = (await as(sa).get('get-roles?type=CLIENT')).body.data;
    const res = await as(sa).post('create-user', {
      type: 'CLIENT',
      role_id: roles[0].id,
      client_id: [2, 1],
      name: 'Nina New',
      email: 'Nina.New@Demo.Local',
      password: PASSWORD,
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('User Nina New has been successfully created');
    expect(res.body.data).toMatchObject({
      email: 'nina.new@demo.local',
      type: 'CLIENT',
      client_id: [1, 2],
      is_active: true,
      two_factor_active: false,
    });
    expect(res.body.data.clients).toHaveLength(2);
    const audit = await lastAudit('user.create');
    expect(JSON.stringify(audit.detail)).not.toMatch(/password|argon/i);
    expect((await login(server, 'nina.new@demo.local', PASSWORD)).status).toBe(200);
  });

  it('applies every rule of the user form on the server', async () => {
    const role = (await as(sa).get('get-roles?type=ADMIN')).body.data[0];
    const base = {
      type: 'ADMIN',
      role_id: role.id,
      client_id: [1],
      name: 'Rule Tester',
      email: 'rules@demo.local',
      password: PASSWORD,
    };
    const messages = async (body: unknown) => (await as(sa).post('create-user', body)).body;
    expect((await messages({ ...base, email: 'no-at-sign.com' })).message).toBe('Email is invalid');
    expect((await messages({ ...base, email: 'user@nodot' })).message).toBe('Email is invalid');
    expect((await messages({ ...base, password: 'short-pass' })).message).toBe(
      'Password must be at least 12 characters',
    );
    const { role_id: _omit, ...noRole } = base;
    expect((await messages(noRole)).message).toBe('Role is required');
    expect((await messages({ ...base, client_id: [] })).message).toBe('Client Name is required');
    expect((await messages({ ...base, type: 'CLIENT' })).message).toBe('Role must be a role of the chosen User Type');
    expect((await messages({ ...base, client_id: [99999] })).message).toBe('Client not found');
    expect((await messages({ ...base, extra: 1 })).status).toBe('failed');
    expect((await as(sa).post('create-user', base)).status).toBe(201);
    const again = await as(sa).post('create-user', { ...base, email: 'RULES@demo.local' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Email is already registered');
  });

  it('keeps email and type fixed on edit, changes the rest, and audits before and after', async () => {
    const role = (await as(sa).get('get-roles?type=ADMIN')).body.data[0];
    const user = await createUser(sa, { role_id: role.id, name: 'Eddie Edit', email: 'eddie@demo.local' });
    const edit = (body: Record<string, unknown>) =>
      as(sa).patch('edit-user', { id: user.id, role_id: role.id, client_id: [1], name: 'Eddie Edit', ...body });
    expect((await edit({ email: 'other@demo.local' })).body.message).toBe('Email cannot be changed');
    expect((await edit({ type: 'CLIENT' })).body.message).toBe('User Type cannot be changed');
    const res = await edit({ name: 'Eddie Edited', client_id: [1, 3], email: 'eddie@demo.local', type: 'ADMIN' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User Eddie Edited has been successfully updated');
    expect(res.body.data.client_id).toEqual([1, 3]);
    const audit = await lastAudit('user.edit');
    expect(audit.detail).toMatchObject({
      before: { name: 'Eddie Edit', client_id: [1] },
      after: { name: 'Eddie Edited', client_id: [1, 3] },
      password_changed: false,
    });
    expect(
      (await as(sa).patch('edit-user', { id: 999999, role_id: role.id, client_id: [1], name: 'Ghost' })).status,
    ).toBe(404);
  });

  it("ends a user's sessions when deactivated or given a new password; refuses sign-in while inactive", async () => {
    const role = (await as(sa).get('get-roles?type=ADMIN')).body.data[0];
    const user = await createUser(sa, { role_id: role.id, name: 'Dee Active', email: 'dee@demo.local' });
    const dee = (await signInVerified(server, 'dee@demo.local')).token;
    const edit = (body: Record<string, unknown>) =>
      as(sa).patch('edit-user', { id: user.id, role_id: role.id, client_id: [1], name: 'Dee Active', ...body });

    expect((await edit({ password: 'Another-long-pass-2' })).status).toBe(200);
    expect((await call(server, 'GET', '/api/backoffice/user/me', { token: dee })).status).toBe(401);

    const again = await signInVerified(server, 'dee@demo.local').catch(() => null);
    expect(again).toBeNull(); // the old password no longer works
    const ok = await login(server, 'dee@demo.local', 'Another-long-pass-2');
    expect(ok.status).toBe(200);
    expect((await edit({ is_active: false })).body.data.is_active).toBe(false);
    expect((await call(server, 'GET', '/api/backoffice/user/me', { token: ok.body.data.token })).status).toBe(401);
    expect((await login(server, 'dee@demo.local', 'Another-long-pass-2')).status).toBe(401);
    expect((await lastAudit('user.deactivate')).detail).toMatchObject({
      before: { is_active: true },
      after: { is_active: false },
      sessions_ended: true,
    });
  });

  it('resets an authenticator: the open session ends and the next sign-in sets two-factor up again', async () => {
    const role = (await as(sa).get('get-roles?type=ADMIN')).body.data[0];
    const user = await createUser(sa, { role_id: role.id, name: 'Otto Tp', email: 'otto@demo.local' });
    const otto = (await signInVerified(server, 'otto@demo.local')).token;
    const res = await as(sa).post('remove-authenticator', { user_id: user.id });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Authenticator has been reset successfully.');
    expect((await call(server, 'GET', '/api/backoffice/user/me', { token: otto })).status).toBe(401);
    expect((await login(server, 'otto@demo.local', PASSWORD)).body.data.two_factor_active).toBe(false);
    expect((await as(sa).post('remove-authenticator', { user_id: user.id })).status).toBe(409);
    expect((await lastAudit('user.remove_authenticator')).objectId).toBe(String(user.id));
  });

  it('lists users paged with search, type, role and client filters', async () => {
    const byEmail = await as(sa).get('get-users?search=citra');
    expect(byEmail.body.data.map((u: { email: string }) => u.email)).toEqual(['client@demo.local']);
    expect(byEmail.body.data[0]).toMatchObject({
      role_name: 'Client Finance',
      clients: expect.any(Array),
      two_factor_active: expect.any(Boolean),
    });
    const supers = await as(sa).get('get-users?type=SUPER%20ADMIN');
    expect(supers.body.data.every((u: { type: string }) => u.type === 'SUPER ADMIN')).toBe(true);
    const ofClient3 = await as(sa).get('get-users?client_id=3&limit=50');
    expect(ofClient3.body.data.every((u: { client_id: number[] }) => u.client_id.includes(3))).toBe(true);
    const roleId = byEmail.body.data[0].role_id;
    const ofRole = await as(sa).get(`get-users?role_id=${roleId}&limit=50`);
    expect(ofRole.body.data.every((u: { role_id: number }) => u.role_id === roleId)).toBe(true);
  });
});

describe('an ADMIN who manages users', () => {
  let manager: string;
  let managerRoleId: number;

  beforeAll(async () => {
    const role = await createRole(sa, {
      name: 'People Manager',
      modules: ['transactions', 'management-user', 'management-role', 'settings-user'],
    });
    managerRoleId = role.id;
    await createUser(sa, { role_id: role.id, client_id: [1, 2], name: 'Mara Manager', email: 'mara@demo.local' });
    manager = (await signInVerified(server, 'mara@demo.local')).token;
  });

  it('sees only users of their own type within their clients, and only roles of their own type', async () => {
    const users = (await as(manager).get('get-users?limit=50')).body.data as Array<{
      type: string;
      client_id: number[];
      email: string;
    }>;
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u) => u.type === 'ADMIN' && u.client_id.every((id) => [1, 2].includes(id)))).toBe(true);
    expect(users.map((u) => u.email)).not.toContain('superadmin@demo.local');
    const roles = (await as(manager).get('get-roles?limit=50')).body.data as Array<{ type: string }>;
    expect(roles.every((r) => r.type === 'ADMIN')).toBe(true);
    expect((await as(manager).get('get-users?client_id=3')).status).toBe(404);
  });

  it('cannot raise anyone above their own type, reach foreign clients, or grant modules they do not hold', async () => {
    const superRole = (await as(sa).get('get-roles?type=SUPER%20ADMIN')).body.data[0];
    const base = {
      type: 'ADMIN',
      role_id: managerRoleId,
      client_id: [1],
      name: 'Created By Mara',
      email: 'by.mara@demo.local',
      password: PASSWORD,
    };
    expect(
      (await as(manager).post('create-user', { ...base, type: 'SUPER ADMIN', role_id: superRole.id })).status,
    ).toBe(403);
    const clientRole = (await as(sa).get('get-roles?type=CLIENT')).body.data[0];
    expect((await as(manager).post('create-user', { ...base, type: 'CLIENT', role_id: clientRole.id })).status).toBe(
      403,
    );
    const citra = (await as(sa).get('get-users?search=citra')).body.data[0];
    expect(
      (await as(manager).patch('edit-user', { id: citra.id, role_id: clientRole.id, client_id: [1], name: 'Hijack' }))
        .status,
    ).toBe(404);
    expect((await as(manager).post('create-user', { ...base, client_id: [3] })).status).toBe(404);
    const ops = (await as(sa).get('get-roles?search=Operations')).body.data[0];
    expect((await as(manager).post('create-user', { ...base, role_id: ops.id })).status).toBe(403);
    expect(
      (await as(manager).post('create-role', { name: 'Greedy', description: 'x', type: 'ADMIN', modules: ['balance'] }))
        .status,
    ).toBe(403);
    expect(
      (
        await as(manager).post('create-role', {
          name: 'Too High',
          description: 'x',
          type: 'SUPER ADMIN',
          modules: ['transactions'],
        })
      ).status,
    ).toBe(403);
    // Held by Adi Admin, whose clients reach beyond Mara's: not hers to see or edit.
    expect(
      (await as(manager).patch('edit-role', { id: ops.id, name: 'Ops', description: 'x', modules: ['transactions'] }))
        .status,
    ).toBe(404);
    const superAdmin = (await as(sa).get('get-users?search=superadmin')).body.data[0];
    expect(
      (
        await as(manager).patch('edit-user', {
          id: superAdmin.id,
          role_id: managerRoleId,
          client_id: [1],
          name: 'Hijack',
        })
      ).status,
    ).toBe(404);
    expect((await as(manager).post('remove-authenticator', { user_id: superAdmin.id })).status).toBe(404);
    expect((await as(manager).post('create-user', base)).status).toBe(201);
  });

  it('cannot touch a colleague whose role holds more, nor a role shared with users beyond their reach', async () => {
    const ops = (await as(sa).get('get-roles?search=Operations')).body.data[0];
    const boss = await createUser(sa, {
      role_id: ops.id,
      client_id: [1],
      name: 'Bea Boss',
      email: 'bea.boss@demo.local',
    });
    await signInVerified(server, 'bea.boss@demo.local');
    expect((await as(manager).post('remove-authenticator', { user_id: boss.id })).status).toBe(404);
    expect(
      (
        await as(manager).patch('edit-user', {
          id: boss.id,
          role_id: managerRoleId,
          client_id: [1],
          name: 'Bea Boss',
          is_active: false,
        })
      ).status,
    ).toBe(404);
    expect((await as(manager).get('get-users?search=bea.boss')).body.data).toEqual([]);

    const shared = await createRole(sa, { name: 'Shared Payments', modules: ['transactions', 'settings-user'] });
    await createUser(sa, { role_id: shared.id, client_id: [3], name: 'Far Away', email: 'far.away@demo.local' });
    expect((await as(manager).get('get-roles?search=Shared')).body.data).toEqual([]);
    const widen = await as(manager).patch('edit-role', {
      id: shared.id,
      name: 'Shared Payments',
      description: 'x',
      modules: ['transactions', 'management-user'],
    });
    expect(widen.status).toBe(404);
  });

  it('leaves a trail of refused changes and answers text the database cannot hold with 400', async () => {
    const taken = await as(manager).post('create-user', {
      type: 'ADMIN',
      role_id: managerRoleId,
      client_id: [1],
      name: 'Dup',
      email: 'mara@demo.local',
      password: PASSWORD,
    });
    expect(taken.status).toBe(409);
    const trail = await lastAudit('user.create');
    expect(trail).toMatchObject({
      outcome: 'failure',
      actorEmail: 'mara@demo.local',
      detail: { status: 409, message: 'Email is already registered' },
    });
    const nul = await as(manager).post('create-user', {
      type: 'ADMIN',
      role_id: managerRoleId,
      client_id: [1],
      name: 'a\u0000b',
      email: 'nul@demo.local',
      password: PASSWORD,
    });
    expect(nul.status).toBe(400);
    expect((await as(manager).get('get-users?search=%00')).status).toBe(400);
    expect(
      (
        await as(sa).post('create-role', {
          name: 'n\u0000',
          description: 'x',
          type: 'ADMIN',
          modules: ['transactions'],
        })
      ).status,
    ).toBe(400);
  });
});
