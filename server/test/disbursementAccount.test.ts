import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { recordDeposit } from '../domain/disbursementAccount.ts';
import { addUser, call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { setupMoney } from './setupMoney.ts';

/** Issue 12: deposit history, Payin Detail and the master balance adjustment, on the ledger. */
let server: TestServer;
const token: Record<string, string> = {};
const API = '/api/backoffice';

beforeAll(async () => {
  server = await startTestServer();
  for (const who of ['superadmin', 'admin', 'client'])
    token[who] = (await signInVerified(server, `${who}@demo.local`)).token;
});
afterAll(async () => {
  await server?.close();
});

const get = (who: string, path: string) => call(server, 'GET', `${API}/${path}`, { token: token[who] });
const adjust = (who: string, body: unknown) =>
  call(server, 'PATCH', `${API}/transaction/update-balance`, { token: token[who], body });
const disbursementBalance = async (clientId: number) =>
  (await get('superadmin', `transaction/account-summary?client_filter=${clientId}`)).body.data
    .disbursement_balance as number;
const expectLedgerClean = async () => expect((await checkLedger(server.database.db)).problems).toEqual([]);

/** A client of its own with exactly this disbursement balance, so a test's figures are its own. */
async function clientWithBalance(balance: number): Promise<number> {
  const db = server.database.db;
  const [{ id }] = (
    await db.execute<{ id: number }>(
      sql`insert into clients (client_name) values (${`PT Uji ${Math.random().toString(36).slice(2, 8)}`})
        returning id`,
    )
  ).rows;
  if (balance)
    await setupMoney(db, async (tx) => {
      await recordDeposit(tx, {
        clientId: id,
        amount: balance,
        kind: 'deposit',
        description: 'Opening deposit',
        picName: 'Test',
      });
    });
  return id;
}

describe('the demo data', () => {
  it('holds deposits for every demo client over the last 14 days, yesterday and today included', async () => {
    const rows = (
      await server.database.db.execute<{ client_id: number; days: number; today: boolean; yesterday: boolean }>(sql`
      select client_id, count(distinct (created_at at time zone 'Asia/Jakarta')::date)::int as days,
        bool_or((created_at at time zone 'Asia/Jakarta')::date = (now() at time zone 'Asia/Jakarta')::date) as today,
        bool_or((created_at at time zone 'Asia/Jakarta')::date = (now() at time zone 'Asia/Jakarta')::date -
          1) as yesterday
      from disbursement_deposits where created_at > now() - interval '14 days' group by client_id`)
    ).rows;
    expect(rows).toHaveLength(7);
    for (const r of rows) expect(r).toMatchObject({ days: expect.any(Number), yesterday: true });
    // Today's deposit is made half an hour before the seed runs: yesterday still, in the first minutes of a Jakarta
    // day.
    const jakartaMinutes = (new Date().getUTCHours() * 60 + new Date().getUTCMinutes() + 7 * 60) % 1_440;
    if (jakartaMinutes > 45) for (const r of rows) expect(r.today).toBe(true);
  });
});

describe('GET transaction/payin-list and balance-history', () => {
  it("lists the default window's deposits (yesterday to today), newest first, in the caller's clients", async () => {
    const all = await get('superadmin', 'transaction/payin-list');
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBeGreaterThan(0);
    const times = all.body.data.map((r: { created_at: string }) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.data[0]).toEqual(
      expect.objectContaining({
        name: expect.any(String),
        amount: expect.any(Number),
        created_at: expect.any(String),
        description: expect.any(String),
      }),
    );
    const mine = await get('admin', 'transaction/payin-list');
    expect(new Set(mine.body.data.map((r: { client_id: number }) => r.client_id))).toEqual(
      new Set([1, 2, 3, 4, 5].filter((id) => mine.body.data.some((r: { client_id: number }) => r.client_id === id))),
    );
    expect(mine.body.data.every((r: { client_id: number }) => r.client_id <= 5)).toBe(true);
    expect((await get('admin', 'transaction/payin-list?client_filter=7')).status).toBe(404);
  });

  it('pages the history 15/30/50 with meta, without overlap, and refuses other sizes and bad dates', async () => {
    const [{ n }] = (
      await server.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from disbursement_deposits where client_id = 1`,
      )
    ).rows;
    const first = await get('superadmin', 'transaction/balance-history?client_filter=1&limit=15&page=1');
    expect(first.status).toBe(200);
    expect(first.body.meta).toMatchObject({ current_page: 1, per_page: 15, total: n });
    const window = await get(
      'superadmin',
      'transaction/balance-history?client_filter=1&limit=15&page=1&start=2000-01-01%2000:00&end=2100-01-01%2000:00',
    );
    expect(window.body.data).toHaveLength(Math.min(n, 15));
    expect((await get('superadmin', 'transaction/balance-history?limit=20')).status).toBe(400);
    expect((await get('superadmin', 'transaction/balance-history?start=2026-02-30%2000:00')).status).toBe(400);
  });

  it('is granted by the module: a user without it gets 403', async () => {
    expect((await get('client', 'transaction/payin-list')).status).toBe(403);
    expect((await get('client', 'transaction/balance-history')).status).toBe(403);
    expect((await adjust('client', { client_id: 1, amount: 1_000 })).status).toBe(403);
  });
});

describe('PATCH transaction/update-balance', () => {
  it('adds and takes, one journal entry and one history row with the PIC each, audited; never below zero', async () => {
    const clientId = await clientWithBalance(100_000);
    const plus = await adjust('superadmin', { client_id: clientId, amount: 250_000 });
    expect(plus.status).toBe(200);
    expect(plus.body).toMatchObject({
      status: 'success',
      message: 'Balance has been updated',
      data: { previous_balance: 100_000, amount: 250_000, balance: 350_000 },
    });
    expect(await disbursementBalance(clientId)).toBe(350_000);
    const history = await get('superadmin', `transaction/balance-history?client_filter=${clientId}`);
    expect(history.body.data[0]).toMatchObject({ name: 'Sari Superadmin', amount: 250_000, kind: 'adjustment' });

    const tooMuch = await adjust('superadmin', { client_id: clientId, amount: -350_001 });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe('The disbursement balance cannot go below zero: it is Rp. 350,000');
    expect(await disbursementBalance(clientId)).toBe(350_000);
    expect((await adjust('superadmin', { client_id: clientId, amount: -350_000 })).body.data.balance).toBe(0);

    const audits = (
      await server.database.db.execute<{ outcome: string }>(
        sql`select outcome from audit_log where action = 'disbursement.balance_adjusted'
          and object_id = ${String(clientId)} order by id`,
      )
    ).rows;
    expect(audits.map((a) => a.outcome)).toEqual(['success', 'failure', 'success']);
    await expectLedgerClean();
  });

  it.each([
    [{ client_id: 1, amount: 0 }, 'amount must not be 0'],
    [{ client_id: 1, amount: 1.5 }, 'Rupiah amounts are whole numbers'],
    // Issue 25: typed text is read by the one amount reader, and refused by name, never stripped.
    [{ client_id: 1, amount: '1.5' }, 'Rupiah amounts are whole numbers'],
    [{ client_id: 1, amount: '1e6' }, 'Exponents are not accepted'],
    [{ client_id: 1, amount: '1,25' }, 'The separators are ambiguous'],
    [{ client_id: 1, amount: true }, 'amount must be a whole number of rupiah'],
    [{ client_id: 1, amount: 1_000_000_000_000_001 }, 'amount must be within'],
    [{ client_id: 1 }, 'Amount is required'],
    [{ client_id: 'x', amount: 5 }, 'client_id'],
    [{ client_id: 1, amount: 5, extra: 1 }, "Unknown field 'extra'"],
  ])('refuses %j with 400 naming the field', async (body, message) => {
    const res = await adjust('superadmin', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });

  it('reads a typed amount as the person means it: 250.000,00 moves Rp. 250,000, never 25,000,000', async () => {
    const clientId = await clientWithBalance(100_000);
    for (const typed of ['250.000,00', '250,000.00', 'Rp. 250000.00']) {
      const before = await disbursementBalance(clientId);
      const res = await adjust('superadmin', { client_id: clientId, amount: typed });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ amount: 250_000, balance: before + 250_000 });
      expect(await disbursementBalance(clientId)).toBe(before + 250_000);
    }
    const refused = await adjust('superadmin', { client_id: clientId, amount: '1.250,50' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('Rupiah amounts are whole numbers');
    expect(await disbursementBalance(clientId)).toBe(850_000);
    await expectLedgerClean();
  });

  it("is never a client user's act, even when its role holds the module", async () => {
    const db = server.database.db;
    const [{ id: roleId }] = (
      await db.execute<{ id: number }>(
        sql`insert into roles (name, type, description) values ('Client Treasurer', 'CLIENT', 'Tries to mint money')
          returning id`,
      )
    ).rows;
    await db.execute(
      sql`insert into role_modules (role_id, module_id) values (${roleId}, 'disbursement'), (${roleId},
        'disbursement-master-balance')`,
    );
    const user = await addUser(server, {
      email: 'treasurer@client.test',
      name: 'Client Treasurer',
      type: 'CLIENT',
      role: 'Client Treasurer',
      clients: [1],
    });
    const { token: treasurer } = await signInVerified(server, user.email);
    const before = await disbursementBalance(1);
    const res = await call(server, 'PATCH', `${API}/transaction/update-balance`, {
      token: treasurer,
      body: { client_id: 1, amount: 1_000_000 },
    });
    expect(res.status).toBe(403);
    expect(await disbursementBalance(1)).toBe(before);
    const me = await call(server, 'GET', `${API}/user/me`, { token: treasurer });
    expect(me.body.data.allowed_paths).not.toContain('/dashboard/disbursement/master-balance');
  });

  it("answers 404 for an unknown client or one outside the caller's scope", async () => {
    expect((await adjust('superadmin', { client_id: 999_999, amount: 5 })).status).toBe(404);
    expect((await adjust('admin', { client_id: 7, amount: 5 })).status).toBe(404);
  });

  it('15 simultaneous -10,000 adjustments on a 50,000 balance: exactly 5 succeed, the balance ends at 0', async () => {
    const clientId = await clientWithBalance(50_000);
    const results = await Promise.all(
      Array.from({ length: 15 }, () => adjust('superadmin', { client_id: clientId, amount: -10_000 })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(5);
    expect(results.filter((r) => r.status === 422)).toHaveLength(10);
    expect(await disbursementBalance(clientId)).toBe(0);
    await expectLedgerClean();
  });

  it('tells every open screen that may see the client, live', async () => {
    const connect = async (bearer: string) => {
      const opened = io(server.url, { auth: { token: bearer }, transports: ['websocket'], forceNew: true });
      await new Promise<void>((resolve, reject) => {
        opened.on('connect', () => resolve());
        opened.on('connect_error', reject);
      });
      return opened;
    };
    const socket = await connect(token.admin);
    let next: ReturnType<typeof io> | null = null;
    try {
      const heard = new Promise((resolve) => socket.on('balance-changed', resolve));
      expect((await adjust('superadmin', { client_id: 2, amount: 1_000 })).status).toBe(200);
      expect(await heard).toEqual({ client_id: 2 });

      // The admin loses client 2: their sessions end and the open socket is closed at once (issue 44); signed in
      // again, the new socket hears client 3 still, and no longer client 2.
      const closed = new Promise((resolve) => socket.on('disconnect', resolve));
      const admin = (await get('superadmin', 'management/get-users?search=admin%40demo.local')).body.data[0];
      const edit = await call(server, 'PATCH', `${API}/management/edit-user`, {
        token: token.superadmin,
        body: { id: admin.id, type: admin.type, role_id: admin.role_id, name: admin.name, client_id: [1, 3, 4, 5] },
      });
      expect(edit.status, JSON.stringify(edit.body)).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect((await get('admin', 'balance/current-balance?client_filter=3')).status).toBe(401);
      token.admin = (await signInVerified(server, 'admin@demo.local')).token;
      next = await connect(token.admin);
      const heardNext: number[] = [];
      next.on('balance-changed', (e: { client_id: number }) => heardNext.push(e.client_id));
      expect((await adjust('superadmin', { client_id: 2, amount: 1_000 })).status).toBe(200);
      expect((await adjust('superadmin', { client_id: 3, amount: 1_000 })).status).toBe(200);
      await expect.poll(() => heardNext).toContain(3);
      expect(heardNext).not.toContain(2);
    } finally {
      socket.close();
      next?.close();
    }
  });
});
