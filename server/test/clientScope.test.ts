import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, transactions, users } from '../db/schema.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Every endpoint that takes a client or object id, asked by a client user (clients 1 and 2) for
 * client 3's objects or another user's: the answer is 404 or an empty result, and carries
 * nothing of the object.
 */
const API = '/api/backoffice';
let server: TestServer;
let token: string;
let foreign: { correlationId: string; rrn: string | null; accountNo: string };
let otherNotification: { id: number; workOrderCode: string };

beforeAll(async () => {
  server = await startTestServer();
  token = (await signInVerified(server, 'client@demo.local')).token;
  const { db } = server.database;
  const [row] = await db.select().from(transactions).where(and(eq(transactions.clientId, 3), eq(transactions.status, 'FINALIZED'))).limit(1);
  foreign = { correlationId: row.correlationId, rrn: row.rrn, accountNo: row.accountNo };
  const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.local'));
  const [other] = await db.select().from(users).where(ne(users.id, client.id)).limit(1);
  // A work order only that other user was told about (demo users share the demo ones).
  const [note] = await db.insert(notifications).values({
    userId: other.id, subject: 'work-order', message: 'Private to another user', workOrderCode: 'WO-PRIVATE-1', icon: 'wrench',
  }).returning();
  otherNotification = { id: note.id, workOrderCode: note.workOrderCode };
});
afterAll(async () => { await server?.close(); });

const send = (method: string, path: string, body?: unknown) => call(server, method, path, { token, body });
const leaks = (body: unknown) => JSON.stringify(body).includes(foreign.correlationId);

describe("a client user asking for another client's objects", () => {
  it('gets 404 for a foreign client id on every list, summary, export and balance', async () => {
    const paths = [
      `${API}/transaction/list?client_id=3`, `${API}/transaction/summary?client_id=3`, `${API}/transaction/download?client_id=3`,
      `${API}/balance/current-balance?client_filter=3`, `${API}/transaction/account-summary?client_filter=3`,
      `${API}/balance/withdrawal-history?client_filter=3`,
    ];
    for (const path of paths) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body), path).not.toMatch(/amount|balance|correlation/);
    }
  });

  it('finds nothing of a foreign pay-in by any search, and cannot act on it', async () => {
    const searches = [
      `search_by=correlation_id&search=${foreign.correlationId}`, `search_by=account_no&search=${foreign.accountNo}`,
      ...(foreign.rrn ? [`search_by=rrn&search=${foreign.rrn}`] : []),
    ];
    for (const q of searches) {
      const list = await send('GET', `${API}/transaction/list?${q}&start=2000-01-01 00:00&end=2100-01-01 00:00`);
      expect(list.status).toBe(200);
      expect(leaks(list.body), q).toBe(false);
      const summary = await send('GET', `${API}/transaction/summary?${q}&start=2000-01-01 00:00&end=2100-01-01 00:00`);
      expect(summary.body.data.total_transaction_count, q).toBe(0);
    }
    for (const [method, path, body] of [
      ['PATCH', '/transaction/get-status-transaction', { correlation_id: foreign.correlationId }],
      ['POST', '/transaction/resend-callback', { correlation_id: [foreign.correlationId] }],
    ] as const) {
      const res = await send(method, `${API}${path}`, body);
      expect(res.status, path).toBe(404);
      expect(leaks(res.body)).toBe(false);
    }
  });

  it('cannot request a withdrawal from a foreign client', async () => {
    const res = await send('POST', `${API}/balance/add-withdrawal`, {
      bank_name: 'BCA', account_no: '1234567890', bank_account_name: 'Someone', client_filter: 3, amount: 50_000, otp_num: '000000',
    });
    expect(res.status).toBe(404);
  });

  it("cannot read or mark another user's notification", async () => {
    expect((await send('PATCH', `/api/v1/notification/${otherNotification.id}/read`)).status).toBe(404);
    const detail = await send('GET', `/api/v1/notification/work-order?wo=${encodeURIComponent(otherNotification.workOrderCode)}`);
    expect(detail.status).toBe(404);
    expect(JSON.stringify(detail.body)).not.toContain('Private to another user');
  });

  it('sees only its own clients in the option list', async () => {
    const clients = (await send('GET', `${API}/master/client`)).body.data.map((c: { id: number }) => c.id);
    expect(clients).toEqual([1, 2]);
  });
});
