import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../src/services/overviewRules.ts';
import { WAITING_STATUSES } from '../../src/services/workOrders.ts';
import { approvalRequests, users } from '../db/schema.ts';
import { openWorkOrder } from '../domain/workOrders.ts';
import { businessDay } from '../domain/payinFilter.ts';
import { makeDisbursement } from './disbursementsTestKit.ts';
import { call, freshAuthenticatorCode, signInVerified, startTestServer, withdrawalRequestBody } from './harness.ts';
import type { TestServer } from './harness.ts';

/**
 * Issue 45: the Overview counts every record waiting for the caller's decision, as the bell counts
 * its work orders (disbursements PENDING_REQUEST and PENDING, however old; withdrawals PENDING of
 * every client; approvals the caller may decide), and each tile's list, opened as the tile opens
 * it, totals the same. Withdrawal History with an empty client_filter is every client the caller
 * may see: all of them for staff, a client user's own alone. The SQL is the lists' own (no
 * database-specific path), so the PGlite run is enough; the postgres project runs it too.
 */
const API = '/api/backoffice';
const TZ = 'Asia/Jakarta';
let server: TestServer;
const sessions: Record<string, { token: string; secret: string }> = {};
const get = (who: string, path: string) => call(server, 'GET', `${API}/${path}`, { token: sessions[who].token });
const overviewOf = async (who: string): Promise<Overview> => {
  const res = await get(who, 'overview');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};

/** The bell's work orders of a kind for this user: the OPEN ones, one per item. */
async function bellCount(email: string, kind: keyof typeof WAITING_STATUSES): Promise<number> {
  const { rows } = await server.database.db.execute<{ n: number }>(sql`
    select count(distinct n.item_ref)::int as n from notifications n join users u on u.id = n.user_id
    where u.email = ${email} and n.status = 'OPEN' and n.item_kind = ${kind}`);
  return Number(rows[0].n);
}

const ONE_DAY = 86_400_000;

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  for (const who of ['superadmin', 'superadmin2', 'admin', 'auditor', 'client'])
    sessions[who] = await signInVerified(server, `${who}@demo.local`);
  // Waiting disbursements in both statuses, of three clients; one older than the list's default 7 days.
  for (const [clientId, status, daysAgo] of [
    [1, 'PENDING_REQUEST', 1],
    [2, 'PENDING', 2],
    [3, 'PENDING_REQUEST', 12],
    [3, 'PENDING', 0],
  ] as const)
    await makeDisbursement(db, { clientId, status, time: new Date(Date.now() - daysAgo * ONE_DAY), prefix: 'OVW' });
  // PENDING withdrawals of three clients, requested as the page requests them.
  for (const clientId of [1, 2, 3]) {
    const otp = await freshAuthenticatorCode(server, 'superadmin', sessions.superadmin.secret);
    const res = await call(server, 'POST', `${API}/balance/add-withdrawal`, {
      token: sessions.superadmin.token,
      body: withdrawalRequestBody(otp, { type: 'withdrawal', client_filter: clientId, amount: 20_000 }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  // A request superadmin2 made waits for superadmin (not for its maker), with its work order as the hold opens it.
  const [maker] = await db.select().from(users).where(eq(users.email, 'superadmin2@demo.local'));
  const [superadmin] = await db.select().from(users).where(eq(users.email, 'superadmin@demo.local'));
  const [approval] = await db
    .insert(approvalRequests)
    .values({
      action: 'withdrawal',
      makerId: maker.id,
      clientId: 1,
      amount: 50_000,
      summary: 'Withdraw 50,000',
      payload: {},
      expiresAt: new Date(Date.now() + ONE_DAY),
    })
    .returning({ id: approvalRequests.id });
  await openWorkOrder(db, {
    item: { kind: 'approval', ref: String(approval.id), client_id: 1, client_name: null, amount: 50_000 },
    subject: 'Approval',
    message: 'Waits for your approval',
    code: `APR-${approval.id}`,
    recipients: [superadmin.id],
  });
});
afterAll(async () => {
  await server?.close();
});

describe('Overview: everything waiting (issue 45)', () => {
  it("counts as the bell counts, and each tile's list totals the same (SUPER ADMIN)", async () => {
    const o = await overviewOf('superadmin');
    const email = 'superadmin@demo.local';
    expect(o.pending.disbursements).toBe(await bellCount(email, 'disbursement'));
    expect(o.pending.withdrawals).toBe(await bellCount(email, 'withdrawal'));
    expect(o.pending.approvals).toBe(await bellCount(email, 'approval'));

    // The disbursement tile's list: both waiting statuses, from the oldest waiting one's day to today.
    expect(o.pending.disbursements_since <= businessDay(TZ, 12)).toBe(true);
    const window = `start=${o.pending.disbursements_since} 00:00&end=${o.today.day} 23:59`;
    const list = await get('superadmin', `transaction/list-disbursement?status=WAITING&${window}&limit=1000`);
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.meta.total).toBe(o.pending.disbursements);
    expect(new Set(list.body.data.map((r: { status: string }) => r.status))).toEqual(
      new Set(WAITING_STATUSES.disbursement),
    );
    const summary = await get('superadmin', `transaction/summary-disbursement?status=WAITING&${window}`);
    expect(summary.body.data.total_transaction_count).toBe(o.pending.disbursements);
    // Each status on its own adds up to WAITING.
    let sum = 0;
    for (const status of WAITING_STATUSES.disbursement)
      sum += (await get('superadmin', `transaction/list-disbursement?status=${status}&${window}&limit=15`)).body.meta
        .total;
    expect(sum).toBe(o.pending.disbursements);

    // The withdrawal tile's list: every client's PENDING withdrawals, in the window the tile opens.
    expect(o.pending.withdrawals_since <= businessDay(TZ, 14)).toBe(true);
    const since = `start=${o.pending.withdrawals_since} 00:00&end=${o.today.day} 23:59`;
    const history = await get(
      'superadmin',
      `balance/withdrawal-history?client_filter=&status=PENDING&${since}&limit=50`,
    );
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.meta.total).toBe(o.pending.withdrawals);
    expect(new Set(history.body.data.map((r: { client_id: number }) => r.client_id)).size).toBeGreaterThanOrEqual(3);

    // Approvals' pending tab.
    const approvals = await get('superadmin', 'approvals?status=PENDING_APPROVAL');
    expect(approvals.body.meta.total).toBe(o.pending.approvals);
    expect(o.pending.approvals).toBeGreaterThan(0);
  });

  it('does not count the approvals the caller made: the bell does not ask them either', async () => {
    const o = await overviewOf('superadmin2');
    expect(o.pending.approvals).toBe(await bellCount('superadmin2@demo.local', 'approval'));
    const all = (await get('superadmin2', 'approvals?status=PENDING_APPROVAL')).body.meta.total;
    expect(o.pending.approvals).toBe(all - 1);
  });

  it.each(['superadmin', 'admin', 'auditor'])('shows %s the history of all their clients at once', async (who) => {
    const clients: number[] = (await get(who, 'master/client')).body.data.map((c: { id: number }) => c.id);
    const all = await get(who, 'balance/withdrawal-history?client_filter=&limit=50');
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    let total = 0;
    for (const id of clients)
      total += (await get(who, `balance/withdrawal-history?client_filter=${id}`)).body.meta.total;
    expect(all.body.meta.total).toBe(total);
    expect(new Set(all.body.data.map((r: { client_id: number }) => r.client_id)).size).toBeGreaterThan(1);
    // Paged like the other lists: the second page goes on where the first stopped.
    const first = await get(who, 'balance/withdrawal-history?client_filter=&limit=15');
    const second = await get(who, 'balance/withdrawal-history?client_filter=&limit=15&page=2');
    expect(first.body.meta.total).toBe(total);
    const firstIds = new Set(first.body.data.map((r: { uuid: string }) => r.uuid));
    for (const r of second.body.data) expect(firstIds.has(r.uuid)).toBe(false);
  });

  it('gives a client user asking for every client only their own', async () => {
    const own: number[] = (await get('client', 'master/client')).body.data.map((c: { id: number }) => c.id);
    const all = await get('client', 'balance/withdrawal-history?client_filter=&limit=50');
    expect(all.status).toBe(200);
    for (const r of all.body.data) expect(own).toContain(r.client_id);
    const everyone = await get('superadmin', 'balance/withdrawal-history?client_filter=&limit=15');
    expect(all.body.meta.total).toBeLessThan(everyone.body.meta.total);
    // The client's overview counts its own clients' waiting withdrawals, as its history does.
    const o = await overviewOf('client');
    const pending = await get('client', 'balance/withdrawal-history?client_filter=&status=PENDING');
    expect(o.pending.withdrawals).toBe(pending.body.meta.total);
    // Another client stays not found.
    const other = (await get('superadmin', 'master/client')).body.data.find(
      (c: { id: number }) => !own.includes(c.id),
    ) as { id: number };
    expect((await get('client', `balance/withdrawal-history?client_filter=${other.id}`)).status).toBe(404);
  });
});
