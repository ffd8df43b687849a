import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleModules, roles, users } from '../db/schema.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 28, least privilege: a client role may not hold User or Role Management, and a client user
 * is refused every management call even where older data gave their role those modules.
 */
const API = '/api/backoffice/management';
const REFUSAL = 'A client role cannot hold User Management, Role Management.';
let server: TestServer;
let sa: string;

const roleOf = async (name: string) => (await server.database.db.select().from(roles).where(eq(roles.name, name)))[0];
const modulesOf = async (roleId: number) =>
  (await server.database.db.select().from(roleModules).where(eq(roleModules.roleId, roleId)))
    .map((m) => m.moduleId)
    .sort();

beforeAll(async () => {
  server = await startTestServer();
  sa = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

describe('a client role and the management modules', () => {
  it('refuses to create a client role holding them with 422 naming them, and creates nothing', async () => {
    const res = await call(server, 'POST', `${API}/create-role`, {
      token: sa,
      body: {
        name: 'Client Managers',
        description: 'Would manage their colleagues',
        type: 'CLIENT',
        modules: ['transactions', 'management', 'management-user', 'management-role'],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(REFUSAL);
    expect(await roleOf('Client Managers')).toBeUndefined();
    // One page alone is named as itself.
    const one = await call(server, 'POST', `${API}/create-role`, {
      token: sa,
      body: { name: 'Client Role Keepers', description: 'x', type: 'CLIENT', modules: ['management-role'] },
    });
    expect(one.status).toBe(422);
    expect(one.body.message).toBe('A client role cannot hold Role Management.');
  });

  it('still lets an ADMIN role hold them', async () => {
    const res = await call(server, 'POST', `${API}/create-role`, {
      token: sa,
      body: { name: 'Admin Managers', description: 'Staff', type: 'ADMIN', modules: ['management-role'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.modules.sort()).toEqual(['management', 'management-role', 'management-user']);
  });

  it('refuses to edit a client role into holding them, and the role keeps its modules and its type', async () => {
    const viewer = await roleOf('Client Viewer');
    const before = await modulesOf(viewer.id);
    const res = await call(server, 'PATCH', `${API}/edit-role`, {
      token: sa,
      body: {
        id: viewer.id,
        name: viewer.name,
        description: viewer.description,
        modules: [...before, 'management-user', 'management-role'],
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(REFUSAL);
    expect(await modulesOf(viewer.id)).toEqual(before);
    // Nor by naming another type: an edit takes no type, so the role stays a client role.
    const retyped = await call(server, 'PATCH', `${API}/edit-role`, {
      token: sa,
      body: { id: viewer.id, name: viewer.name, description: 'x', type: 'ADMIN', modules: ['management-user'] },
    });
    expect(retyped.status).toBe(400);
    expect((await roleOf('Client Viewer')).type).toBe('CLIENT');
    expect(await modulesOf(viewer.id)).toEqual(before);
  });
});

describe('a client user whose role holds management (older data)', () => {
  let client: string;
  beforeAll(async () => {
    const [citra] = await server.database.db.select().from(users).where(eq(users.email, 'client@demo.local'));
    // Written past the rule, as data from before it could be.
    await server.database.db
      .insert(roleModules)
      .values(
        ['management', 'management-user', 'management-role'].map((moduleId) => ({ roleId: citra.roleId!, moduleId })),
      );
    client = (await signInVerified(server, 'client@demo.local')).token;
  });

  it.each([
    ['GET', 'get-users'],
    ['POST', 'create-user'],
    ['PATCH', 'edit-user'],
    ['POST', 'remove-authenticator'],
    ['GET', 'get-roles'],
    ['POST', 'create-role'],
    ['PATCH', 'edit-role'],
  ])('is refused %s %s with 403', async (method, path) => {
    const res = await call(server, method, `${API}/${path}`, {
      token: client,
      ...(method === 'GET' ? {} : { body: { id: 1, user_id: 1 } }),
    });
    expect(res.status).toBe(403);
  });

  it('is not offered the management pages', async () => {
    const me = (await call(server, 'GET', '/api/backoffice/user/me', { token: client })).body.data;
    expect(me.allowed_paths).not.toEqual(expect.arrayContaining(['/dashboard/management/user']));
    expect(me.allowed_paths.filter((p: string) => p.startsWith('/dashboard/management'))).toEqual([]);
    expect(me.allowed_paths).toContain('/dashboard/transactions');
  });
});
