import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  APPROVAL_CANCEL_REFUSED,
  APPROVAL_INVALID_STATUS,
  APPROVAL_SELF_REFUSED,
  APPROVAL_WAITING,
  DEFAULT_APPROVAL_POLICY,
} from '../../src/services/approvalRules.ts';
import { APPROVAL_POLICY_SAVED } from '../../src/services/successTexts.ts';
import {
  approvalRequests,
  auditLog,
  disbursements,
  journalEntries,
  notifications,
  transactions,
  users,
  withdrawals,
  userClients,
} from '../db/schema.ts';
import { nextApprovalStatus } from '../../src/machines/lifecycle/approvalLifecycle.ts';
import { loadConfig } from '../config.ts';
import { APPROVAL_EXPIRY_QUEUE, startApprovalExpiry } from '../domain/approvalJob.ts';
import { expireApprovals } from '../domain/approvals.ts';
import { recordDeposit } from '../domain/disbursementAccount.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { postEntry } from '../domain/ledger.ts';
import { creditPayin } from '../domain/payins.ts';
import { SELECTION_REPLACED } from '../../src/services/payinActions.ts';
import { makeDisbursement } from './disbursementsTestKit.ts';
import type { NotificationList } from '../../src/services/workOrders.ts';
import { addUser, call, rewindTotp, signInVerified, startTestServer, totpAt, type TestServer } from './harness.ts';
import { setupMoney } from './setupMoney.ts';

/**
 * Issue 25, section 3: dual control on the server. Expectations written from the issue: at or above
 * a threshold the call answers 202 'Waiting for approval by another SUPER ADMIN' and nothing moves;
 * another SUPER ADMIN approves (the movement applied once, every rule checked again) or declines;
 * the maker cancels; old requests expire.
 */
let server: TestServer;
const session: Record<string, { token: string; secret: string }> = {};
const API = '/api/backoffice';

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'superadmin2', 'admin', 'client'])
    session[who] = await signInVerified(server, `${who}@demo.local`);
});
afterAll(async () => {
  await server?.close();
});

const get = (who: string, path: string) => call(server, 'GET', `${API}/${path}`, { token: session[who].token });
const adjust = (who: string, body: unknown) =>
  call(server, 'PATCH', `${API}/transaction/update-balance`, { token: session[who].token, body });
const decide = (who: string, id: number, body: unknown) =>
  call(server, 'PATCH', `${API}/approvals/${id}`, { token: session[who].token, body });
const putPolicy = (who: string, body: unknown) =>
  call(server, 'PUT', `${API}/approval-policy`, { token: session[who].token, body });
const disbursementBalance = async (clientId: number) =>
  (await get('superadmin', `transaction/account-summary?client_filter=${clientId}`)).body.data
    .disbursement_balance as number;
const expectLedgerClean = async () => expect((await checkLedger(server.database.db)).problems).toEqual([]);
const userId = async (email: string) =>
  (await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0].id;
const journalCount = async (clientId: number) =>
  Number(
    (
      await server.database.db.execute<{ n: number }>(sql`
  select count(distinct p.entry_id)::int as n from postings p join ledger_accounts a on a.id = p.account_id
    where a.client_id = ${clientId}`)
    ).rows[0].n,
  );

/** A client of its own with this disbursement (and withdrawable) balance, so a test's figures are its own. */
async function freshClient(disbursement: number, withdrawable = 0): Promise<number> {
  const db = server.database.db;
  const [{ id }] = (
    await db.execute<{ id: number }>(
      sql`insert into clients (client_name) values (${`PT Setuju ${Math.random().toString(36).slice(2, 8)}`})
        returning id`,
    )
  ).rows;
  await setupMoney(db, async (txRaw) => {
    const tx = txRaw as never;
    if (disbursement)
      await recordDeposit(tx, {
        clientId: id,
        amount: disbursement,
        kind: 'deposit',
        description: 'Opening deposit',
        picName: 'Test',
      });
    if (withdrawable) {
      await postEntry(tx, {
        kind: 'test.opening',
        reference: `opening-${id}`,
        createdBy: null,
        description: 'Opening withdrawable',
        lines: [
          { account: { system: 'channelReceipts' }, amount: -withdrawable },
          { account: { client: id, kind: 'withdrawable' }, amount: withdrawable },
        ],
      });
    }
  });
  return id;
}

async function held(who: string, clientId: number, amount: number): Promise<number> {
  const res = await adjust(who, { client_id: clientId, amount });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expect(res.body).toMatchObject({
    status: 'success',
    message: APPROVAL_WAITING,
    data: { approval_id: expect.any(Number) },
  });
  return res.body.data.approval_id;
}

const statusOf = async (id: number) =>
  (
    await server.database.db
      .select({ s: approvalRequests.status })
      .from(approvalRequests)
      .where(eq(approvalRequests.id, id))
  )[0].s;

describe('the approval policy', () => {
  it('is the default on a fresh install, read by SUPER ADMIN only', async () => {
    const res = await get('superadmin', 'approval-policy');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(DEFAULT_APPROVAL_POLICY);
    expect((await get('admin', 'approval-policy')).status).toBe(403);
    expect((await get('client', 'approval-policy')).status).toBe(403);
  });

  it('is set by a SUPER ADMIN, audited with before and after; bad bodies are 400 and change nothing', async () => {
    expect(
      (await putPolicy('admin', { policy: [{ action: 'manual-finalize', mode: 'always', threshold: null }] })).status,
    ).toBe(403);
    for (const body of [
      {},
      { policy: [] },
      { policy: [{ action: 'nothing', mode: 'off', threshold: null }] },
      { policy: [{ action: 'manual-finalize', mode: 'threshold', threshold: null }] },
      { policy: [{ action: 'manual-finalize', mode: 'off', threshold: 5 }] },
      { policy: [{ action: 'manual-finalize', mode: 'threshold', threshold: 1.5 }] },
      {
        policy: [
          { action: 'manual-finalize', mode: 'off', threshold: null },
          { action: 'manual-finalize', mode: 'always', threshold: null },
        ],
      },
      { policy: [{ action: 'manual-finalize', mode: 'off', threshold: null }], extra: 1 },
      { policy: [{ action: 'void-upload', mode: 'threshold', threshold: 0 }] },
    ])
      expect((await putPolicy('superadmin', body)).status, JSON.stringify(body)).toBe(400);
    const res = await putPolicy('superadmin', {
      policy: [{ action: 'manual-finalize', mode: 'threshold', threshold: 5_000_000 }],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(APPROVAL_POLICY_SAVED);
    expect(res.body.data.find((e: any) => e.action === 'manual-finalize')).toEqual({
      action: 'manual-finalize',
      mode: 'threshold',
      threshold: 5_000_000,
    });
    expect(res.body.data.find((e: any) => e.action === 'balance-adjustment')).toEqual(DEFAULT_APPROVAL_POLICY[0]);
    const [line] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'approval_policy.update'));
    expect(line).toMatchObject({ actorEmail: 'superadmin@demo.local', outcome: 'success' });
    const entry = (side: 'before' | 'after') =>
      (line.detail as any)[side].policy.find((e: any) => e.action === 'manual-finalize');
    expect(entry('before')).toEqual({ action: 'manual-finalize', mode: 'off', threshold: null });
    expect(entry('after')).toEqual({ action: 'manual-finalize', mode: 'threshold', threshold: 5_000_000 });
    await putPolicy('superadmin', { policy: [{ action: 'manual-finalize', mode: 'off', threshold: null }] });
  });
});

describe('a threshold typed as text (issue 44)', () => {
  it('is read by the one amount reader, as amounts are; what it refuses is refused with its words', async () => {
    const typed = await putPolicy('superadmin', {
      policy: [{ action: 'manual-finalize', mode: 'threshold', threshold: '100.000.000' }],
    });
    expect(typed.status).toBe(200);
    expect(typed.body.data.find((e: any) => e.action === 'manual-finalize')).toEqual({
      action: 'manual-finalize',
      mode: 'threshold',
      threshold: 100_000_000,
    });
    for (const [threshold, message] of [
      ['1,25', "The separators are ambiguous: group thousands in threes ('1,250,000' or '1.250.000')"],
      ['100.000,50', 'Rupiah amounts are whole numbers'],
      ['1e8', 'Exponents are not accepted: type every digit'],
      ['-Rp. 5.000', 'The amount cannot be negative'],
      [true, 'threshold must be a whole number of rupiah'],
      ['Rp. 0', 'threshold must be at least Rp. 1'],
    ] as const) {
      const res = await putPolicy('superadmin', {
        policy: [{ action: 'manual-finalize', mode: 'threshold', threshold }],
      });
      expect([res.status, res.body.message], String(threshold)).toEqual([400, message]);
    }
    const kept = await get('superadmin', 'approval-policy');
    expect(kept.body.data.find((e: any) => e.action === 'manual-finalize').threshold).toBe(100_000_000);
    await putPolicy('superadmin', { policy: [{ action: 'manual-finalize', mode: 'off', threshold: null }] });
  });
});

describe('a master balance adjustment', () => {
  it('below the threshold moves at once, exactly as before', async () => {
    const client = await freshClient(1_000_000);
    const res = await adjust('superadmin', { client_id: client, amount: 99_999_999 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Balance has been updated',
      data: { previous_balance: 1_000_000, balance: 100_999_999 },
    });
  });

  it('at the threshold answers 202, moves nothing, and gives every other SUPER ADMIN a work order', async () => {
    const client = await freshClient(1_000_000);
    const id = await held('superadmin', client, 100_000_000);
    expect(await disbursementBalance(client)).toBe(1_000_000);
    const orders = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.itemKind, 'approval'), eq(notifications.itemRef, String(id))));
    expect(orders.map((o) => o.userId)).toEqual([await userId('superadmin2@demo.local')]);
    expect(orders[0].message).toMatch(
      /^Master balance adjustment of Rp\. 100,000,000 for PT Setuju \w+ by Sari Superadmin waits for your approval$/,
    );
    const list = await get('superadmin2', 'approvals?status=PENDING_APPROVAL');
    expect(list.status).toBe(200);
    expect(list.body.meta).toMatchObject({ current_page: 1, per_page: 15 });
    expect(list.body.data[0]).toMatchObject({
      id,
      action: 'balance-adjustment',
      status: 'PENDING_APPROVAL',
      maker_email: 'superadmin@demo.local',
      maker_name: 'Sari Superadmin',
      client_id: client,
      amount: 100_000_000,
      before: 1_000_000,
      after: 101_000_000,
      checker_id: null,
      decided_at: null,
    });
    expect(list.body.data[0].summary).toContain('Rp. 100,000,000');
    // An ADMIN holding Approvals sees their own requests only (issue 42): another's is not found.
    const adminList = await get('admin', 'approvals');
    expect(adminList.status).toBe(200);
    expect(adminList.body.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect((await get('admin', `approvals/${id}`)).status).toBe(404);
  });

  it('that would be refused now is refused at once (422 below zero), never queued', async () => {
    const client = await freshClient(50_000);
    const res = await adjust('superadmin', { client_id: client, amount: -200_000_000 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The disbursement balance cannot go below zero: it is Rp. 50,000');
    expect(
      await server.database.db.select().from(approvalRequests).where(eq(approvalRequests.clientId, client)),
    ).toHaveLength(0);
  });

  it("cannot be approved or declined by its maker (403, in the issue's words), nor decided by an ADMIN", async () => {
    const client = await freshClient(0);
    const id = await held('superadmin', client, 150_000_000);
    for (const decision of ['APPROVE', 'DECLINE']) {
      const res = await decide('superadmin', id, { decision, reason: 'mine' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(APPROVAL_SELF_REFUSED);
    }
    // Another maker's request is outside an ADMIN's scope (their own requests only): not found, nothing decided.
    expect((await decide('admin', id, { decision: 'APPROVE' })).status).toBe(404);
    expect(await statusOf(id)).toBe('PENDING_APPROVAL');
    expect(await disbursementBalance(client)).toBe(0);
  });

  it('is declined with a reason only; the work orders are resolved', async () => {
    const client = await freshClient(0);
    const id = await held('superadmin', client, 150_000_000);
    const bare = await decide('superadmin2', id, { decision: 'DECLINE' });
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('A reason is required to decline');
    const res = await decide('superadmin2', id, { decision: 'DECLINE', reason: 'Not agreed with finance' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'The change has been declined',
      data: { status: 'DECLINED', reason: 'Not agreed with finance', checker_name: 'Bima Superadmin' },
    });
    expect(await disbursementBalance(client)).toBe(0);
    const orders = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.itemKind, 'approval'), eq(notifications.itemRef, String(id))));
    expect(orders.every((o) => o.status === 'RESOLVED')).toBe(true);
    // The checker's bell says what happened in place of the request, and no longer counts it (issue 26).
    const bell = (await call(server, 'GET', '/api/v1/notification', { token: session.superadmin2.token })).body
      .data as NotificationList;
    const mine = bell.items.filter((n) => n.data.item?.kind === 'approval' && n.data.item.ref === String(id));
    expect(mine.map((n) => [n.data.status, n.message])).toEqual([['RESOLVED', 'Declined by superadmin2@demo.local']]);
    const again = await decide('superadmin2', id, { decision: 'APPROVE' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(APPROVAL_INVALID_STATUS);
  });

  it('is cancelled by its maker only', async () => {
    const client = await freshClient(0);
    const id = await held('superadmin', client, 150_000_000);
    const other = await decide('superadmin2', id, { decision: 'CANCEL' });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe(APPROVAL_CANCEL_REFUSED);
    const res = await decide('superadmin', id, { decision: 'CANCEL' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'The change has been cancelled',
      data: { status: 'CANCELLED', checker_id: null },
    });
    expect(await disbursementBalance(client)).toBe(0);
    const orders = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.itemKind, 'approval'), eq(notifications.itemRef, String(id))));
    expect(orders.map((o) => [o.status, o.outcome])).toEqual(
      orders.map(() => ['RESOLVED', 'Cancelled by superadmin@demo.local']),
    );
    expect(orders.length).toBeGreaterThan(0);
  });

  it('approved by another SUPER ADMIN applies once: balance rises once, PIC is maker, audit names both', async () => {
    const client = await freshClient(1_000_000);
    const id = await held('superadmin', client, 150_000_000);
    const res = await decide('superadmin2', id, { decision: 'APPROVE' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      message: 'The change has been approved and applied',
      data: { status: 'APPROVED', checker_name: 'Bima Superadmin', decided_at: expect.any(String) },
    });
    expect(await disbursementBalance(client)).toBe(151_000_000);
    expect((await decide('superadmin2', id, { decision: 'APPROVE' })).status).toBe(409);
    expect(await disbursementBalance(client)).toBe(151_000_000);
    const orders = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.itemKind, 'approval'), eq(notifications.itemRef, String(id))));
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.map((o) => o.outcome)).toEqual(orders.map(() => 'Approved by superadmin2@demo.local'));
    const history = await get('superadmin', `transaction/balance-history?client_filter=${client}`);
    expect(history.body.data[0]).toMatchObject({ name: 'Sari Superadmin', amount: 150_000_000, kind: 'adjustment' });
    const lines = await server.database.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.outcome} = 'success' and ((${auditLog.objectType} = 'approval'
          and ${auditLog.objectId} = ${String(id)}) or (${auditLog.objectType} = 'client'
            and ${auditLog.objectId} = ${String(client)}))`,
      )
      .orderBy(auditLog.id);
    expect(lines.map((l) => [l.action, l.actorEmail])).toEqual([
      ['approval.request', 'superadmin@demo.local'],
      ['disbursement.balance_adjusted', 'superadmin2@demo.local'],
      ['approval.approve', 'superadmin2@demo.local'],
    ]);
    expect(lines[1].detail).toMatchObject({
      maker: 'superadmin@demo.local',
      checker: 'superadmin2@demo.local',
      approval_id: id,
    });
    const path = await get('superadmin', `audit-log/path?object_type=approval&object_id=${id}`);
    expect(path.body.data.steps.map((s: any) => [s.status, s.by])).toEqual([
      ['PENDING_APPROVAL', 'superadmin@demo.local'],
      ['APPROVED', 'superadmin2@demo.local'],
    ]);
    await expectLedgerClean();
  });

  it('made by an ADMIN with the module is held too, and any SUPER ADMIN approves it', async () => {
    const id = await held('admin', 1, 120_000_000);
    const before = await disbursementBalance(1);
    const res = await decide('superadmin', id, { decision: 'APPROVE' });
    expect(res.status).toBe(200);
    expect(await disbursementBalance(1)).toBe(before + 120_000_000);
  });

  it("approved after the balance fell too low: 422, today's message, no move, still PENDING_APPROVAL", async () => {
    const client = await freshClient(300_000_000);
    const id = await held('superadmin', client, -200_000_000);
    expect((await adjust('superadmin', { client_id: client, amount: -99_000_000 })).status).toBe(200);
    expect((await adjust('superadmin', { client_id: client, amount: -50_000_000 })).status).toBe(200);
    const res = await decide('superadmin2', id, { decision: 'APPROVE' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('The disbursement balance cannot go below zero: it is Rp. 151,000,000');
    expect(await disbursementBalance(client)).toBe(151_000_000);
    expect(await statusOf(id)).toBe('PENDING_APPROVAL');
    await expectLedgerClean();
  });

  it('approved by 10 SUPER ADMINs at once: one applies, nine get 409, the money moves once', async () => {
    const checkers: string[] = [];
    for (let i = 0; i < 10; i++) {
      const email = `checker${i}@demo.local`;
      await addUser(server, { email, name: `Checker ${i}`, type: 'SUPER ADMIN', role: 'Super Admin', clients: [] });
      session[email] = await signInVerified(server, email);
      checkers.push(email);
    }
    const client = await freshClient(1_000_000);
    const entriesBefore = await journalCount(client);
    const id = await held('superadmin', client, 250_000_000);
    const answers = await Promise.all(checkers.map((who) => decide(who, id, { decision: 'APPROVE' })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const a of answers.filter((x) => x.status === 409)) expect(a.body.message).toBe(APPROVAL_INVALID_STATUS);
    expect(await disbursementBalance(client)).toBe(251_000_000);
    expect(await journalCount(client)).toBe(entriesBefore + 1);
    await expectLedgerClean();
  });

  it('expires after its time, its work orders resolved; an expired one cannot be approved', async () => {
    const client = await freshClient(0);
    const id = await held('superadmin', client, 150_000_000);
    const [row] = await server.database.db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
    const hours = (row.expiresAt.getTime() - row.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 5);
    expect(await expireApprovals(server.database.db)).not.toContain(id);
    await server.database.db
      .update(approvalRequests)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(approvalRequests.id, id));
    expect(await expireApprovals(server.database.db)).toContain(id);
    expect(await statusOf(id)).toBe('EXPIRED');
    const orders = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.itemKind, 'approval'), eq(notifications.itemRef, String(id))));
    expect(orders.map((o) => [o.status, o.outcome])).toEqual(
      orders.map(() => ['RESOLVED', 'Expired: no SUPER ADMIN decided in time']),
    );
    const res = await decide('superadmin2', id, { decision: 'APPROVE' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(APPROVAL_INVALID_STATUS);
    expect(await disbursementBalance(client)).toBe(0);
  });

  it('answers 404 for a request that does not exist, and 400 for an id that is not a number', async () => {
    expect((await decide('superadmin2', 999_999, { decision: 'APPROVE' })).status).toBe(404);
    expect((await decide('superadmin2', 'abc' as never, { decision: 'APPROVE' })).status).toBe(400);
    expect((await decide('superadmin2', 1, { decision: 'MAYBE' })).status).toBe(400);
  });
});

describe('a withdrawal or transfer to disburse', () => {
  async function withdraw(who: string, body: Record<string, unknown>, key?: string) {
    await rewindTotp(server, `${who}@demo.local`);
    const response = await fetch(`${server.url}${API}/balance/add-withdrawal`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${session[who].token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify({ ...body, otp_num: await totpAt(session[who].secret) }),
    });
    return {
      status: response.status,
      body: await response.json(),
      replayed: response.headers.get('idempotent-replayed'),
    };
  }
  const balances = async (clientId: number) =>
    (await get('superadmin', `balance/current-balance?client_filter=${clientId}`)).body.data;

  it('below the threshold is requested at once, as before', async () => {
    const client = await freshClient(0, 1_000_000_000);
    const res = await withdraw('superadmin', {
      type: 'withdrawal',
      bank_name: 'BCA',
      account_no: '7100012345',
      bank_account_name: 'Budi',
      description: '',
      client_filter: client,
      amount: 499_999_999,
    });
    expect(res.status).toBe(201);
    expect((await balances(client)).pending_withdrawal_balance).toBe(499_999_999);
  });

  it('at the threshold is held (202), a retry answers alike; approved, the withdrawal exists, moved once', async () => {
    const client = await freshClient(0, 2_000_000_000);
    const body = {
      type: 'withdrawal',
      bank_name: 'BCA',
      account_no: '7100012345',
      bank_account_name: 'Budi Santoso',
      description: 'Big one',
      client_filter: client,
      amount: 600_000_000,
    };
    const res = await withdraw('superadmin', body, 'held-key-0001');
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ status: 'success', message: APPROVAL_WAITING });
    const id = res.body.data.approval_id;
    const retry = await withdraw('superadmin', body, 'held-key-0001');
    expect(retry).toMatchObject({ status: 202, replayed: 'true', body: { data: { approval_id: id } } });
    expect(await balances(client)).toMatchObject({
      withdrawable_balance: 2_000_000_000,
      pending_withdrawal_balance: 0,
    });
    expect(
      JSON.stringify(
        (await server.database.db.select().from(approvalRequests).where(eq(approvalRequests.id, id)))[0].payload,
      ),
    ).not.toContain('otp');
    expect((await decide('superadmin', id, { decision: 'APPROVE' })).status).toBe(403);
    const approved = await decide('superadmin2', id, { decision: 'APPROVE' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await balances(client)).toMatchObject({
      withdrawable_balance: 1_400_000_000,
      pending_withdrawal_balance: 600_000_000,
    });
    const rows = await server.database.db.select().from(withdrawals).where(eq(withdrawals.clientId, client));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'PENDING',
      amount: 600_000_000,
      requestedBy: await userId('superadmin@demo.local'),
      bankName: 'BCA',
    });
    // Its usual work order waits for the SUPER ADMINs' decision.
    const orders = await server.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.itemKind, 'withdrawal'), eq(notifications.itemRef, rows[0].uuid)));
    expect(orders.length).toBeGreaterThan(0);
    // The withdrawal's path shows the maker, then the checker.
    const path = await get('superadmin', `audit-log/path?object_type=withdrawal&object_id=${rows[0].uuid}`);
    expect(path.body.data.steps.map((s: any) => [s.status, s.by])).toEqual([
      ['PENDING_APPROVAL', 'superadmin@demo.local'],
      ['PENDING', 'superadmin2@demo.local'],
    ]);
    const again = await withdraw('superadmin', body, 'held-key-0001');
    expect(again.status).toBe(202);
    expect(await balances(client)).toMatchObject({
      withdrawable_balance: 1_400_000_000,
      pending_withdrawal_balance: 600_000_000,
    });
    await expectLedgerClean();
  });

  it('a held transfer approved after the withdrawable fell: 422, nothing moves, still PENDING_APPROVAL', async () => {
    const client = await freshClient(0, 700_000_000);
    const id = (await withdraw('superadmin', { type: 'transfer', client_filter: client, amount: 600_000_000 })).body
      .data.approval_id;
    expect(
      (await withdraw('superadmin', { type: 'transfer', client_filter: client, amount: 200_000_000 })).status,
    ).toBe(201);
    const res = await decide('superadmin2', id, { decision: 'APPROVE' });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Amount must not exceed Rp. 500,000,000');
    expect(await statusOf(id)).toBe('PENDING_APPROVAL');
    expect(await balances(client)).toMatchObject({
      withdrawable_balance: 500_000_000,
      pending_withdrawal_balance: 200_000_000,
    });
    await expectLedgerClean();
  });
});

describe('a manual finalize', () => {
  it("follows the policy ('off' by default); held, nothing changes till approved; path: maker, checker", async () => {
    const db = server.database.db;
    const payin = async () => {
      const correlationId = `APPROVE-${Math.random().toString(36).slice(2, 10)}`;
      await db.insert(transactions).values({
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
      });
      return correlationId;
    };
    const finalize = (id: string) =>
      call(server, 'PATCH', `${API}/transaction/finalized-transaction`, {
        token: session.superadmin.token,
        body: { correlation_id: id, rrn: '123412341234', paid_time: '2025-06-01 10:15:00' },
      });
    const statusOfPayin = async (id: string) =>
      (await db.select().from(transactions).where(eq(transactions.correlationId, id)))[0].status;
    const direct = await payin();
    expect((await finalize(direct)).status).toBe(200);

    await putPolicy('superadmin', { policy: [{ action: 'manual-finalize', mode: 'threshold', threshold: 100_000 }] });
    try {
      const id = await payin();
      const res = await finalize(id);
      expect(res.status).toBe(202);
      expect(res.body.message).toBe(APPROVAL_WAITING);
      expect(await statusOfPayin(id)).toBe('PENDING');
      const before = await balancesOf(1);
      const approved = await decide('superadmin2', res.body.data.approval_id, { decision: 'APPROVE' });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect(await statusOfPayin(id)).toBe('FINALIZED');
      expect((await balancesOf(1)).nonwithdrawable_balance).toBe(before.nonwithdrawable_balance + 99_300);
      const path = await get('superadmin', `audit-log/path?object_type=transaction&object_id=${id}`);
      expect(path.body.data.steps.map((s: any) => [s.status, s.by])).toEqual([
        ['PENDING', 'system'],
        ['PENDING_APPROVAL', 'superadmin@demo.local'],
        ['FINALIZED', 'superadmin2@demo.local'],
      ]);
      await expectLedgerClean();
    } finally {
      await putPolicy('superadmin', { policy: [{ action: 'manual-finalize', mode: 'off', threshold: null }] });
    }
  });
});

describe('a void upload', () => {
  const upload = async (who: string, csv: string, dryRun = false, expected?: { count: number; amount: number }) => {
    const form = new FormData();
    if (dryRun) form.append('dry_run', 'true');
    if (expected) {
      form.append('expected_count', String(expected.count));
      form.append('expected_amount', String(expected.amount));
    }
    form.append('file', new Blob([csv]), 'void.csv');
    const response = await fetch(`${server.url}${API}/transaction/disbursement-check-transaction`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session[who].token}` },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };
  const statusOfDisbursement = async (uuid: string) =>
    (
      await server.database.db
        .select({ s: disbursements.status })
        .from(disbursements)
        .where(eq(disbursements.uuid, uuid))
    )[0].s;

  it('Rp. 100,000,000 or more is held (202); approved, each row voided once; path shows maker, checker', async () => {
    const { db } = server.database;
    const client = await freshClient(0);
    const big = [
      await makeDisbursement(db, { clientId: client, status: 'FINALIZED', amount: 60_000_000, fee: 5_000 }),
      await makeDisbursement(db, { clientId: client, status: 'FINALIZED', amount: 40_000_000, fee: 5_000 }),
    ];
    const open = await makeDisbursement(db, { clientId: client, status: 'PENDING' });
    const csv = `correlation_id\n${big[0].correlationId}\n${open.correlationId}\n${big[1].correlationId}\n`;
    const before = await disbursementBalance(client);
    // The preview says so before anything is confirmed.
    expect((await upload('superadmin', csv, true)).body.data).toMatchObject({
      total: { count: 2, amount: 100_010_000 },
      needs_approval: true,
    });
    // Submitted with figures the file no longer voids (issue 44): 409, and nothing is held.
    const pending = () => db.$count(approvalRequests, eq(approvalRequests.status, 'PENDING_APPROVAL'));
    const heldBefore = await pending();
    const stale = await upload('superadmin', csv, false, { count: 3, amount: 100_010_000 });
    expect([stale.status, stale.body.message]).toEqual([
      409,
      'The file now voids 2 rows for Rp. 100,010,000, not the 3 rows for Rp. 100,010,000 you previewed. ' +
        'Preview it again.',
    ]);
    expect(await pending()).toBe(heldBefore);
    const res = await upload('superadmin', csv, false, { count: 2, amount: 100_010_000 });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({
      status: 'success',
      message: APPROVAL_WAITING,
      data: { approval_id: expect.any(Number) },
    });
    const id = res.body.data.approval_id;
    for (const d of big) expect(await statusOfDisbursement(d.uuid)).toBe('FINALIZED');
    expect(await disbursementBalance(client)).toBe(before);
    const [row] = (await get('superadmin2', 'approvals?status=PENDING_APPROVAL')).body.data.filter(
      (r: any) => r.id === id,
    );
    expect(row).toMatchObject({
      action: 'void-upload',
      amount: 100_010_000,
      client_id: client,
      before: null,
      after: null,
    });
    expect(row.summary).toBe('Void 2 disbursements of void.csv, returning Rp. 100,010,000 to the disbursement balance');
    // A held request never carries more than the rows that would void.
    expect((await db.select().from(approvalRequests).where(eq(approvalRequests.id, id)))[0].payload).toEqual({
      filename: 'void.csv',
      entries: [
        { row: 2, correlation_id: big[0].correlationId, uuid: big[0].uuid },
        { row: 4, correlation_id: big[1].correlationId, uuid: big[1].uuid },
      ],
    });

    // One of them voided by a smaller upload meanwhile: the approval voids the other, and that one once.
    expect((await upload('superadmin', `correlation_id\n${big[1].correlationId}\n`)).status).toBe(200);
    expect((await decide('superadmin', id, { decision: 'APPROVE' })).status).toBe(403);
    const approved = await decide('superadmin2', id, { decision: 'APPROVE' });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data.status).toBe('APPROVED');
    for (const d of big) expect(await statusOfDisbursement(d.uuid)).toBe('VOIDED');
    expect(await statusOfDisbursement(open.uuid)).toBe('PENDING');
    expect(await disbursementBalance(client)).toBe(before + 100_010_000);
    for (const d of big)
      expect(
        await db.$count(
          journalEntries,
          and(eq(journalEntries.kind, 'disbursement.void'), eq(journalEntries.reference, d.uuid)),
        ),
      ).toBe(1);
    const [line] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'disbursement.void'), eq(auditLog.objectId, big[0].uuid)));
    expect(line).toMatchObject({
      actorEmail: 'superadmin2@demo.local',
      detail: expect.objectContaining({ maker: 'superadmin@demo.local', approval_id: id }),
    });
    const path = await get('superadmin', `audit-log/path?object_type=approval&object_id=${id}`);
    expect(path.body.data.steps.map((s: any) => [s.status, s.by])).toEqual([
      ['PENDING_APPROVAL', 'superadmin@demo.local'],
      ['APPROVED', 'superadmin2@demo.local'],
    ]);
    // The disbursement's own path: the maker's request, then the checker's void.
    const voidPath = await get('superadmin', `audit-log/path?object_type=disbursement&object_id=${big[0].uuid}`);
    expect(voidPath.body.data.steps.slice(-2).map((s: any) => [s.status, s.by])).toEqual([
      ['PENDING_APPROVAL', 'superadmin@demo.local'],
      ['VOIDED', 'superadmin2@demo.local'],
    ]);
    await expectLedgerClean();
  });

  it('below the threshold voids at once, exactly as before', async () => {
    const client = await freshClient(0);
    const d = await makeDisbursement(server.database.db, {
      clientId: client,
      status: 'FINALIZED',
      amount: 99_000_000,
      fee: 5_000,
    });
    const res = await upload('superadmin', `correlation_id\n${d.correlationId}\n`);
    expect(res.status).toBe(200);
    expect(res.body.data.summary).toMatchObject({ voided: 1 });
    expect(await statusOfDisbursement(d.uuid)).toBe('VOIDED');
  });

  it('10 simultaneous approvals of one held upload: one applies, nine get 409, each row voids once', async () => {
    const { db } = server.database;
    const client = await freshClient(0);
    const d = await makeDisbursement(db, { clientId: client, status: 'FINALIZED', amount: 150_000_000, fee: 5_000 });
    const id = (await upload('superadmin', `correlation_id\n${d.correlationId}\n`)).body.data.approval_id;
    const before = await disbursementBalance(client);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => decide('superadmin2', id, { decision: 'APPROVE' })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await disbursementBalance(client)).toBe(before + 150_005_000);
    expect(
      await db.$count(
        journalEntries,
        and(eq(journalEntries.kind, 'disbursement.void'), eq(journalEntries.reference, d.uuid)),
      ),
    ).toBe(1);
    await expectLedgerClean();
  });
});

describe('Process Transactions (bulk add to withdrawable)', () => {
  const PATH = 'transaction/update-transaction';
  const bulk = (who: string, body: unknown) =>
    call(server, 'PATCH', `${API}/${PATH}`, { token: session[who].token, body });
  async function finalizedPayin(clientId: number, at: string, amount: number, fee: number) {
    const correlationId = `BULK-${Math.random().toString(36).slice(2, 10)}`;
    const { db } = server.database;
    await db.insert(transactions).values({
      uuid: `u-${correlationId}`,
      clientId,
      type: 'fello_qris',
      serviceType: 'QRIS',
      correlationId,
      accountNo: 'ID10123',
      amount,
      feeAmount: fee,
      status: 'FINALIZED',
      transactionTime: new Date(at),
      paidTime: new Date(at),
    });
    await setupMoney(db, (tx) => creditPayin(tx, { clientId, reference: correlationId, amount, fee }));
    return correlationId;
  }

  it("follows the policy ('off' by default); held, moves nothing till approved, re-checks the selection", async () => {
    const client = await freshClient(0);
    const filter = { start: '2021-03-01 00:00', end: '2021-03-01 23:59', client_id: String(client) };
    const moved = await finalizedPayin(client, '2021-03-01T02:00:00Z', 300_000_000, 1_000_000);
    await finalizedPayin(client, '2021-03-01T03:00:00Z', 200_000_000, 1_000_000);
    await putPolicy('superadmin', {
      policy: [{ action: 'bulk-withdrawable', mode: 'threshold', threshold: 400_000_000 }],
    });
    try {
      const seen = (await bulk('superadmin', { ...filter, dry_run: true })).body.data;
      expect(seen).toEqual({ count: 2, amount: 500_000_000, fee: 2_000_000, needs_approval: true });
      const before = await balancesOf(client);
      const res = await bulk('superadmin', { ...filter, expected_count: 2, expected_amount: 500_000_000 });
      expect(res.status, JSON.stringify(res.body)).toBe(202);
      expect(res.body).toMatchObject({ message: APPROVAL_WAITING, data: { approval_id: expect.any(Number) } });
      const id = res.body.data.approval_id;
      expect(await balancesOf(client)).toEqual(before);
      const [row] = (await get('superadmin2', 'approvals')).body.data.filter((r: any) => r.id === id);
      expect(row).toMatchObject({ action: 'bulk-withdrawable', amount: 498_000_000, client_id: client });
      expect(row.summary).toBe(
        'Add 2 pay-ins of Rp. 500,000,000 (Rp. 498,000,000 after fees) from 2021-03-01 00:00 to 2021-03-01 23:59 to ' +
          'withdrawable balance',
      );

      // A pay-in finalized in the window since: the approval is refused as the preview's apply is, and nothing moves.
      const late = await finalizedPayin(client, '2021-03-01T04:00:00Z', 1_000, 0);
      const changed = await decide('superadmin2', id, { decision: 'APPROVE' });
      expect(changed.status).toBe(409);
      expect(changed.body.message).toBe('The selection changed: 3 pay-ins match now, not 2');
      expect(await statusOf(id)).toBe('PENDING_APPROVAL');
      expect((await balancesOf(client)).withdrawable_balance).toBe(before.withdrawable_balance);
      // That one moved on its own: the selection is again what the maker confirmed.
      expect(
        (
          await call(server, 'PATCH', `${API}/balance/add-withdrawable-balance`, {
            token: session.superadmin.token,
            body: { correlation_id: late },
          })
        ).status,
      ).toBe(200);
      const approved = await decide('superadmin2', id, { decision: 'APPROVE' });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
      expect((await balancesOf(client)).withdrawable_balance).toBe(before.withdrawable_balance + 1_000 + 498_000_000);
      const [line] = await server.database.db
        .select()
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, 'transaction.bulk_add_withdrawable'),
            sql`${auditLog.detail}->>'approval_id' = ${String(id)}`,
          ),
        );
      expect(line).toMatchObject({
        actorEmail: 'superadmin2@demo.local',
        detail: expect.objectContaining({ maker: 'superadmin@demo.local', processed: 2 }),
      });
      // Issue 43: the line lists the pay-ins it moved, and each one's path shows the step, maker and checker.
      expect(line.detail).toMatchObject({ items: { count: 2 } });
      const path = await get('superadmin', `audit-log/path?object_type=transaction&object_id=${moved}`);
      expect(path.body.data.steps.at(-1)).toMatchObject({
        action: 'transaction.bulk_add_withdrawable',
        by: 'superadmin@demo.local',
        checker: 'superadmin2@demo.local',
        audit_id: line.id,
      });
      expect((await bulk('superadmin', { ...filter, dry_run: true })).body.data.count).toBe(0);
      await expectLedgerClean();
    } finally {
      await putPolicy('superadmin', { policy: [{ action: 'bulk-withdrawable', mode: 'off', threshold: null }] });
    }
  });

  it('an approval refuses another set of pay-ins with the confirmed count and amount (409), moving none', async () => {
    const client = await freshClient(0);
    const filter = { start: '2021-03-02 00:00', end: '2021-03-02 23:59', client_id: String(client) };
    const first = await finalizedPayin(client, '2021-03-02T02:00:00Z', 250_000_000, 1_000_000);
    await finalizedPayin(client, '2021-03-02T03:00:00Z', 250_000_000, 1_000_000);
    await putPolicy('superadmin', { policy: [{ action: 'bulk-withdrawable', mode: 'always', threshold: null }] });
    try {
      const id = (await bulk('superadmin', { ...filter, expected_count: 2, expected_amount: 500_000_000 })).body.data
        .approval_id;
      // One of them moves on its own, and another of the same amount and fee arrives in the window.
      expect(
        (
          await call(server, 'PATCH', `${API}/balance/add-withdrawable-balance`, {
            token: session.superadmin.token,
            body: { correlation_id: first },
          })
        ).status,
      ).toBe(200);
      await finalizedPayin(client, '2021-03-02T04:00:00Z', 250_000_000, 1_000_000);
      const before = await balancesOf(client);
      const res = await decide('superadmin2', id, { decision: 'APPROVE' });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(SELECTION_REPLACED);
      expect(await statusOf(id)).toBe('PENDING_APPROVAL');
      expect(await balancesOf(client)).toEqual(before);
      await expectLedgerClean();
    } finally {
      await putPolicy('superadmin', { policy: [{ action: 'bulk-withdrawable', mode: 'off', threshold: null }] });
    }
  });
});

const balancesOf = async (clientId: number) =>
  (await get('superadmin', `balance/current-balance?client_filter=${clientId}`)).body.data;

describe('every gate inside the approval lifecycle (issue 42)', () => {
  it('lets an ADMIN maker cancel their own held adjustment over HTTP, and see it on their list', async () => {
    const client = await freshClient(0);
    // The demo ADMIN works for named clients: this one is made theirs.
    await server.database.db.insert(userClients).values({ userId: await userId('admin@demo.local'), clientId: client });
    const id = await held('admin', client, 120_000_000);
    const mine = await get('admin', 'approvals?status=PENDING_APPROVAL');
    expect(mine.status).toBe(200);
    expect(mine.body.data.map((r: { id: number }) => r.id)).toContain(id);
    // Every row an ADMIN is shown is their own.
    expect(new Set(mine.body.data.map((r: { maker_email: string }) => r.maker_email))).toEqual(
      new Set(['admin@demo.local']),
    );
    const res = await decide('admin', id, { decision: 'CANCEL' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('CANCELLED');
    expect(await disbursementBalance(client)).toBe(0);
    await expectLedgerClean();
  });

  it("refuses APPROVE and DECLINE to a SUPER ADMIN without the action's module (403), and moves nothing", async () => {
    const client = await freshClient(0);
    const id = await held('superadmin', client, 130_000_000);
    // A SUPER ADMIN whose role lacks Master Balance, the module of a balance adjustment.
    await addUser(server, {
      email: 'nomodule@demo.local',
      name: 'Nadia Nomodule',
      type: 'SUPER ADMIN',
      role: 'Support Admin',
      clients: [],
    });
    session.nomodule = await signInVerified(server, 'nomodule@demo.local');
    for (const decision of ['APPROVE', 'DECLINE']) {
      const res = await decide('nomodule', id, { decision, reason: 'no module' });
      expect(res.status, decision).toBe(403);
    }
    expect(await statusOf(id)).toBe('PENDING_APPROVAL');
    expect(await disbursementBalance(client)).toBe(0);
    // The SUPER ADMIN who holds it decides.
    expect((await decide('superadmin2', id, { decision: 'DECLINE', reason: 'checked' })).status).toBe(200);
  });
});

describe('the approval lifecycle, through the API', () => {
  it('accepts exactly what the machine allows for each status, decision and caller (maker or another)', async () => {
    const client = await freshClient(0);
    for (const status of ['PENDING_APPROVAL', 'APPROVED', 'DECLINED', 'CANCELLED', 'EXPIRED'] as const) {
      for (const decision of ['APPROVE', 'DECLINE', 'CANCEL'] as const) {
        for (const who of ['superadmin', 'superadmin2'] as const) {
          const id = await held('superadmin', client, 100_000_000);
          await server.database.db.update(approvalRequests).set({ status }).where(eq(approvalRequests.id, id));
          const next = nextApprovalStatus(status, decision, {
            role: 'SUPER ADMIN',
            isMaker: who === 'superadmin',
            holdsModule: true,
          });
          const res = await decide(who, id, { decision, reason: 'Because' });
          const label = `${status} ${decision} by ${who}`;
          if (next) {
            expect(res.status, label).toBe(200);
            expect(res.body.data.status, label).toBe(next);
          } else {
            expect([403, 409], label).toContain(res.status);
            expect(await statusOf(id), label).toBe(status);
          }
        }
      }
    }
  });
});

describe('the expiry job', () => {
  it('is a pg-boss queue whose worker expires what is due; one is queued at start', async () => {
    const queued: string[] = [];
    let handler: (() => Promise<unknown>) | undefined;
    const jobs = {
      send: async (queue: string) => {
        queued.push(queue);
        return 'job';
      },
      work: async (queue: string, _settings: unknown, run: () => Promise<unknown>) => {
        queued.push(`worker:${queue}`);
        handler = run;
      },
      stop: async () => {},
    };
    const expired: number[][] = [];
    const job = await startApprovalExpiry({
      db: server.database.db,
      jobs: jobs as never,
      everyMs: 3_600_000,
      onExpired: (ids) => expired.push(ids),
      onError: () => {},
    });
    try {
      expect(queued).toEqual([`worker:${APPROVAL_EXPIRY_QUEUE}`, APPROVAL_EXPIRY_QUEUE]);
      const id = await held('superadmin', await freshClient(0), 100_000_000);
      await server.database.db
        .update(approvalRequests)
        .set({ expiresAt: sql`now() - interval '1 minute'` })
        .where(eq(approvalRequests.id, id));
      await handler!();
      expect(expired.flat()).toContain(id);
      expect(await statusOf(id)).toBe('EXPIRED');
      const path = await get('superadmin', `audit-log/path?object_type=approval&object_id=${id}`);
      expect(path.body.data.steps.map((s: any) => [s.status, s.by])).toEqual([
        ['PENDING_APPROVAL', 'superadmin@demo.local'],
        ['EXPIRED', 'system'],
      ]);
    } finally {
      job.stop();
    }
  });

  it('takes APPROVAL_EXPIRE_HOURS from the environment, 24 by default, and refuses a bad value', () => {
    expect(loadConfig({}).approvalExpireHours).toBe(24);
    expect(loadConfig({ APPROVAL_EXPIRE_HOURS: '2' }).approvalExpireHours).toBe(2);
    expect(() => loadConfig({ APPROVAL_EXPIRE_HOURS: '0' })).toThrow(/APPROVAL_EXPIRE_HOURS/);
    expect(() => loadConfig({ APPROVAL_EXPIRE_HOURS: 'soon' })).toThrow(/APPROVAL_EXPIRE_HOURS/);
  });
});
