import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { addUser, call, rewindTotp, signInVerified, startTestServer, totpAt, type TestServer } from './harness.ts';

/**
 * Issue 26: a withdrawal or transfer requested, completed, rejected, or approved after being held,
 * reaches every open Payments Balance screen that may see its client within a second, over the
 * socket ('balance-changed' { client_id }, sent after the commit); never a screen of a user who may
 * not see that client. Expectations written from the issue, on the demo scopes: the client user
 * sees clients 1 and 2, the admin 1 to 5, a SUPER ADMIN all; the outsider is a client user of 3.
 */
let server: TestServer;
const session: Record<string, { token: string; secret: string }> = {};
const API = '/api/backoffice';
const WATCHERS = ['superadmin', 'admin', 'client', 'outsider'] as const;
type Watcher = (typeof WATCHERS)[number];
const sockets: Socket[] = [];
/** The client ids each user's open screen has heard about, in order. */
const heard: Record<Watcher, number[]> = { superadmin: [], admin: [], client: [], outsider: [] };

beforeAll(async () => {
  server = await startTestServer();
  await addUser(server, {
    email: 'outsider@client3.test',
    name: 'Other Client Finance',
    type: 'CLIENT',
    role: 'Client Finance',
    clients: [3],
  });
  for (const who of ['superadmin', 'admin', 'client']) session[who] = await signInVerified(server, `${who}@demo.local`);
  session.outsider = await signInVerified(server, 'outsider@client3.test');
  for (const who of WATCHERS) {
    const socket = io(server.url, { auth: { token: session[who].token }, transports: ['websocket'] });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.on('connect', () => resolve());
      socket.on('connect_error', reject);
    });
    socket.on('balance-changed', (e: { client_id: number }) => heard[who].push(e.client_id));
  }
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

const emailOf = (who: string) => (who === 'outsider' ? 'outsider@client3.test' : `${who}@demo.local`);
const get = (who: string, path: string) => call(server, 'GET', `${API}/${path}`, { token: session[who].token });

async function request(who: string, body: Record<string, unknown>) {
  await rewindTotp(server, emailOf(who));
  return call(server, 'POST', `${API}/balance/add-withdrawal`, {
    token: session[who].token,
    body: { ...body, otp_num: await totpAt(session[who].secret) },
  });
}
const withdrawal = (clientId: number) => ({
  type: 'withdrawal',
  bank_name: 'BCA',
  account_no: '7100012345',
  bank_account_name: 'Budi Santoso',
  description: 'Live',
  client_filter: clientId,
  amount: 100_000,
});
const decide = (uuid: string, status: 'COMPLETED' | 'REJECTED') =>
  call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
    token: session.superadmin.token,
    body: { uuid, status },
  });

/**
 * Runs a change and expects each screen that may see the client to hear of it once more, within a
 * second (expect.poll's default timeout).
 */
async function expectHeard(
  clientId: number,
  watchers: Watcher[],
  change: () => Promise<{ status: number; body: unknown }>,
  status = 200,
) {
  const count = (who: Watcher) => heard[who].filter((id) => id === clientId).length;
  const before = watchers.map(count);
  const res = await change();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  for (const [i, who] of watchers.entries())
    await expect.poll(() => count(who), { message: `${who} hears of client ${clientId}` }).toBe(before[i] + 1);
  return res;
}

const historyStatus = async (who: string, clientId: number, uuid: string) =>
  (await get(who, `balance/withdrawal-history?client_filter=${clientId}&limit=50`)).body.data.find(
    (w: { uuid: string }) => w.uuid === uuid,
  )?.status;

describe('Payments Balance screens hear of withdrawals live', () => {
  it("a client's request reaches SUPER ADMIN, admin and client; so do the decision and the history", async () => {
    const asked = await expectHeard(1, ['superadmin', 'admin', 'client'], () => request('client', withdrawal(1)), 201);
    const { uuid } = (asked.body as { data: { uuid: string } }).data;
    expect(await historyStatus('superadmin', 1, uuid)).toBe('PENDING');

    await expectHeard(1, ['superadmin', 'admin', 'client'], () => decide(uuid, 'COMPLETED'));
    // What the client's screen reads on hearing it: no longer PENDING.
    expect(await historyStatus('client', 1, uuid)).toBe('COMPLETED');
  });

  it('a transfer to disburse, and its rejection, reach the screens of its client (2)', async () => {
    const asked = await expectHeard(
      2,
      ['superadmin', 'admin', 'client'],
      () => request('client', { type: 'transfer', client_filter: 2, amount: 50_000 }),
      201,
    );
    const { uuid } = (asked.body as { data: { uuid: string } }).data;
    await expectHeard(2, ['superadmin', 'admin', 'client'], () => decide(uuid, 'REJECTED'));
    expect(await historyStatus('client', 2, uuid)).toBe('REJECTED');
  });

  it('a held request is heard when a SUPER ADMIN approves it (nothing moved before)', async () => {
    const policy = (mode: string) =>
      call(server, 'PUT', `${API}/approval-policy`, {
        token: session.superadmin.token,
        body: { policy: [{ action: 'withdrawal', mode, threshold: mode === 'always' ? null : 500_000_000 }] },
      });
    expect((await policy('always')).status).toBe(200);
    try {
      const before = heard.client.length;
      const held = await request('client', withdrawal(1));
      expect(held.status, JSON.stringify(held.body)).toBe(202);
      await expectHeard(1, ['superadmin', 'admin', 'client'], () =>
        call(server, 'PATCH', `${API}/approvals/${held.body.data.approval_id}`, {
          token: session.superadmin.token,
          body: { decision: 'APPROVE' },
        }),
      );
      // The hold itself moved no money: the approval is the one change heard.
      expect(heard.client.length).toBe(before + 1);
    } finally {
      expect((await policy('threshold')).status).toBe(200);
    }
  });

  it("never tells a user of another client's withdrawals: the outsider hears only its own client", async () => {
    // Socket.io delivers one socket's events in order: once the outsider hears of its own client 3,
    // anything sent to it earlier (about clients 1 and 2) would already be here.
    await expectHeard(3, ['superadmin', 'admin', 'outsider'], () => request('superadmin', withdrawal(3)), 201);
    expect(heard.outsider).toEqual([3]);
    expect(heard.client).not.toContain(3);
    expect(heard.superadmin).toEqual(expect.arrayContaining([1, 2, 3]));
  });
});
