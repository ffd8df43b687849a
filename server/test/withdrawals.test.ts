import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { nextWithdrawalStatus, WITHDRAWAL_INVALID_STATUS } from '../../src/machines/lifecycle/withdrawalLifecycle.ts';
import { users, withdrawals } from '../db/schema.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { applyDecision, openWithdrawal } from '../domain/withdrawals.ts';
import {
  addUser,
  call,
  freshAuthenticatorCode,
  rewindTotp,
  signInVerified,
  startTestServer,
  totpAt,
  withdrawalRequestBody,
  type TestServer,
} from './harness.ts';
import { setupMoney } from './setupMoney.ts';

let server: TestServer;
const session: Record<string, { token: string; secret: string }> = {};
const API = '/api/backoffice';

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'admin', 'client']) session[who] = await signInVerified(server, `${who}@demo.local`);
});
afterAll(async () => {
  await server?.close();
});

const get = (who: string, path: string) => call(server, 'GET', path, { token: session[who].token });
const balanceOf = async (clientId: number, who = 'superadmin') =>
  (await get(who, `${API}/balance/current-balance?client_filter=${clientId}`)).body.data;

const freshOtp = (who: string) => freshAuthenticatorCode(server, who, session[who].secret);

async function requestWithdrawal(who: string, body: Record<string, unknown>, headers: { key?: string } = {}) {
  const response = await fetch(`${server.url}${API}/balance/add-withdrawal`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session[who].token}`,
      ...(headers.key ? { 'idempotency-key': headers.key } : {}),
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    replayed: response.headers.get('idempotent-replayed'),
  };
}

const withdrawalBody = async (who: string, over: Record<string, unknown> = {}) =>
  withdrawalRequestBody(await freshOtp(who), over);

describe('balances', () => {
  it('shows all four figures of a demo client, explained by the ledger', async () => {
    const b = await balanceOf(1, 'client');
    expect(b.nonwithdrawable_balance).toBeGreaterThan(0);
    expect(b.withdrawable_balance).toBeGreaterThanOrEqual(1_000_000);
    expect(b.pending_withdrawal_balance).toBeGreaterThan(0);
    expect(b.balance).toBe(b.nonwithdrawable_balance + b.withdrawable_balance + b.pending_withdrawal_balance);
    expect(b.disbursement_balance).toBeGreaterThan(0);
    const summary = await get('client', `${API}/transaction/account-summary?client_filter=1`);
    expect(summary.body.data.disbursement_balance).toBe(b.disbursement_balance);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it("answers another client's balance and history like a client that does not exist", async () => {
    for (const path of [
      `${API}/balance/current-balance?client_filter=3`,
      `${API}/balance/withdrawal-history?client_filter=3`,
      `${API}/transaction/account-summary?client_filter=3`,
    ]) {
      const res = await get('client', path);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(/balance|amount/);
    }
    expect((await get('client', `${API}/balance/current-balance?client_filter=999`)).status).toBe(404);
    expect((await get('superadmin', `${API}/balance/current-balance?client_filter=3`)).status).toBe(200);
  });

  it('lists withdrawal history newest first, paged, filtered by status and time', async () => {
    const all = await get('client', `${API}/balance/withdrawal-history?client_filter=1&limit=15&page=1`);
    const times = all.body.data.map((w: any) => w.withdrawal_time);
    expect(times).toEqual([...times].sort().reverse());
    expect(all.body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(new Set(all.body.data.map((w: any) => w.status))).toEqual(new Set(['PENDING', 'COMPLETED', 'REJECTED']));
    expect(all.body.data[0]).toMatchObject({
      name: 'Citra Client',
      bank_name: expect.any(String),
      account_no: expect.any(String),
    });
    const pending = await get('client', `${API}/balance/withdrawal-history?client_filter=1&status=PENDING`);
    expect(pending.body.data.every((w: any) => w.status === 'PENDING')).toBe(true);
    const none = await get(
      'client',
      `${API}/balance/withdrawal-history?client_filter=1&start=2001-01-01 00:00&end=2001-01-02 00:00`,
    );
    expect(none.body.meta.total).toBe(0);
    // The count rides on the page's rows: every page, and a page past the end, tells the same total.
    const pages = [1, 2, 99].map((page) =>
      get('client', `${API}/balance/withdrawal-history?client_filter=1&limit=15&page=${page}`),
    );
    const [p1, p2, past] = await Promise.all(pages);
    const total = p1.body.meta.total;
    expect(total).toBeGreaterThan(0);
    expect([p2.body.meta.total, past.body.meta.total]).toEqual([total, total]);
    expect(past.body.data).toEqual([]);
    expect(p1.body.data.length + p2.body.data.length).toBe(Math.min(total, 30));
    const bad = await get('client', `${API}/balance/withdrawal-history?client_filter=1&limit=7`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be one of 15, 30, 50');
  });
});

describe('requesting a withdrawal', () => {
  it('lists every broken rule together', async () => {
    const res = await requestWithdrawal(
      'client',
      await withdrawalBody('client', {
        bank_name: '',
        account_no: '',
        bank_account_name: ' ',
        amount: 5_000,
        otp_num: '12',
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: any) => e.message)).toEqual([
      'Bank Name is required',
      'Account Number is required',
      'Beneficary Account Name is required',
      'Amount must be at least Rp. 20,000',
      'OTP must be 6 digits',
    ]);
  });

  it('refuses over the withdrawable balance, a foreign client, letters in the account no., a bad OTP', async () => {
    const { withdrawable_balance } = await balanceOf(1, 'client');
    const over = await requestWithdrawal(
      'client',
      await withdrawalBody('client', { amount: withdrawable_balance + 10_000 }),
    );
    expect(over.status).toBe(422);
    expect(over.body.message).toBe(`Amount must not exceed Rp. ${withdrawable_balance.toLocaleString('en-US')}`);
    expect((await requestWithdrawal('client', await withdrawalBody('client', { client_filter: 3 }))).status).toBe(404);
    const letters = await requestWithdrawal('client', await withdrawalBody('client', { account_no: '71000abc' }));
    expect(letters.body.message).toBe('Account Number must contain digits only');
    const code = await freshOtp('client');
    const wrong = code === '000000' ? '111111' : '000000';
    expect(
      (await requestWithdrawal('client', { ...(await withdrawalBody('client')), otp_num: wrong })).body.message,
    ).toBe('Invalid OTP');
    const body = { ...(await withdrawalBody('client')), otp_num: code };
    expect((await requestWithdrawal('client', body)).status).toBe(201);
    const reused = await requestWithdrawal('client', body);
    expect(reused.status).toBe(422);
    expect(reused.body.message).toBe('Invalid OTP');
  });

  it('moves the amount from withdrawable to pending, once, even when retried with the same key', async () => {
    const before = await balanceOf(1, 'client');
    const body = await withdrawalBody('client', { amount: 250_000 });
    const first = await requestWithdrawal('client', body, { key: 'retry-key-0001' });
    expect(first.status).toBe(201);
    expect(first.body.message).toBe(
      'Withdraw Request has been submitted successfully. Please wait a maximum of 48 hours for the request to ' +
        'be processed.',
    );
    expect(first.body.data).toMatchObject({
      status: 'PENDING',
      amount: 250_000,
      bank_account_name: 'Budi Santoso',
      name: 'Citra Client',
    });
    const retry = await requestWithdrawal('client', body, { key: 'retry-key-0001' });
    expect(retry.status).toBe(201);
    expect(retry.replayed).toBe('true');
    expect(retry.body).toEqual(first.body);
    const after = await balanceOf(1, 'client');
    expect(after.withdrawable_balance).toBe(before.withdrawable_balance - 250_000);
    expect(after.pending_withdrawal_balance).toBe(before.pending_withdrawal_balance + 250_000);
    expect(after.balance).toBe(before.balance);
    const history = await get('client', `${API}/balance/withdrawal-history?client_filter=1`);
    expect(history.body.data[0].uuid).toBe(first.body.data.uuid);
  });

  it('answers two copies of one keyed request sent at once with one withdrawal', async () => {
    const before = await balanceOf(1, 'client');
    const body = await withdrawalBody('client', { amount: 70_000 });
    const [a, b] = await Promise.all([
      requestWithdrawal('client', body, { key: 'parallel-key-0001' }),
      requestWithdrawal('client', body, { key: 'parallel-key-0001' }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.data.uuid).toBe(b.body.data.uuid);
    expect([a.replayed, b.replayed].filter((r) => r === 'true')).toHaveLength(1);
    expect((await balanceOf(1, 'client')).withdrawable_balance).toBe(before.withdrawable_balance - 70_000);
    const [user] = await server.database.db.select().from(users).where(eq(users.email, 'client@demo.local'));
    expect(user.failedAttempts).toBe(0);
  });

  it('refuses a key reused for a different request instead of pretending it was filed', async () => {
    const first = await requestWithdrawal('client', await withdrawalBody('client', { amount: 40_000 }), {
      key: 'reused-key-0001',
    });
    expect(first.status).toBe(201);
    const other = await requestWithdrawal('client', await withdrawalBody('client', { amount: 90_000 }), {
      key: 'reused-key-0001',
    });
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request');
  });

  it('answers out-of-range numbers and impossible dates with 400, never a 500', async () => {
    const huge = await requestWithdrawal('superadmin', await withdrawalBody('superadmin', { client_filter: 1e12 }));
    expect(huge.status).toBe(400);
    for (const query of ['start=2024-13-45 99:99', 'end=2024-02-30 10:00', 'client_filter=99999999999']) {
      const res = await get('superadmin', `${API}/balance/withdrawal-history?${query}`);
      expect(res.status).toBe(400);
    }
  });

  it('turns a transfer to disburse into disbursement balance when completed', async () => {
    const before = await balanceOf(2, 'client');
    const res = await requestWithdrawal(
      'client',
      await withdrawalBody('client', {
        bank_name: '0',
        account_no: '0',
        bank_account_name: 'None',
        client_filter: 2,
        amount: 300_000,
        description: 'anything',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      type: 'transfer_to_disburse',
      description: 'Request transfer to disburse balance.',
    });
    const done = await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
      token: session.superadmin.token,
      body: { uuid: res.body.data.uuid, status: 'COMPLETED' },
    });
    expect(done.status).toBe(200);
    const after = await balanceOf(2, 'client');
    expect(after.disbursement_balance).toBe(before.disbursement_balance + 300_000);
    expect(after.withdrawable_balance).toBe(before.withdrawable_balance - 300_000);
    expect(after.pending_withdrawal_balance).toBe(before.pending_withdrawal_balance);
  });
});

describe('deciding a withdrawal', () => {
  async function withdrawalIn(status: 'PENDING' | 'COMPLETED' | 'REJECTED', amount = 30_000) {
    const { db } = server.database;
    const [decider] = await db.select().from(users).where(eq(users.email, 'superadmin@demo.local'));
    return setupMoney(db, async (tx) => {
      const w = await openWithdrawal(tx, {
        clientId: 1,
        kind: 'withdrawal',
        amount,
        requestedBy: decider.id,
        bankName: 'BRI',
        accountNo: '123',
        bankAccountName: 'Agus',
      });
      return status === 'PENDING' ? w : applyDecision(tx, w, status, decider.id);
    });
  }

  it('allows exactly what the lifecycle machine allows, for every status, decision and user type', async () => {
    const who = { 'SUPER ADMIN': 'superadmin', ADMIN: 'admin', CLIENT: 'client' } as const;
    for (const status of ['PENDING', 'COMPLETED', 'REJECTED'] as const) {
      for (const decision of ['COMPLETED', 'REJECTED'] as const) {
        for (const [type, user] of Object.entries(who) as Array<[keyof typeof who, string]>) {
          const w = await withdrawalIn(status);
          const res = await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
            token: session[user].token,
            body: { uuid: w.uuid, status: decision },
          });
          const allowed = nextWithdrawalStatus(status, decision, type);
          const expected = allowed ? 200 : type !== 'SUPER ADMIN' ? 403 : 409;
          expect({ status, decision, type, code: res.status }).toEqual({ status, decision, type, code: expected });
          if (expected === 409) expect(res.body.message).toBe(WITHDRAWAL_INVALID_STATUS);
          const [row] = await server.database.db.select().from(withdrawals).where(eq(withdrawals.uuid, w.uuid));
          expect(row.status).toBe(allowed ?? status);
        }
      }
    }
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it('returns a rejected amount to withdrawable and pays a completed one out', async () => {
    const before = await balanceOf(1);
    const rejected = await withdrawalIn('PENDING', 40_000);
    const completed = await withdrawalIn('PENDING', 60_000);
    await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
      token: session.superadmin.token,
      body: { uuid: rejected.uuid, status: 'REJECTED' },
    });
    await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
      token: session.superadmin.token,
      body: { uuid: completed.uuid, status: 'COMPLETED' },
    });
    const after = await balanceOf(1);
    expect(after.withdrawable_balance).toBe(before.withdrawable_balance - 60_000);
    expect(after.pending_withdrawal_balance).toBe(before.pending_withdrawal_balance);
  });

  it('lets exactly one of 20 simultaneous decisions win', async () => {
    const w = await withdrawalIn('PENDING', 50_000);
    const before = await balanceOf(1);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
          token: session.superadmin.token,
          body: { uuid: w.uuid, status: i % 2 ? 'REJECTED' : 'COMPLETED' },
        }),
      ),
    );
    const codes = results.map((r) => r.status);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    const after = await balanceOf(1);
    expect(after.pending_withdrawal_balance).toBe(before.pending_withdrawal_balance - 50_000);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });

  it('answers a bad uuid or status with 400 and an unknown one with 404', async () => {
    expect(
      (
        await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
          token: session.superadmin.token,
          body: { uuid: 'x', status: 'COMPLETED' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
          token: session.superadmin.token,
          body: { uuid: '5b0e7c2e-3f0a-4a59-9d3c-2a1f7c7d9e11', status: 'PAID' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
          token: session.superadmin.token,
          body: { uuid: '5b0e7c2e-3f0a-4a59-9d3c-2a1f7c7d9e11', status: 'COMPLETED' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('the ledger check', () => {
  it('finds a cached balance that its postings do not explain', async () => {
    const { db } = server.database;
    const { ledgerAccounts } = await import('../db/schema.ts');
    const [account] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.code, 'client:5:withdrawable'));
    await db
      .update(ledgerAccounts)
      .set({ balance: account.balance + 1 })
      .where(eq(ledgerAccounts.id, account.id));
    const { problems } = await checkLedger(db);
    expect(problems.map((p) => p.check)).toContain('balance equals postings');
    await db.update(ledgerAccounts).set({ balance: account.balance }).where(eq(ledgerAccounts.id, account.id));
    expect((await checkLedger(db)).problems).toEqual([]);
  });
});

describe('simultaneous requests by different users of one client', () => {
  it('never overdraw the withdrawable balance, and every balance still equals its postings', async () => {
    const emails = Array.from({ length: 5 }, (_, i) => `finance${i + 1}@client4.demo`);
    for (const [i, email] of emails.entries()) {
      await addUser(server, { email, name: `Finance ${i + 1}`, type: 'CLIENT', role: 'Client Finance', clients: [4] });
      session[email] = await signInVerified(server, email);
    }
    const { withdrawable_balance: available } = await balanceOf(4);
    const amount = Math.floor((available * 0.4) / 10_000) * 10_000;
    const bodies = await Promise.all(
      emails.map(async (email) => {
        await rewindTotp(server, email);
        return {
          bank_name: 'BNI',
          account_no: '9000111',
          bank_account_name: 'PT Sentosa',
          client_filter: 4,
          amount,
          otp_num: await totpAt(session[email].secret),
        };
      }),
    );
    const results = await Promise.all(emails.map((email, i) => requestWithdrawal(email, bodies[i])));
    const accepted = results.filter((r) => r.status === 201);
    expect(accepted).toHaveLength(2);
    for (const refused of results.filter((r) => r.status !== 201)) {
      expect(refused.status).toBe(422);
      expect(refused.body.message).toMatch(/^Amount must not exceed Rp\. /);
    }
    const after = await balanceOf(4);
    expect(after.withdrawable_balance).toBe(available - 2 * amount);
    expect(after.withdrawable_balance).toBeGreaterThanOrEqual(0);
    expect((await checkLedger(server.database.db)).problems).toEqual([]);
  });
});
