import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { allows } from '../../src/machines/lifecycle/transactionLifecycle.ts';
import { callbackAttempts, clients, demoMerchantInbox, transactions } from '../db/schema.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { providerAnswer } from '../providers/simulator.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const API = '/api/backoffice';
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'admin', 'client']) tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
});
afterAll(async () => { await server?.close(); });

const act = (who: string, method: string, path: string, body: unknown) => call(server, method, `${API}${path}`, { token: tokens[who], body });
const balance = async (clientId: number) => (await call(server, 'GET', `${API}/balance/current-balance?client_filter=${clientId}`, { token: tokens.superadmin })).body.data;

/** A pay-in of our own making, so each test knows exactly what it starts from. */
async function payin(over: Partial<typeof transactions.$inferInsert> = {}) {
  const correlationId = over.correlationId ?? `TEST-${++seq}-${Date.now()}`;
  await server.database.db.insert(transactions).values({
    uuid: `u-${correlationId}`, clientId: 1, type: 'fello_qris', serviceType: 'QRIS', correlationId, accountNo: 'ID10123', amount: 100_000, feeAmount: 700,
    status: 'PENDING', transactionTime: new Date(), ...over,
  });
  return correlationId;
}

/** A correlation id the provider simulator answers with the wanted status. */
function idAnswered(status: string) {
  for (let i = 0; ; i++) if (providerAnswer(`SIM-${status}-${i}`).status === status) return `SIM-${status}-${i}`;
}

const statusOf = async (correlationId: string) => (await server.database.db.select().from(transactions).where(eq(transactions.correlationId, correlationId)))[0];

describe('refreshing a QRIS pay-in from its provider', () => {
  it('finalizes and credits a paid one, over real HTTP to the channel', async () => {
    const id = await payin({ correlationId: idAnswered('PAID') });
    const before = await balance(1);
    const res = await act('client', 'PATCH', '/transaction/get-status-transaction', { correlation_id: id });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('FINALIZED');
    const row = await statusOf(id);
    expect(row.rrn).toMatch(/^\d{12}$/);
    expect(row.paidTime).toBeInstanceOf(Date);
    expect((await balance(1)).nonwithdrawable_balance).toBe(before.nonwithdrawable_balance + 99_300);
    // Paid and credited once: a second refresh is refused by the lifecycle.
    expect((await act('client', 'PATCH', '/transaction/get-status-transaction', { correlation_id: id })).status).toBe(409);
  });

  it('moves a timed-out one to REQUEST_TIMEOUT and leaves a still pending one alone', async () => {
    const timeout = await payin({ correlationId: idAnswered('TIMEOUT') });
    expect((await act('superadmin', 'PATCH', '/transaction/get-status-transaction', { correlation_id: timeout })).body.data.status).toBe('REQUEST_TIMEOUT');
    const pending = await payin({ correlationId: idAnswered('PENDING') });
    const res = await act('superadmin', 'PATCH', '/transaction/get-status-transaction', { correlation_id: pending });
    expect(res.body).toMatchObject({ status: 'success', data: { status: 'PENDING' } });
  });

  it('refuses a virtual account, a FINALIZED row, and another client’s pay-in', async () => {
    const va = await payin({ type: 'va_bca', serviceType: 'VIRTUAL_ACCOUNT' });
    expect((await act('superadmin', 'PATCH', '/transaction/get-status-transaction', { correlation_id: va })).status).toBe(409);
    const foreign = await payin({ clientId: 3 });
    expect((await act('client', 'PATCH', '/transaction/get-status-transaction', { correlation_id: foreign })).status).toBe(404);
  });
});

describe('manual finalize', () => {
  it('lets SUPER ADMIN finalize with RRN and paid time, crediting once', async () => {
    const id = await payin({ status: 'REQUEST_TIMEOUT' });
    const before = await balance(1);
    const res = await act('superadmin', 'PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: '123412341234', paid_time: '2025-06-01 10:15:00' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Transaction has been finalized');
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: 'FINALIZED', rrn: '123412341234' });
    expect(row.paidTime?.toISOString()).toBe('2025-06-01T03:15:00.000Z');
    expect((await balance(1)).nonwithdrawable_balance).toBe(before.nonwithdrawable_balance + 99_300);
    expect((await act('superadmin', 'PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: '1', paid_time: '2025-06-01 10:15:00' })).status).toBe(409);
  });

  it("says 'Please enter RRN', wants seconds at :00, refuses the future and anyone but SUPER ADMIN", async () => {
    const id = await payin();
    const noRrn = await act('superadmin', 'PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: ' ', paid_time: '2025-06-01 10:15:00' });
    expect(noRrn.body.message).toBe('Please enter RRN');
    expect((await act('superadmin', 'PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: '1', paid_time: '2025-06-01 10:15:31' })).status).toBe(400);
    expect((await act('superadmin', 'PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: '1', paid_time: '2099-01-01 00:00:00' })).status).toBe(422);
    expect((await act('admin', 'PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: '1', paid_time: '2025-06-01 10:15:00' })).status).toBe(403);
    expect((await statusOf(id)).status).toBe('PENDING');
  });
});

describe('the lifecycle, action by action', () => {
  it('lets the API do exactly what the machine allows for every status and user type', async () => {
    const calls = {
      FINALIZE_MANUALLY: (id: string) => ['PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: '9', paid_time: '2025-06-01 10:15:00' }],
      ADD_TO_WITHDRAWABLE: (id: string) => ['PATCH', '/balance/add-withdrawable-balance', { correlation_id: id }],
      GENERATE_INVOICE: (id: string) => ['POST', '/transaction/generate-invoice', { correlation_id: id }],
    } as const;
    const users = { 'SUPER ADMIN': 'superadmin', ADMIN: 'admin', CLIENT: 'client' } as const;
    for (const status of ['PENDING', 'REQUEST_TIMEOUT', 'FINALIZED', 'SETTLED', 'VA_EXPIRED'] as const) {
      for (const [event, build] of Object.entries(calls)) {
        for (const [role, who] of Object.entries(users) as Array<[keyof typeof users, string]>) {
          const id = await payin({ status, paidTime: status === 'FINALIZED' || status === 'SETTLED' ? new Date() : null });
          if (status === 'FINALIZED' || status === 'SETTLED') {
            const { creditPayin, releaseToWithdrawable } = await import('../domain/payins.ts');
            await server.database.db.transaction(async (tx: any) => {
              await creditPayin(tx, { clientId: 1, reference: id, amount: 100_000, fee: 700 });
              // A SETTLED pay-in was settled: its net went to withdrawable with it.
              if (status === 'SETTLED') await releaseToWithdrawable(tx, { clientId: 1, reference: id, net: 99_300, by: null });
            });
          }
          const [method, path, body] = build(id) as unknown as [string, string, unknown];
          const res = await act(who, method, path, body);
          const allowed = allows(status, { channel: 'fello_qris', addedToWithdrawable: false }, { type: event as 'GENERATE_INVOICE', role });
          const expected = allowed ? 200 : role !== 'SUPER ADMIN' ? 403 : 409;
          expect({ status, event, role, code: res.status }).toEqual({ status, event, role, code: expected });
        }
      }
    }
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});

describe('adding to the withdrawable balance', () => {
  it('moves a FINALIZED pay-in once and never again', async () => {
    const id = await payin({ status: 'REQUEST_TIMEOUT' });
    await act('superadmin', 'PATCH', '/transaction/finalized-transaction', { correlation_id: id, rrn: '5', paid_time: '2025-06-01 10:15:00' });
    const before = await balance(1);
    expect((await act('superadmin', 'PATCH', '/balance/add-withdrawable-balance', { correlation_id: id })).status).toBe(200);
    const after = await balance(1);
    expect(after.withdrawable_balance).toBe(before.withdrawable_balance + 99_300);
    expect(after.nonwithdrawable_balance).toBe(before.nonwithdrawable_balance - 99_300);
    const again = await act('superadmin', 'PATCH', '/balance/add-withdrawable-balance', { correlation_id: id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Transaction has already been added to withdrawable balance');
  });

  it('processes every FINALIZED pay-in of a filter in bulk, once each, and only for FINALIZED', async () => {
    const filter = { start: '2000-01-01 00:00', end: '2100-01-01 00:00', client_id: '2' };
    const refused = await act('superadmin', 'PATCH', '/transaction/update-transaction', { ...filter, status: 'PENDING' });
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Invalid Status: Only FINALIZED transactions can be processed');
    const { rows } = await server.database.db.execute<{ n: number; net: string }>(sql`
      select count(*)::int as n, coalesce(sum(amount - fee_amount), 0) as net from transactions where client_id = 2 and status = 'FINALIZED' and withdrawable_at is null`);
    const before = await balance(2);
    const first = await act('superadmin', 'PATCH', '/transaction/update-transaction', filter);
    expect(first.body.data.processed).toBe(rows[0].n);
    expect((await balance(2)).withdrawable_balance).toBe(before.withdrawable_balance + Number(rows[0].net));
    const second = await act('superadmin', 'PATCH', '/transaction/update-transaction', filter);
    expect(second.body.data.processed).toBe(0);
    expect((await act('admin', 'PATCH', '/transaction/update-transaction', filter)).status).toBe(403);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});

describe('callbacks and invoices', () => {
  it('re-sends a signed callback to the merchant and records the attempt', async () => {
    const id = await payin({ status: 'FINALIZED', rrn: '777', paidTime: new Date() });
    const res = await act('client', 'POST', '/transaction/resend-callback', { correlation_id: [id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully send Callback !');
    const [received] = await server.database.db.select().from(demoMerchantInbox).where(sql`${demoMerchantInbox.body}->>'correlation_id' = ${id}`);
    expect(received).toMatchObject({ clientId: 1, signatureValid: true, body: { correlation_id: id, status: 'FINALIZED', amount: 100_000 } });
    const attempts = await server.database.db.select().from(callbackAttempts).where(eq(callbackAttempts.ok, true));
    expect(attempts.length).toBeGreaterThan(0);
  });

  it("says 'Transaction is not FINALIZED Yet', and reports a merchant that does not answer", async () => {
    const pending = await payin();
    const notYet = await act('client', 'POST', '/transaction/resend-callback', { correlation_id: [pending] });
    expect(notYet.status).toBe(409);
    expect(notYet.body.message).toBe('Transaction is not FINALIZED Yet');
    await server.database.db.update(clients).set({ callbackUrl: 'http://127.0.0.1:9/closed' }).where(eq(clients.id, 2));
    const id = await payin({ clientId: 2, status: 'FINALIZED', paidTime: new Date() });
    const failed = await act('client', 'POST', '/transaction/resend-callback', { correlation_id: [id] });
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe('Failed to send callback! please contact admin to check.');
    const [row] = await server.database.db.select({ id: transactions.id }).from(transactions).where(eq(transactions.correlationId, id));
    const [attempt] = await server.database.db.select().from(callbackAttempts).where(and(eq(callbackAttempts.transactionId, row.id)));
    expect(attempt).toMatchObject({ ok: false, url: 'http://127.0.0.1:9/closed' });
  });

  it('generates the invoice of a paid pay-in for SUPER ADMIN', async () => {
    const id = await payin({ status: 'FINALIZED', paidTime: new Date('2025-06-01T03:15:00Z') });
    const res = await act('superadmin', 'POST', '/transaction/generate-invoice', { correlation_id: id });
    expect(res.body.message).toBe('Invoice Have Been Generated');
    expect(res.body.data).toMatchObject({ service: 'fello_qris', transaction_date: '2025-06-01T03:15:00.000Z', correlation_id: id, items: [{ ori_price: 100_000, curr_price: 100_000 }] });
  });
});
