import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { WORK_ORDER_CHANGED_EVENT, WORK_ORDER_EVENT, type NotificationItem } from '../../src/services/workOrders.ts';
import type { Database } from '../db/connect.ts';
import { seedDemo } from '../seed/demo.ts';
import { ensureReferenceData } from '../seed/reference.ts';
import { freePort, startChildServer } from './childServer.ts';
import { call, freshDatabase, rewindTotp, signInVerified, totpAt, type TestServer } from './harness.ts';

/**
 * Issue 14: two API nodes (real server processes) on one PostgreSQL share socket.io events through
 * the PostgreSQL adapter. A socket on node B hears, within a second, the work order a request on
 * node A made; a mark-read on B reaches the same user's socket on A.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!onPostgres)('two API nodes on one PostgreSQL', () => {
  let database: Database;
  let dispose: () => Promise<void> = async () => {};
  const children: ChildProcess[] = [];
  const sockets: Socket[] = [];
  let nodeA: TestServer;
  let nodeB: TestServer;

  beforeAll(async () => {
    const fresh = await freshDatabase();
    database = fresh.database;
    dispose = fresh.dispose;
    await ensureReferenceData(database.db);
    await seedDemo(database.db, { transactions: 300 });
    const [a, b] = [await freePort(), await freePort()];
    children.push(await startChildServer(fresh.url!, a), await startChildServer(fresh.url!, b));
    nodeA = { url: `http://127.0.0.1:${a}`, database } as unknown as TestServer;
    nodeB = { url: `http://127.0.0.1:${b}`, database } as unknown as TestServer;
  }, 120_000);

  afterAll(async () => {
    sockets.forEach((s) => s.close());
    for (const child of children) child.kill('SIGKILL');
    await dispose();
  });

  async function listen(node: TestServer, token: string) {
    const heard: Array<{ event: string; item: NotificationItem; at: number }> = [];
    const socket = io(node.url, { auth: { token }, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    for (const event of [WORK_ORDER_EVENT, WORK_ORDER_CHANGED_EVENT])
      socket.on(event, (item: NotificationItem) => heard.push({ event, item, at: Date.now() }));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    return heard;
  }

  const waitFor = async <T>(read: () => T[], ms: number): Promise<T[]> => {
    const end = Date.now() + ms;
    while (read().length === 0 && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
    return read();
  };

  it('carries a work order from a request on A to a socket on B within a second, a mark-read from B to A', async () => {
    const admin = await signInVerified(nodeB, 'superadmin@demo.local');
    const client = await signInVerified(nodeA, 'client@demo.local');
    const onB = await listen(nodeB, admin.token);
    const onA = await listen(nodeA, admin.token);

    await rewindTotp(nodeA, 'client@demo.local');
    const sent = Date.now();
    const asked = await call(nodeA, 'POST', '/api/backoffice/balance/add-withdrawal', {
      token: client.token,
      body: {
        bank_name: 'BCA',
        account_no: '7100012345',
        bank_account_name: 'Budi Santoso',
        client_filter: 1,
        description: 'Two nodes',
        amount: 40_000,
        otp_num: await totpAt(client.secret),
      },
    });
    expect(asked.status).toBe(201);
    const uuid = asked.body.data.uuid as string;
    const heard = await waitFor(
      () => onB.filter((h) => h.event === WORK_ORDER_EVENT && h.item.data.item?.ref === uuid),
      3_000,
    );
    expect(heard).toHaveLength(1);
    expect(heard[0].at - sent).toBeLessThan(1_000);

    const read = await call(nodeB, 'PATCH', `/api/v1/notification/${heard[0].item.id}/read`, { token: admin.token });
    expect(read.status).toBe(200);
    const onAChanged = await waitFor(
      () => onA.filter((h) => h.event === WORK_ORDER_CHANGED_EVENT && h.item.id === heard[0].item.id),
      3_000,
    );
    expect(onAChanged[0]?.item.is_read).toBe(true);
  }, 60_000);

  it("ends sessions on every node at once: a change on A closes the user's socket on B, and B answers 401", async () => {
    // Signed in through B (which knows this user's authenticator from the test before); the token is good on A too.
    const admin = await signInVerified(nodeB, 'superadmin@demo.local');
    const otherOnB = await signInVerified(nodeB, 'superadmin2@demo.local');
    const socket = io(nodeB.url, { auth: { token: otherOnB.token }, transports: ['websocket'], forceNew: true });
    sockets.push(socket);
    const closed = new Promise<string>((resolve) => socket.on('disconnect', (reason) => resolve(reason)));
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    const users = await call(nodeA, 'GET', '/api/backoffice/management/get-users?search=superadmin2', {
      token: admin.token,
    });
    const sent = Date.now();
    const ended = await call(nodeA, 'POST', '/api/backoffice/management/end-sessions', {
      token: admin.token,
      body: { user_id: users.body.data[0].id },
    });
    expect(ended.status).toBe(200);
    expect(await closed).toBe('io server disconnect');
    expect(Date.now() - sent).toBeLessThan(3_000);
    expect((await call(nodeB, 'GET', '/api/backoffice/user/me', { token: otherOnB.token })).status).toBe(401);
  }, 60_000);
});
