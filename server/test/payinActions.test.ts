import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { allows } from '../../src/machines/lifecycle/payinLifecycle.ts';
import { auditLog, callbackAttempts, clients, demoMerchantInbox, journalEntries, transactions } from '../db/schema.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { providerAnswer } from '../providers/simulator.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { setupMoney } from './setupMoney.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const API = '/api/backoffice';
let seq = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'admin', 'client'])
    tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
});
afterAll(async () => {
  await server?.close();
});

const act = (who: string, method: string, path: string, body: unknown) =>
  call(server, method, `${API}${path}`, { token: tokens[who], body });
const balance = async (clientId: number) =>
  (await call(server, 'GET', `${API}/balance/current-balance?client_filter=${clientId}`, { token: tokens.superadmin }))
    .body.data;

/** A pay-in of our own making, so each test knows exactly what it starts from. */
async function payin(over: Partial<typeof transactions.$inferInsert> = {}) {
  const correlationId = over.correlationId ?? `TEST-${++seq}-${Date.now()}`;
  await server.database.db.insert(transactions).values({
    uuid: `u-${correlationId}`,
    clientId: 1,
    type: 'fello_qris',
    serviceType: 'QRIS',
    correlationId,
    accountNo: 'ID10123',
    amount: 100_000,
    feeAmount: 700,
    status: 'PENDING',
    transactionTime: new Date(),
    ...over,
  });
  return correlationId;
}

/** A correlation id the provider simulator answers with the wanted status. */
function idAnswered(status: string) {
  for (let i = 0; ; i++) if (providerAnswer(`SIM-${status}-${i}`).status === status) return `SIM-${status}-${i}`;
}

const statusOf = async (correlationId: string) =>
  (await server.database.db.select().from(transactions).where(eq(transactions.correlationId, correlationId)))[0];

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
    expect((await act('client', 'PATCH', '/transaction/get-status-transaction', { correlation_id: id })).status).toBe(
      409,
    );
  });

  it('moves a timed-out one to REQUEST_TIMEOUT and leaves a still pending one alone', async () => {
    const timeout = await payin({ correlationId: idAnswered('TIMEOUT') });
    expect(
      (await act('superadmin', 'PATCH', '/transaction/get-status-transaction', { correlation_id: timeout })).body.data
        .status,
    ).toBe('REQUEST_TIMEOUT');
    const pending = await payin({ correlationId: idAnswered('PENDING') });
    const res = await act('superadmin', 'PATCH', '/transaction/get-status-transaction', { correlation_id: pending });
    expect(res.body).toMatchObject({ status: 'success', data: { status: 'PENDING' } });
  });

  it('refuses a virtual account, a FINALIZED row, and another client’s pay-in', async () => {
    const va = await payin({ type: 'va_bca', serviceType: 'VIRTUAL_ACCOUNT' });
    expect(
      (await act('superadmin', 'PATCH', '/transaction/get-status-transaction', { correlation_id: va })).status,
    ).toBe(409);
    const foreign = await payin({ clientId: 3 });
    expect(
      (await act('client', 'PATCH', '/transaction/get-status-transaction', { correlation_id: foreign })).status,
    ).toBe(404);
  });
});

describe('manual finalize', () => {
  it('lets SUPER ADMIN finalize with RRN and paid time, crediting once', async () => {
    const id = await payin({ status: 'REQUEST_TIMEOUT' });
    const before = await balance(1);
    const res = await act('superadmin', 'PATCH', '/transaction/finalized-transaction', {
      correlation_id: id,
      rrn: '123412341234',
      paid_time: '2025-06-01 10:15:00',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Transaction has been finalized');
    const row = await statusOf(id);
    expect(row).toMatchObject({ status: 'FINALIZED', rrn: '123412341234' });
    expect(row.paidTime?.toISOString()).toBe('2025-06-01T03:15:00.000Z');
    expect((await balance(1)).nonwithdrawable_balance).toBe(before.nonwithdrawable_balance + 99_300);
    expect(
      (
        await act('superadmin', 'PATCH', '/transaction/finalized-transaction', {
          correlation_id: id,
          rrn: '1',
          paid_time: '2025-06-01 10:15:00',
        })
      ).status,
    ).toBe(409);
  });

  it("says 'Please enter RRN', wants seconds at :00, refuses the future and anyone but SUPER ADMIN", async () => {
    const id = await payin();
    const noRrn = await act('superadmin', 'PATCH', '/transaction/finalized-transaction', {
      correlation_id: id,
      rrn: ' ',
      paid_time: '2025-06-01 10:15:00',
    });
    expect(noRrn.body.message).toBe('Please enter RRN');
    expect(
      (
        await act('superadmin', 'PATCH', '/transaction/finalized-transaction', {
          correlation_id: id,
          rrn: '1',
          paid_time: '2025-06-01 10:15:31',
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await act('superadmin', 'PATCH', '/transaction/finalized-transaction', {
          correlation_id: id,
          rrn: '1',
          paid_time: '2099-01-01 00:00:00',
        })
      ).status,
    ).toBe(422);
    expect(
      (
        await act('admin', 'PATCH', '/transaction/finalized-transaction', {
          correlation_id: id,
          rrn: '1',
          paid_time: '2025-06-01 10:15:00',
        })
      ).status,
    ).toBe(403);
    expect((await statusOf(id)).status).toBe('PENDING');
  });
});

describe('the lifecycle, action by action', () => {
  it('lets the API do exactly what the machine allows for every status and user type', async () => {
    const calls = {
      FINALIZE_MANUALLY: (id: string) => [
        'PATCH',
        '/transaction/finalized-transaction',
        { correlation_id: id, rrn: '9', paid_time: '2025-06-01 10:15:00' },
      ],
      ADD_TO_WITHDRAWABLE: (id: string) => ['PATCH', '/balance/add-withdrawable-balance', { correlation_id: id }],
      GENERATE_INVOICE: (id: string) => ['POST', '/transaction/generate-invoice', { correlation_id: id }],
    } as const;
    const users = { 'SUPER ADMIN': 'superadmin', ADMIN: 'admin', CLIENT: 'client' } as const;
    for (const status of ['PENDING', 'REQUEST_TIMEOUT', 'FINALIZED', 'SETTLED', 'VA_EXPIRED'] as const) {
      for (const [event, build] of Object.entries(calls)) {
        for (const [role, who] of Object.entries(users) as Array<[keyof typeof users, string]>) {
          const id = await payin({
            status,
            paidTime: status === 'FINALIZED' || status === 'SETTLED' ? new Date() : null,
          });
          if (status === 'FINALIZED' || status === 'SETTLED') {
            const { creditPayin, releaseToWithdrawable } = await import('../domain/payins.ts');
            await setupMoney(server.database.db, async (tx) => {
              await creditPayin(tx, { clientId: 1, reference: id, amount: 100_000, fee: 700 });
              // A SETTLED pay-in was settled: its net went to withdrawable with it.
              if (status === 'SETTLED')
                await releaseToWithdrawable(tx, { clientId: 1, reference: id, net: 99_300, by: null });
            });
          }
          const [method, path, body] = build(id) as unknown as [string, string, unknown];
          const res = await act(who, method, path, body);
          const allowed = allows(
            status,
            { channel: 'fello_qris', addedToWithdrawable: false },
            { type: event as 'GENERATE_INVOICE', role },
          );
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
    await act('superadmin', 'PATCH', '/transaction/finalized-transaction', {
      correlation_id: id,
      rrn: '5',
      paid_time: '2025-06-01 10:15:00',
    });
    const before = await balance(1);
    expect((await act('superadmin', 'PATCH', '/balance/add-withdrawable-balance', { correlation_id: id })).status).toBe(
      200,
    );
    const after = await balance(1);
    expect(after.withdrawable_balance).toBe(before.withdrawable_balance + 99_300);
    expect(after.nonwithdrawable_balance).toBe(before.nonwithdrawable_balance - 99_300);
    const again = await act('superadmin', 'PATCH', '/balance/add-withdrawable-balance', { correlation_id: id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Transaction has already been added to withdrawable balance');
  });
});

describe('Process Transactions: a preview, then the apply of exactly what was previewed (issue 25)', () => {
  const PATH = '/transaction/update-transaction';
  /** A FINALIZED, credited pay-in at a given time, not yet withdrawable. */
  async function finalizedPayin(clientId: number, at: string, amount: number, fee: number) {
    const id = await payin({
      clientId,
      status: 'FINALIZED',
      paidTime: new Date(at),
      transactionTime: new Date(at),
      amount,
      feeAmount: fee,
    });
    const { creditPayin } = await import('../domain/payins.ts');
    await setupMoney(server.database.db, (tx) => creditPayin(tx, { clientId, reference: id, amount, fee }));
    return id;
  }
  /** Everything a bulk apply could touch: balances, ledger entries, stamps and audit rows. */
  const footprint = async (clientId: number) => {
    const { db } = server.database;
    const [{ stamped }] = (
      await db.execute<{ stamped: number }>(
        sql`select count(*)::int as stamped from transactions where withdrawable_at is not null`,
      )
    ).rows;
    return {
      balance: await balance(clientId),
      entries: await db.$count(journalEntries),
      audit: await db.$count(auditLog),
      stamped,
    };
  };
  // Each test has its own day, in Jakarta: a window nothing else in this file touches.
  const windowOf = (day: string) => ({ start: `${day} 00:00`, end: `${day} 23:59` });

  it('refuses an empty body or a missing window with 400 naming the field, and moves nothing', async () => {
    const day = '2020-01-01';
    await finalizedPayin(2, `${day}T03:00:00Z`, 100_000, 1_000);
    const before = await footprint(2);
    const empty = await act('superadmin', 'PATCH', PATH, {});
    expect(empty.status).toBe(400);
    expect(empty.body.errors.map((e: { field: string }) => e.field)).toEqual(expect.arrayContaining(['start', 'end']));
    const noEnd = await act('superadmin', 'PATCH', PATH, { start: `${day} 00:00`, client_id: '2', dry_run: true });
    expect(noEnd.status).toBe(400);
    expect(noEnd.body.errors).toEqual([{ field: 'end', message: 'end is required' }]);
    const noStart = await act('superadmin', 'PATCH', PATH, {
      end: `${day} 23:59`,
      expected_count: 1,
      expected_amount: 100_000,
    });
    expect(noStart.status).toBe(400);
    expect(noStart.body.errors).toEqual([{ field: 'start', message: 'start is required' }]);
    // An apply must name what the person saw.
    const blind = await act('superadmin', 'PATCH', PATH, { ...windowOf(day), client_id: '2' });
    expect(blind.status).toBe(400);
    expect(blind.body.errors.map((e: { field: string }) => e.field)).toEqual(['expected_count', 'expected_amount']);
    const half = await act('superadmin', 'PATCH', PATH, { ...windowOf(day), client_id: '2', expected_count: 1 });
    expect(half.status).toBe(400);
    expect(half.body.errors).toEqual([
      { field: 'expected_amount', message: 'expected_amount is required: preview with dry_run first' },
    ]);
    expect(await footprint(2)).toEqual(before);
  });

  it('answers a dry run with the count, amount and fee that would move, and moves and writes nothing', async () => {
    const day = '2020-01-02';
    const filter = { ...windowOf(day), client_id: '2' };
    await finalizedPayin(2, `${day}T02:00:00Z`, 100_000, 1_000);
    await finalizedPayin(2, `${day}T04:00:00Z`, 250_000, 2_500);
    // Already withdrawable, pending, another client's, another day's: none of them counts.
    const added = await finalizedPayin(2, `${day}T05:00:00Z`, 999_000, 9_000);
    expect(
      (await act('superadmin', 'PATCH', '/balance/add-withdrawable-balance', { correlation_id: added })).status,
    ).toBe(200);
    await payin({ clientId: 2, transactionTime: new Date(`${day}T06:00:00Z`), amount: 77_000 });
    await finalizedPayin(1, `${day}T06:00:00Z`, 55_000, 500);
    await finalizedPayin(2, '2020-01-03T06:00:00Z', 33_000, 300);
    const before = await footprint(2);
    const preview = await act('superadmin', 'PATCH', PATH, { ...filter, dry_run: true });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      status: 'success',
      message: '2 pay-ins would be added to withdrawable balance',
      data: { count: 2, amount: 350_000, fee: 3_500 },
    });
    expect(await footprint(2)).toEqual(before);
    // The filter narrows it like the list: by search and by method.
    const one = await act('superadmin', 'PATCH', PATH, { ...filter, dry_run: true, payment_method: 'va_bca' });
    expect(one.body.data).toEqual({ count: 0, amount: 0, fee: 0, needs_approval: false });
    expect((await act('superadmin', 'PATCH', PATH, { ...filter, dry_run: true, status: 'PENDING' })).status).toBe(422);
    expect((await act('admin', 'PATCH', PATH, { ...filter, dry_run: true })).status).toBe(403);
  });

  it('moves exactly what was previewed, and refuses with 409 when the selection changed, moving nothing', async () => {
    const day = '2020-01-04';
    const filter = { ...windowOf(day), client_id: '2' };
    await finalizedPayin(2, `${day}T02:00:00Z`, 100_000, 1_000);
    await finalizedPayin(2, `${day}T03:00:00Z`, 200_000, 2_000);
    const { data: seen } = (await act('superadmin', 'PATCH', PATH, { ...filter, dry_run: true })).body;
    expect(seen).toEqual({ count: 2, amount: 300_000, fee: 3_000, needs_approval: false });
    // A pay-in finalized since the preview: the count differs.
    await finalizedPayin(2, `${day}T04:00:00Z`, 50_000, 500);
    const before = await footprint(2);
    const moreNow = await act('superadmin', 'PATCH', PATH, { ...filter, expected_count: 2, expected_amount: 300_000 });
    expect(moreNow.status).toBe(409);
    expect(moreNow.body.message).toBe('The selection changed: 3 pay-ins match now, not 2');
    // The same count, another amount.
    const otherAmount = await act('superadmin', 'PATCH', PATH, {
      ...filter,
      expected_count: 3,
      expected_amount: 300_000,
    });
    expect(otherAmount.status).toBe(409);
    expect(otherAmount.body.message).toBe('The selection changed: 3 pay-ins of Rp. 350,000 match now, not Rp. 300,000');
    expect(await footprint(2)).toEqual(before);

    const applied = await act('superadmin', 'PATCH', PATH, { ...filter, expected_count: 3, expected_amount: 350_000 });
    expect(applied.status).toBe(200);
    expect(applied.body.message).toBe('3 transactions added to withdrawable balance, 0 already added');
    expect(applied.body.data).toEqual({ processed: 3, skipped: 0, count: 3, amount: 350_000, fee: 3_500 });
    const after = await balance(2);
    expect(after.withdrawable_balance).toBe(before.balance.withdrawable_balance + 346_500);
    expect(after.nonwithdrawable_balance).toBe(before.balance.nonwithdrawable_balance - 346_500);
    // Audited with what was confirmed.
    const [row] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'transaction.bulk_add_withdrawable'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(row.detail).toMatchObject({ processed: 3, skipped: 0, count: 3, amount: 350_000, fee: 3_500 });
    // Done once: the next preview finds nothing, and the same apply again is refused.
    expect((await act('superadmin', 'PATCH', PATH, { ...filter, dry_run: true })).body).toMatchObject({
      message: '0 pay-ins would be added to withdrawable balance',
      data: { count: 0 },
    });
    const again = await act('superadmin', 'PATCH', PATH, { ...filter, expected_count: 3, expected_amount: 350_000 });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The selection changed: 0 pay-ins match now, not 3');
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it('lets exactly one of 10 simultaneous applies move the money; the rest get 409', async () => {
    const day = '2020-01-05';
    const filter = { ...windowOf(day), client_id: '2' };
    for (let i = 1; i <= 5; i++) await finalizedPayin(2, `${day}T0${i}:00:00Z`, 10_000 * i, 100 * i);
    const { data: seen } = (await act('superadmin', 'PATCH', PATH, { ...filter, dry_run: true })).body;
    expect(seen).toEqual({ count: 5, amount: 150_000, fee: 1_500, needs_approval: false });
    const before = await balance(2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        act('superadmin', 'PATCH', PATH, { ...filter, expected_count: 5, expected_amount: 150_000 }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409))
      expect(refused.body.message).toBe('The selection changed: 0 pay-ins match now, not 5');
    const after = await balance(2);
    expect(after.withdrawable_balance - before.withdrawable_balance).toBe(148_500);
    expect(before.nonwithdrawable_balance - after.nonwithdrawable_balance).toBe(148_500);
    const ids = (
      await server.database.db.execute<{ correlation_id: string }>(sql`
      select correlation_id from transactions where client_id = 2 and transaction_time >= '2020-01-04T17:00:00Z'
        and transaction_time < '2020-01-05T17:00:00Z'`)
    ).rows.map((r) => r.correlation_id);
    expect(ids).toHaveLength(5);
    for (const id of ids)
      expect(
        await server.database.db.$count(
          journalEntries,
          and(eq(journalEntries.kind, 'payin.withdrawable'), eq(journalEntries.reference, id)),
        ),
      ).toBe(1);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});

describe('callbacks and invoices', () => {
  it('re-sends a signed callback to the merchant and records the attempt', async () => {
    const id = await payin({ status: 'FINALIZED', rrn: '777', paidTime: new Date() });
    const res = await act('client', 'POST', '/transaction/resend-callback', { correlation_id: [id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully send Callback !');
    const [received] = await server.database.db
      .select()
      .from(demoMerchantInbox)
      .where(sql`${demoMerchantInbox.body}->>'correlation_id' = ${id}`);
    expect(received).toMatchObject({
      clientId: 1,
      signatureValid: true,
      body: { correlation_id: id, status: 'FINALIZED', amount: 100_000 },
    });
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
    const [row] = await server.database.db
      .select({ id: transactions.id })
      .from(transactions)
      .where(eq(transactions.correlationId, id));
    const [attempt] = await server.database.db
      .select()
      .from(callbackAttempts)
      .where(and(eq(callbackAttempts.transactionId, row.id)));
    expect(attempt).toMatchObject({ ok: false, url: 'http://127.0.0.1:9/closed' });
  });

  it('generates the invoice of a paid pay-in for SUPER ADMIN', async () => {
    const id = await payin({ status: 'FINALIZED', paidTime: new Date('2025-06-01T03:15:00Z') });
    const res = await act('superadmin', 'POST', '/transaction/generate-invoice', { correlation_id: id });
    expect(res.body.message).toBe('Invoice Have Been Generated');
    expect(res.body.data).toMatchObject({
      service: 'fello_qris',
      transaction_date: '2025-06-01T03:15:00.000Z',
      correlation_id: id,
      items: [{ ori_price: 100_000, curr_price: 100_000 }],
    });
  });
});
