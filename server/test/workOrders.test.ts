import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import {
  WORK_ORDER_CHANGED_EVENT,
  WORK_ORDER_EVENT,
  WORK_ORDERS_READ_EVENT,
  type NotificationItem,
} from '../../src/services/workOrders.ts';
import { clients, outbox, transactions, users } from '../db/schema.ts';
import type { Db } from '../db/connect.ts';
import { startOutboxPublisher } from '../events/outboxPublisher.ts';
import { recordSettlementRun } from '../domain/settlement.ts';
import { finishRun, loadRunToSettle } from '../domain/settlementBatch.ts';
import { loadPrincipal } from '../domain/principal.ts';
import { clientUsersWhoMay, openWorkOrder } from '../domain/workOrders.ts';
import { routes } from '../../src/services/routes.ts';
import { makeDisbursement } from './disbursementsTestKit.ts';
import { call, rewindTotp, signInVerified, startTestServer, totpAt, type TestServer } from './harness.ts';

let server: TestServer;
const session: Record<string, { token: string; secret: string; user: { id?: number } }> = {};
const API = '/api/backoffice';
const WHO = {
  superadmin: 'superadmin@demo.local',
  superadmin2: 'superadmin2@demo.local',
  admin: 'admin@demo.local',
  client: 'client@demo.local',
  auditor: 'auditor@demo.local',
} as const;
type Who = keyof typeof WHO;
const sockets: Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { CALLBACK_RETRY_SECONDS: '1' } });
  for (const who of Object.keys(WHO) as Who[]) session[who] = await signInVerified(server, WHO[who]);
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
});

const db = () => server.database.db as Db;
const list = async (who: Who) =>
  (await call(server, 'GET', '/api/v1/notification', { token: session[who].token })).body.data as {
    items: NotificationItem[];
    unread: number;
  };
const userId = async (who: Who) =>
  Number((await db().execute<{ id: number }>(sql`select id from users where email = ${WHO[who]}`)).rows[0].id);

/** A socket of the user and every event it hears. */
async function listen(who: Who) {
  const heard: Array<{ event: string; item: NotificationItem }> = [];
  const socket = io(server.url, { auth: { token: session[who].token }, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  for (const event of [WORK_ORDER_EVENT, WORK_ORDER_CHANGED_EVENT, WORK_ORDERS_READ_EVENT])
    socket.on(event, (item: NotificationItem) => heard.push({ event, item }));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return heard;
}

const until = async <T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 5_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const ofItem = (items: NotificationItem[], ref: string) => items.filter((n) => n.data.item?.ref === ref);

describe('the demo seed', () => {
  it('has payment work orders made by the events, and the badge counts the unread OPEN items only', async () => {
    const kinds = (
      await db().execute<{ item_kind: string }>(sql`
      select distinct n.item_kind from notifications n join users u on u.id = n.user_id
        where u.email = ${WHO.superadmin} and n.status = 'OPEN'`)
    ).rows.map((r) => r.item_kind);
    expect(kinds.sort()).toEqual(['callback', 'disbursement', 'withdrawal']);
    const mine = await list('superadmin');
    expect(mine.items.some((n) => n.data.item?.kind === 'withdrawal' && n.data.status === 'OPEN')).toBe(true);
    expect(mine.items.some((n) => /WO-2025|PO Sparepart|Estimation/.test(n.message))).toBe(false);
    for (const who of ['superadmin', 'admin', 'client'] as const) {
      const { unread } = await list(who);
      const [{ n }] = (
        await db().execute<{ n: number }>(sql`
        select count(*)::int as n from notifications n join users u on u.id = n.user_id
          where u.email = ${WHO[who]} and n.read_at is null and n.status = 'OPEN'`)
      ).rows;
      expect(unread).toBe(Number(n));
    }
    // Issue 26: titles name the item as people do, never a uuid's first characters.
    for (const n of mine.items) expect(n.subject).not.toMatch(/-[0-9A-F]{8}\b/);
    const disbursement = mine.items.find((n) => n.data.item?.kind === 'disbursement')!;
    expect(disbursement.subject).toMatch(/^Disbursement DSB\d{14}$/);
    // What the seed decided says who decided it, not that it waits.
    const resolved = mine.items.filter((n) => n.data.status === 'RESOLVED');
    expect(resolved.length).toBeGreaterThan(0);
    for (const n of resolved)
      expect(n.message).toMatch(
        /^(Completed|Rejected|Finalized|Failed) by superadmin@demo\.local$|^(Paid out by|Failed at) the payment channel$/,
      );
  });

  it('words the work orders resolved before migration 0018 as the decisions word them now', async () => {
    const said = async () =>
      (
        await db().execute<{ id: number; outcome: string | null }>(sql`
      select id, outcome from notifications where status = 'RESOLVED' order by id`)
      ).rows;
    const now = await said();
    expect(now.length).toBeGreaterThan(0);
    // As a database migrated before 0018 would have them: resolved, with no words.
    await db().execute(sql`update notifications set outcome = null where status = 'RESOLVED'`);
    const file = readFileSync(new URL('../db/migrations/0018_work_order_outcome.sql', import.meta.url), 'utf8');
    for (const statement of file.split('--> statement-breakpoint').slice(1)) await db().execute(sql.raw(statement));
    // Except a voided disbursement: voiding wrote over who decided it, so it says less.
    const voided = new Set(
      (
        await db().execute<{ id: number }>(sql`
      select n.id from notifications n join disbursements d on d.uuid = n.item_ref where n.item_kind = 'disbursement'
        and d.status = 'VOIDED'`)
      ).rows.map((r) => r.id),
    );
    expect(voided.size).toBeGreaterThan(0);
    expect(await said()).toEqual(now.map((r) => (voided.has(r.id) ? { ...r, outcome: 'Finalized, later voided' } : r)));
  });

  it('does not count a resolved work order, read or not', async () => {
    const [before, superadmin2] = [await list('superadmin2'), await userId('superadmin2')];
    const [row] = (
      await db().execute<{ id: number }>(sql`
      select id from notifications where user_id = ${superadmin2} and status = 'OPEN' and read_at is null order by id
        limit 1`)
    ).rows;
    await db().execute(
      sql`update notifications set status = 'RESOLVED', resolved_at = now(),
        outcome = 'Rejected by superadmin@demo.local' where id = ${row.id}`,
    );
    const after = await list('superadmin2');
    expect(after.unread).toBe(before.unread - 1);
    expect(after.items.find((n) => n.id === Number(row.id))).toMatchObject({
      is_read: false,
      message: 'Rejected by superadmin@demo.local',
      data: { status: 'RESOLVED' },
    });
  });
});

describe('a withdrawal', () => {
  it('asks every SUPER ADMIN at once, live, and one decision resolves every copy', async () => {
    const [first, second, admin] = await Promise.all([listen('superadmin'), listen('superadmin2'), listen('admin')]);
    await rewindTotp(server, WHO.client);
    const asked = await call(server, 'POST', `${API}/balance/add-withdrawal`, {
      token: session.client.token,
      body: {
        bank_name: 'BCA',
        account_no: '7100012345',
        bank_account_name: 'Budi Santoso',
        client_filter: 1,
        description: 'Operating account',
        amount: 40_000,
        otp_num: await totpAt(session.client.secret),
      },
    });
    expect(asked.status).toBe(201);
    const uuid = asked.body.data.uuid as string;
    const [client] = await db().select().from(clients).where(eq(clients.id, 1));
    for (const heard of [first, second]) {
      const got = await until(
        () => heard.filter((h) => h.event === WORK_ORDER_EVENT && h.item.data.item?.ref === uuid),
        (x) => x.length > 0,
      );
      expect(got).toHaveLength(1);
      expect(got[0].item.subject).toBe('Withdrawal of Rp. 40,000 to BCA');
      expect(got[0].item.message).toBe(
        `Withdrawal of Rp. 40,000 to BCA from ${client.clientName} is waiting for your decision`,
      );
      expect(got[0].item.data).toMatchObject({
        status: 'OPEN',
        resolved_at: null,
        item: { kind: 'withdrawal', ref: uuid, client_id: 1, amount: 40_000 },
      });
    }
    expect(admin.some((h) => h.item.data?.item?.ref === uuid)).toBe(false);
    expect(ofItem((await list('client')).items, uuid)).toEqual([]);
    const before = { superadmin: await list('superadmin'), superadmin2: await list('superadmin2') };
    expect(ofItem(before.superadmin2.items, uuid)[0].is_read).toBe(false);

    const decided = await call(server, 'PATCH', `${API}/balance/update-withdrawal`, {
      token: session.superadmin.token,
      body: { uuid, status: 'COMPLETED' },
    });
    expect(decided.status).toBe(200);
    // Every open bell hears it resolved, saying what happened, and counts one fewer, though no one read it.
    for (const heard of [first, second]) {
      const resolved = await until(
        () => heard.filter((h) => h.event === WORK_ORDER_CHANGED_EVENT && h.item.data.item?.ref === uuid),
        (x) => x.length > 0,
      );
      expect(resolved[0].item).toMatchObject({
        is_read: false,
        message: 'Completed by superadmin@demo.local',
        data: { status: 'RESOLVED', resolved_at: expect.any(String) },
      });
    }
    for (const who of ['superadmin', 'superadmin2'] as const) {
      const after = await list(who);
      expect(ofItem(after.items, uuid).map((n) => [n.data.status, n.subject, n.message])).toEqual([
        ['RESOLVED', 'Withdrawal of Rp. 40,000 to BCA', 'Completed by superadmin@demo.local'],
      ]);
      expect(after.unread).toBe(before[who].unread - 1);
    }
  });
});

describe('a disbursement', () => {
  it('arriving PENDING_REQUEST asks the SUPER ADMINs; deciding it resolves the work order', async () => {
    const d = await makeDisbursement(db(), { clientId: 2, status: 'PENDING_REQUEST' });
    server.app.outbox.kick();
    const open = await until(
      async () => ofItem((await list('superadmin2')).items, d.uuid),
      (x) => x.length > 0,
    );
    expect(open[0]).toMatchObject({
      data: { status: 'OPEN', item: { kind: 'disbursement', client_id: 2, amount: d.amount } },
    });
    expect(open[0].subject).toBe(`Disbursement ${d.correlationId}`);
    expect(open[0].message).toContain('is waiting for a decision');
    expect(ofItem((await list('admin')).items, d.uuid)).toEqual([]);
    const before = await list('superadmin');
    const decided = await call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
      token: session.superadmin2.token,
      body: { uuid: d.uuid, status: 'REJECTED' },
    });
    expect(decided.status).toBe(200);
    const after = await list('superadmin');
    expect(ofItem(after.items, d.uuid).map((n) => [n.data.status, n.message])).toEqual([
      ['RESOLVED', 'Rejected by superadmin2@demo.local'],
    ]);
    expect(after.unread).toBe(before.unread - 1);
  });
});

describe('a merchant callback', () => {
  it("that fails every attempt is a work order for the client's Payments List users; a resend resolves", async () => {
    const correlationId = `WO-CB-${Date.now()}`;
    await db()
      .insert(transactions)
      .values({
        uuid: `u-${correlationId}`,
        clientId: 2,
        type: 'fello_qris',
        serviceType: 'QRIS',
        correlationId,
        accountNo: 'ID10123',
        amount: 75_000,
        feeAmount: 525,
        status: 'PENDING',
        transactionTime: new Date(),
      });
    const [before] = await db().select().from(clients).where(eq(clients.id, 2));
    await db().update(clients).set({ callbackUrl: 'http://127.0.0.1:9/unreachable' }).where(eq(clients.id, 2));
    try {
      // Finalizing tells the merchant by a job: three attempts (1 s, then 2 s apart here), then the work order.
      const paid = await call(server, 'PATCH', `${API}/transaction/finalized-transaction`, {
        token: session.superadmin.token,
        body: { correlation_id: correlationId, rrn: '123412341234', paid_time: '2025-06-01 10:15:00' },
      });
      expect(paid.status).toBe(200);
      const open = await until(
        async () => ofItem((await list('client')).items, correlationId),
        (x) => x.length > 0,
        20_000,
      );
      expect(open.map((n) => n.data.status)).toEqual(['OPEN']);
      expect(open[0].message).toContain('failed 3 times');
      const attempts = (
        await db().execute<{ n: number }>(sql`
        select count(*)::int as n from callback_attempts a join transactions t on t.id = a.transaction_id
          where t.correlation_id = ${correlationId} and not a.ok`)
      ).rows[0];
      expect(Number(attempts.n)).toBe(3);
      // The client user sees client 2 with the Payments List module; the ADMIN sees clients 1-5 too.
      for (const who of ['admin', 'superadmin'] as const)
        expect(ofItem((await list(who)).items, correlationId).map((n) => n.data.status)).toEqual(['OPEN']);
      // The AUDITOR reads client 2's Payments List too, but may not resend: nothing on their bell asks them to.
      expect(ofItem((await list('auditor')).items, correlationId)).toEqual([]);
    } finally {
      await db().update(clients).set({ callbackUrl: before.callbackUrl }).where(eq(clients.id, 2));
    }
    const sent = await call(server, 'POST', `${API}/transaction/resend-callback`, {
      token: session.client.token,
      body: { correlation_id: [correlationId] },
    });
    expect(sent.status).toBe(200);
    expect(ofItem((await list('admin')).items, correlationId).map((n) => [n.data.status, n.message])).toEqual([
      ['RESOLVED', 'Resent by client@demo.local'],
    ]);
  }, 30_000);
});

describe('a work order about a client', () => {
  it('goes to whoever sees the client and may do what it asks, never to the AUDITOR, who reads every client', async () => {
    const emails = async (ids: number[]) =>
      (await db().select({ email: users.email }).from(users).where(inArray(users.id, ids))).map((r) => r.email);
    // The demo AUDITOR's role holds the Payments List, so only the rule that they never act keeps them off.
    const auditorModules = await db().execute<{ module_id: string }>(sql`
      select rm.module_id from role_modules rm join users u on u.role_id = rm.role_id where u.email = ${WHO.auditor}`);
    expect(auditorModules.rows.map((r) => r.module_id)).toContain('transactions');
    const resend = await emails(await clientUsersWhoMay(db(), 2, routes.resendCallback));
    expect(resend).toEqual(expect.arrayContaining([WHO.superadmin, WHO.superadmin2, WHO.admin, WHO.client]));
    expect(resend).not.toContain(WHO.auditor);
    // A call only a SUPER ADMIN may make goes to the SUPER ADMINs alone, whatever else sees the client.
    const finalize = await emails(await clientUsersWhoMay(db(), 2, routes.finalizeTransaction));
    expect(finalize).toEqual(expect.arrayContaining([WHO.superadmin, WHO.superadmin2]));
    expect(finalize).not.toContain(WHO.admin);
    expect(finalize).not.toContain(WHO.client);
    expect(finalize).not.toContain(WHO.auditor);
  });
});

describe('a Check Transactions upload', () => {
  it('with mismatches is a work order for the uploader alone; a clean one makes none', async () => {
    const upload = async (csv: string) => {
      const form = new FormData();
      form.append('settlementType', 'fello_qris');
      form.append('file', new Blob([csv]), 'report.csv');
      const res = await fetch(`${server.url}${API}/transaction/get-status-transaction-file`, {
        method: 'POST',
        headers: { authorization: `Bearer ${session.superadmin2.token}` },
        body: form,
      });
      return res.status;
    };
    const count = async (who: Who) =>
      (await list(who)).items.filter((n) => n.data.item?.kind === 'reconciliation').length;
    const [a] = (
      await db().execute<{ correlation_id: string; amount: string }>(sql`
      select correlation_id, amount from transactions where status = 'FINALIZED' order by id limit 1`)
    ).rows;
    expect(await upload(`Correlation ID,Status,Amount\n${a.correlation_id},SUCCESS,${a.amount}\n`)).toBe(200);
    expect(await count('superadmin2')).toBe(0);
    expect(
      await upload(`Correlation ID,Status,Amount\n${a.correlation_id},SUCCESS,${a.amount}\nNOT-OURS-7,SUCCESS,5000\n`),
    ).toBe(200);
    const mine = (await list('superadmin2')).items.filter((n) => n.data.item?.kind === 'reconciliation');
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Check Transactions of report.csv');
    expect(mine[0].message).toBe('Check Transactions found 1 missing, 0 status and 0 amount mismatches in 2 rows');
    expect(await count('superadmin')).toBe(0);
  });
});

describe('a settlement that failed', () => {
  it('is a work order for the SUPER ADMINs', async () => {
    const principal = (await loadPrincipal(db(), await userId('superadmin')))!;
    await db().execute(
      sql`update transactions set status = 'FINALIZED' where id = (select id from transactions
        where type = 'va_mandiri' and status = 'SETTLED' order by id limit 1)`,
    );
    const window = (
      await db().execute<{ day: string }>(
        sql`select to_char(transaction_time at time zone 'Asia/Jakarta', 'YYYY-MM-DD') as day from transactions
          where type = 'va_mandiri' and status = 'FINALIZED' order by id limit 1`,
      )
    ).rows[0].day;
    const { runId } = await recordSettlementRun(
      db(),
      principal,
      { type: 'va_mandiri', start: `${window} 00:00`, end: `${window} 23:59` },
      'Asia/Jakarta',
      {},
    );
    // The job is not what is tested here: end the run as a final failed attempt would.
    const run = (await loadRunToSettle(db(), runId))!;
    await db().execute(sql`update settlement_runs set queue_job_id = 'test' where id = ${runId}`);
    expect(
      await finishRun(
        db(),
        run,
        'failed',
        'The settlement stopped before it finished. Press Retry to settle the rest.',
      ),
    ).toBe(true);
    server.app.outbox.kick();
    const got = await until(
      async () =>
        (await list('superadmin2')).items.filter(
          (n) => n.data.item?.kind === 'settlement' && n.data.item.ref === String(runId),
        ),
      (x) => x.length > 0,
    );
    expect(got[0].message).toContain('settlement of');
    expect(got[0].message).toContain('stopped');
  });
});

describe('reading', () => {
  it('marks one read on every socket of the user, and all read at once', async () => {
    const heard = await listen('superadmin2');
    const { items } = await list('superadmin2');
    const unread = items.find((n) => !n.is_read)!;
    expect(
      (await call(server, 'PATCH', `/api/v1/notification/${unread.id}/read`, { token: session.superadmin2.token }))
        .status,
    ).toBe(200);
    const changed = await until(
      () => heard.filter((h) => h.event === WORK_ORDER_CHANGED_EVENT && h.item.id === unread.id),
      (x) => x.length > 0,
    );
    expect(changed[0].item.is_read).toBe(true);
    const all = await call(server, 'PATCH', '/api/v1/notification/read-all', { token: session.superadmin2.token });
    expect(all.status).toBe(200);
    expect((await list('superadmin2')).unread).toBe(0);
    await until(
      () => heard.filter((h) => h.event === WORK_ORDERS_READ_EVENT),
      (x) => x.length > 0,
    );
    expect(heard.some((h) => h.event === WORK_ORDERS_READ_EVENT)).toBe(true);
  });
});

// Last: it stops this server's own publisher, as a crash would.
describe('the outbox', () => {
  it('publishes on restart what committed while no publisher ran', async () => {
    const heard = await listen('admin');
    await server.app.outbox.stop();
    const adminId = await userId('admin');
    const [id] = await db().transaction((tx) =>
      openWorkOrder(tx as unknown as Db, {
        item: { kind: 'reconciliation', ref: 'CRASH1', client_id: null, client_name: null, amount: null },
        subject: 'Check Transactions REC-CRASH1',
        message: 'Check Transactions found 1 missing',
        code: 'REC-CRASH1',
        recipients: [adminId],
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(heard.some((h) => h.item.id === id)).toBe(false);
    const [row] = await db().select().from(outbox).where(eq(outbox.notificationId, id));
    expect(row.publishedAt).toBeNull();
    // The node comes back: its publisher's first sweep sends what was left.
    const restarted = startOutboxPublisher(db(), server.app.realtime, { sweepMs: 60_000, onError: () => {} });
    try {
      const got = await until(
        () => heard.filter((h) => h.item.id === id),
        (x) => x.length > 0,
      );
      expect(got.map((h) => h.event)).toEqual([WORK_ORDER_EVENT]);
      // The sweep emits, then stamps the row in its own statement: a socket can hear it first.
      const after = await until(
        async () => (await db().select().from(outbox).where(eq(outbox.notificationId, id)))[0],
        (r) => r.publishedAt != null,
      );
      expect(after.publishedAt).not.toBeNull();
    } finally {
      await restarted.stop();
    }
  });
});
