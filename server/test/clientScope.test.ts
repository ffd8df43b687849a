import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disbursements, notifications, transactions, users } from '../db/schema.ts';
import {
  addDisbursementToWithdrawable,
  decideDisbursement,
  disbursementInvoice,
  refreshDisbursementStatus,
} from '../domain/disbursementActions.ts';
import { previewVoidDisbursements, voidDisbursements } from '../domain/disbursementVoid.ts';
import { loadPrincipal } from '../domain/principal.ts';
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
let foreignDisbursement: { uuid: string; correlationId: string; accountNo: string; status: string };

beforeAll(async () => {
  server = await startTestServer();
  token = (await signInVerified(server, 'client@demo.local')).token;
  const { db } = server.database;
  const [row] = await db
    .select()
    .from(transactions)
    .where(and(eq(transactions.clientId, 3), eq(transactions.status, 'FINALIZED')))
    .limit(1);
  foreign = { correlationId: row.correlationId, rrn: row.rrn, accountNo: row.accountNo };
  const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.local'));
  const [other] = await db.select().from(users).where(ne(users.id, client.id)).limit(1);
  // A work order only that other user was told about (demo users share the demo ones).
  const [note] = await db
    .insert(notifications)
    .values({
      userId: other.id,
      subject: 'work-order',
      message: 'Private to another user',
      workOrderCode: 'WO-PRIVATE-1',
      icon: 'wrench',
    })
    .returning();
  otherNotification = { id: note.id, workOrderCode: note.workOrderCode };
  // A FINALIZED one: every id-taking disbursement action has something it could do to it.
  const [d] = await db
    .select()
    .from(disbursements)
    .where(and(eq(disbursements.clientId, 3), eq(disbursements.status, 'FINALIZED')))
    .limit(1);
  foreignDisbursement = { uuid: d.uuid, correlationId: d.correlationId, accountNo: d.accountNo, status: d.status };
});
afterAll(async () => {
  await server?.close();
});

const send = (method: string, path: string, body?: unknown) => call(server, method, path, { token, body });
const leaks = (body: unknown) => JSON.stringify(body).includes(foreign.correlationId);

describe("a client user asking for another client's objects", () => {
  it('gets 404 for a foreign client id on every list, summary, export and balance', async () => {
    const paths = [
      `${API}/transaction/list?client_id=3`,
      `${API}/transaction/summary?client_id=3`,
      `${API}/transaction/download?client_id=3`,
      `${API}/balance/current-balance?client_filter=3`,
      `${API}/transaction/account-summary?client_filter=3`,
      `${API}/balance/withdrawal-history?client_filter=3`,
      `${API}/transaction/list-disbursement?client_id=3`,
      `${API}/transaction/summary-disbursement?client_id=3`,
      `${API}/transaction/download-disbursement?client_id=3`,
      `${API}/transaction/download-disbursement?client_id=3&email=client@example.com`,
    ];
    for (const path of paths) {
      const res = await send('GET', path);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body), path).not.toMatch(/amount|balance|correlation/);
    }
  });

  it('finds nothing of a foreign pay-in by any search, and cannot act on it', async () => {
    const searches = [
      `search_by=correlation_id&search=${foreign.correlationId}`,
      `search_by=account_no&search=${foreign.accountNo}`,
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

  it('finds nothing of a foreign disbursement by any search, and cannot act on it', async () => {
    const window = 'start=2000-01-01 00:00&end=2100-01-01 00:00';
    for (const q of [
      `search_by=correlation_id&search=${foreignDisbursement.correlationId}`,
      `search_by=account_no&search=${foreignDisbursement.accountNo}`,
    ]) {
      const list = await send('GET', `${API}/transaction/list-disbursement?${q}&${window}`);
      expect(list.status).toBe(200);
      expect(JSON.stringify(list.body)).not.toContain(foreignDisbursement.correlationId);
      expect(
        (await send('GET', `${API}/transaction/summary-disbursement?${q}&${window}`)).body.data.total_transaction_count,
      ).toBe(0);
    }
    // The actions are SUPER ADMIN only: a client user is refused before the object is looked at.
    for (const [method, path, body] of [
      ['PATCH', '/transaction/update-disbursement', { uuid: foreignDisbursement.uuid, status: 'REJECTED' }],
      ['PATCH', '/transaction/get-status-disbursement', { uuid: foreignDisbursement.uuid }],
      ['POST', '/transaction/generate-invoice-disbursement', { correlation_id: foreignDisbursement.correlationId }],
      ['PATCH', '/balance/add-withdrawable-disbursement', { uuid: foreignDisbursement.uuid }],
    ] as const) {
      const res = await send(method, `${API}${path}`, body);
      expect(res.status, path).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(foreignDisbursement.correlationId);
    }
  });

  it("answers a foreign disbursement as not found in every id-taking action's own scope check", async () => {
    const { db } = server.database;
    const [client] = await db.select().from(users).where(eq(users.email, 'client@demo.local'));
    // As if a role let a scoped user through the route table: the domain still sees only clients 1 and 2.
    const scoped = { ...(await loadPrincipal(db, client.id))!, type: 'SUPER ADMIN' as const };
    const origin = { ip: '127.0.0.1' };
    const { uuid, correlationId } = foreignDisbursement;
    for (const attempt of [
      () => decideDisbursement(db, scoped, { uuid, status: 'REJECTED' }, origin),
      () => refreshDisbursementStatus(db, scoped, uuid, 'http://127.0.0.1:9', origin),
      () => disbursementInvoice(db, scoped, correlationId, origin),
      () => addDisbursementToWithdrawable(db, scoped, uuid, origin),
    ])
      await expect(attempt()).rejects.toMatchObject({ kind: 'notFound', message: 'Disbursement not found' });
    const voided = await voidDisbursements(db, scoped, 'void.csv', [{ row: 2, correlation_id: correlationId }], origin);
    expect('results' in voided && voided.results).toEqual([
      { row: 2, correlation_id: correlationId, outcome: 'not_found', message: 'Disbursement not found' },
    ]);
    // Its preview does not see it either.
    expect(
      (await previewVoidDisbursements(db, scoped, [{ row: 2, correlation_id: correlationId }])).results[0].outcome,
    ).toBe('not_found');
    const [after] = await db.select().from(disbursements).where(eq(disbursements.uuid, uuid));
    expect(after.status).toBe(foreignDisbursement.status);
  });

  it('cannot request a withdrawal from a foreign client', async () => {
    const res = await send('POST', `${API}/balance/add-withdrawal`, {
      bank_name: 'BCA',
      account_no: '1234567890',
      bank_account_name: 'Someone',
      client_filter: 3,
      amount: 50_000,
      otp_num: '000000',
    });
    expect(res.status).toBe(404);
  });

  it("cannot read or mark another user's notification", async () => {
    expect((await send('PATCH', `/api/v1/notification/${otherNotification.id}/read`)).status).toBe(404);
    const detail = await send(
      'GET',
      `/api/v1/notification/work-order?wo=${encodeURIComponent(otherNotification.workOrderCode)}`,
    );
    expect(detail.status).toBe(404);
    expect(JSON.stringify(detail.body)).not.toContain('Private to another user');
  });

  it('sees only its own clients in the option list', async () => {
    const clients = (await send('GET', `${API}/master/client`)).body.data.map((c: { id: number }) => c.id);
    expect(clients).toEqual([1, 2]);
  });
});
