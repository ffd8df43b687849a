import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { openWorkOrder } from '../domain/workOrders.ts';
import type { Db } from '../db/connect.ts';
import { call, login, signInVerified, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const signedIn: Record<string, any> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'admin', 'client']) {
    const { token, user } = await signInVerified(server, `${who}@demo.local`);
    tokens[who] = token;
    signedIn[who] = user;
  }
});
afterAll(async () => {
  await server?.close();
});

const get = (who: string, path: string) => call(server, 'GET', path, { token: tokens[who] });

describe('option lists', () => {
  it('lists the module catalogue as parents with children, required children flagged', async () => {
    const res = await get('client', '/api/backoffice/master/modules');
    const disbursement = res.body.data.find((m: any) => m.id === 'disbursement');
    expect(disbursement.children.map((c: any) => c.path)).toEqual([
      '/dashboard/disbursement/transactions',
      '/dashboard/disbursement/account',
      '/dashboard/disbursement/master-balance',
    ]);
    expect(disbursement.children[0].is_required).toBe(true);
    expect(res.body.data.map((m: any) => m.title)).toEqual([
      'Overview',
      'Payments List',
      // Issue 47: in the menu with the Payments List; no role grants it (the role form does not offer it).
      'Callbacks',
      'Payin Detail',
      'Disbursement',
      'Payments Balance',
      'Settlement',
      'Audit Log',
      'Ledger',
      'Workflows',
      'Approvals',
      'Management',
      'Settings',
    ]);
  });

  it('lists only the clients in the user’s scope, every client for SUPER ADMIN', async () => {
    const client = await get('client', '/api/backoffice/master/client');
    expect(client.body.data.map((c: any) => c.id)).toEqual([1, 2]);
    const admin = await get('admin', '/api/backoffice/master/client');
    expect(admin.body.data).toHaveLength(5);
    const superadmin = await get('superadmin', '/api/backoffice/master/client');
    expect(superadmin.body.data.length).toBeGreaterThanOrEqual(6);
    expect(superadmin.body.data[0].client_name).toMatch(/^(PT|CV) /);
  });

  it('lists every role for SUPER ADMIN and only their own type for others', async () => {
    const all = await get('superadmin', '/api/backoffice/master/roles');
    expect(new Set(all.body.data.map((r: any) => r.type))).toEqual(
      new Set(['SUPER ADMIN', 'ADMIN', 'CLIENT', 'AUDITOR']),
    );
    const admin = await get('admin', '/api/backoffice/master/roles');
    expect(new Set(admin.body.data.map((r: any) => r.type))).toEqual(new Set(['ADMIN']));
    const client = await get('client', '/api/backoffice/master/roles');
    expect(new Set(client.body.data.map((r: any) => r.type))).toEqual(new Set(['CLIENT']));
  });

  it('lists the banks', async () => {
    const res = await get('client', '/api/backoffice/master/banks');
    const names = res.body.data.map((b: any) => b.name);
    for (const bank of ['BCA', 'BRI', 'BNI', 'Mandiri', 'CIMB Niaga', 'Permata', 'BSI', 'Danamon'])
      expect(names).toContain(bank);
  });

  it('gives SUPER ADMIN the Settlement and Management paths and ADMIN neither', async () => {
    expect(signedIn.superadmin.allowed_paths).toEqual(
      expect.arrayContaining(['/dashboard/settlement', '/dashboard/management/user', '/dashboard/management/role']),
    );
    expect(signedIn.admin.allowed_paths).toEqual(
      expect.arrayContaining(['/dashboard/transactions', '/dashboard/disbursement/transactions', '/dashboard/balance']),
    );
    expect(signedIn.admin.allowed_paths.filter((p: string) => /settlement|management/.test(p))).toEqual([]);
  });
});

describe('notifications', () => {
  it('lists the user’s notifications newest first with the unread count, and marks one read', async () => {
    const res = await get('client', '/api/v1/notification');
    const { items, unread: before } = res.body.data;
    expect(before).toBe(items.filter((n: any) => !n.is_read).length);
    expect(before).toBeGreaterThan(0);
    expect(items[0]).toMatchObject({
      subject: expect.any(String),
      data: { work_order_code: expect.any(String), status: 'OPEN' },
      step_data: { icon: expect.any(String) },
    });
    const unread = items.find((n: any) => !n.is_read);
    expect(
      (await call(server, 'PATCH', `/api/v1/notification/${unread.id}/read`, { token: tokens.client })).status,
    ).toBe(200);
    expect((await get('client', '/api/v1/notification')).body.data.unread).toBe(before - 1);
  });

  it('does not let one user read or mark another user’s notification', async () => {
    const theirs = (await get('admin', '/api/v1/notification')).body.data.items[0];
    expect(
      (await call(server, 'PATCH', `/api/v1/notification/${theirs.id}/read`, { token: tokens.client })).status,
    ).toBe(404);
    expect(
      (await get('client', `/api/v1/notification/work-order?wo=${theirs.data.work_order_code}`)).body.data?.id,
    ).not.toBe(theirs.id);
    expect((await call(server, 'PATCH', '/api/v1/notification/abc/read', { token: tokens.client })).status).toBe(400);
  });

  it("pushes a new notification live as a 'work-order' event to that user only", async () => {
    const sockets: Socket[] = [];
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = connect(server.url, { auth: { token }, transports: ['websocket'], reconnection: false });
        sockets.push(socket);
        socket.on('connect', () => resolve(socket));
        socket.on('connect_error', reject);
      });
    try {
      const mine = await open(tokens.client);
      const other = await open(tokens.admin);
      let otherGot = false;
      other.on('work-order', () => {
        otherGot = true;
      });
      const received = new Promise<any>((resolve) => mine.on('work-order', resolve));
      const [client] = await server.database.db.select().from(users).where(eq(users.email, 'client@demo.local'));
      await server.database.db.transaction((tx) =>
        openWorkOrder(tx as unknown as Db, {
          item: { kind: 'reconciliation', ref: 'test-9', client_id: null, client_name: null, amount: null },
          subject: 'work-order',
          message: 'WO-9 needs you',
          code: 'WO-9',
          recipients: [client.id],
        }),
      );
      server.app.outbox.kick();
      expect(await received).toMatchObject({ message: 'WO-9 needs you', data: { work_order_code: 'WO-9' } });
      await new Promise((r) => setTimeout(r, 100));
      expect(otherGot).toBe(false);
      await expect(open('not-a-token')).rejects.toThrow(/unauthorized/);
      const unverified = (await login(server, 'client@demo.local')).body.data.token;
      await expect(open(unverified)).rejects.toThrow(/unauthorized/);
    } finally {
      sockets.forEach((s) => s.close());
    }
  });
});

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const res = await call(server, 'GET', '/healthz');
    expect(res.status).toBe(200);
  });
});
