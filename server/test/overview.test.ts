import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Overview } from '../../src/services/overviewRules.ts';
import { SETTLEMENT_TYPES } from '../../src/services/settlementRules.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/services/payinQuery.ts';
import { approvalRequests, transactions, users } from '../db/schema.ts';
import {
  bucketDayTotalsQuery,
  dayTotals,
  keepBusinessDays,
  keepsBusinessDays,
  lastBusinessDays,
  steadyDay,
  type DayStatusTotals,
} from '../domain/dayTotals.ts';
import { checkPayinTotals } from '../domain/ledgerCheck.ts';
import { businessDay } from '../domain/payinFilter.ts';
import { makeDisbursement } from './disbursementsTestKit.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 29: the Overview against the lists' own figures (transaction/summary, the Disbursement List,
 * Withdrawal History, Payments Balance, Settlement, Approvals), in the scopes of a SUPER ADMIN (every
 * client), a client user with one client, a client user with two, a staff user limited to five, and
 * an AUDITOR; and refused to a role without the module.
 */
const API = '/api/backoffice';
const TZ = 'Asia/Jakarta';
let server: TestServer;
const tokens: Record<string, string> = {};
const CALLERS = ['superadmin', 'oneclient', 'client', 'admin', 'auditor'] as const;
type Caller = (typeof CALLERS)[number];

const today = businessDay(TZ);
const yesterday = businessDay(TZ, 1);
const fourDaysAgo = businessDay(TZ, 4);
/** An instant on the business clock (Jakarta is UTC+7 all year). */
const at = (day: string, time: string) => new Date(`${day}T${time}+07:00`);

let seq = 0;
/** Pay-ins of every status and several channels on a day, over the first four clients; the edge minutes included. */
function payinsOn(day: string, times: string[]) {
  return times.flatMap((time) =>
    TRANSACTION_STATUSES.map((status, s) => {
      const n = ++seq;
      return {
        uuid: `OV-u-${n}`,
        correlationId: `OV-${n}`,
        clientId: 1 + (n % 4),
        type: TRANSACTION_TYPES[(n + s) % TRANSACTION_TYPES.length],
        serviceType: 'QRIS',
        accountNo: `ID${n}`,
        amount: 10_000 + n * 17,
        feeAmount: 100 + (n % 13),
        status,
        transactionTime: at(day, time),
      };
    }),
  );
}

const get = (who: Caller | string, path: string) => call(server, 'GET', `${API}/${path}`, { token: tokens[who] });
const overviewOf = async (who: Caller, query = ''): Promise<Overview> => {
  const res = await get(who, `overview${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const dayWindow = (day: string) => `start=${day} 00:00&end=${day} 23:59`;
const summary = async (who: Caller, query: string) => {
  const res = await get(who, `transaction/summary?${query}`);
  expect(res.status).toBe(200);
  return res.body.data as {
    total_transaction_count: number;
    total_transaction_amount: number;
    total_fee_amount: number;
  };
};

beforeAll(async () => {
  server = await startTestServer();
  const { db } = server.database;
  for (const who of ['superadmin', 'client', 'admin', 'auditor'] as const)
    tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
  const sa = tokens.superadmin;
  const role = async (name: string, type: string, modules: string[]) => {
    const res = await call(server, 'POST', `${API}/management/create-role`, {
      token: sa,
      body: { name, description: name, type, modules },
    });
    expect(res.status).toBe(201);
    return res.body.data.id as number;
  };
  const user = async (email: string, type: string, roleId: number, clients: number[]) => {
    const res = await call(server, 'POST', `${API}/management/create-user`, {
      token: sa,
      body: { type, role_id: roleId, client_id: clients, name: email, email, password: 'Demo-Password-1!' },
    });
    expect(res.status).toBe(201);
    return (await signInVerified(server, email)).token;
  };
  const clientRole = await role('Client Overview', 'CLIENT', ['overview', 'transactions', 'balance', 'settings-user']);
  tokens.oneclient = await user('one.client@demo.local', 'CLIENT', clientRole, [3]);
  tokens.nooverview = await user(
    'no.overview@demo.local',
    'ADMIN',
    await role('No Overview', 'ADMIN', ['transactions', 'balance', 'settings-user']),
    [1],
  );

  await db.insert(transactions).values([
    // Midnight's either side on the business clock, and the day's last and first minutes.
    ...payinsOn(today, ['00:00:00', '00:00:30', '09:15:00', '23:59:59']),
    ...payinsOn(yesterday, ['00:00:00', '12:30:00', '23:59:30']),
    ...payinsOn(fourDaysAgo, ['07:00:00', '16:59:00']),
  ]);
  // Pending disbursements: two inside the Disbursement List's default window (7 days), one before it.
  for (const [clientId, daysAgo] of [
    [1, 2],
    [3, 1],
    [2, 10],
  ] as const)
    await makeDisbursement(db, {
      clientId,
      status: 'PENDING',
      time: new Date(Date.now() - daysAgo * 86_400_000),
      prefix: 'OVP',
    });
  // Made by the other SUPER ADMIN: the tile counts what the caller may decide (issue 45), not their own.
  const [maker] = await db.select().from(users).where(eq(users.email, 'superadmin2@demo.local'));
  await db.insert(approvalRequests).values({
    action: 'withdrawal',
    makerId: maker.id,
    clientId: 1,
    amount: 50_000,
    summary: 'Withdraw 50,000',
    payload: {},
    expiresAt: new Date(Date.now() + 86_400_000),
  });
});
afterAll(async () => {
  await server?.close();
});

describe('Overview', () => {
  it.each(CALLERS)("matches transaction/summary for today's and yesterday's FINALIZED pay-ins (%s)", async (who) => {
    const o = await overviewOf(who);
    expect(o.today.day).toBe(today);
    expect(o.yesterday.day).toBe(yesterday);
    for (const [figures, window] of [
      [o.today, ''],
      [o.yesterday, dayWindow(yesterday)],
    ] as const) {
      const s = await summary(who, `${window}&status=FINALIZED`);
      expect(figures.finalized_count).toBe(s.total_transaction_count);
      expect(figures.finalized_amount).toBe(s.total_transaction_amount);
      expect(figures.fee).toBe(s.total_fee_amount);
      const all = await summary(who, window);
      const settled = await summary(who, `${window}&status=SETTLED`);
      expect(figures.success_rate).toBeCloseTo(
        all.total_transaction_count === 0
          ? 0
          : (s.total_transaction_count + settled.total_transaction_count) / all.total_transaction_count,
        12,
      );
      for (const channel of figures.by_channel) {
        const c = await summary(who, `${window}&status=FINALIZED&payment_method=${channel.channel}`);
        expect([channel.count, channel.amount]).toEqual([c.total_transaction_count, c.total_transaction_amount]);
      }
      expect(figures.by_channel.reduce((n, c) => n + c.count, 0)).toBe(figures.finalized_count);
    }
    expect(o.today.finalized_count).toBeGreaterThan(0);
  });

  it.each(CALLERS)('holds 14 business days, oldest first, each status as the list counts it (%s)', async (who) => {
    const o = await overviewOf(who);
    expect(o.daily.map((d) => d.day)).toEqual(Array.from({ length: 14 }, (_, i) => businessDay(TZ, 13 - i)));
    const window = `start=${o.daily[0].day} 00:00&end=${today} 23:59`;
    for (const status of TRANSACTION_STATUSES) {
      const s = await summary(who, `${window}&status=${status}`);
      const days = o.daily.map((d) => d.by_status.find((b) => b.status === status)!);
      expect(days.reduce((n, d) => n + d.count, 0)).toBe(s.total_transaction_count);
      expect(days.reduce((n, d) => n + d.amount, 0)).toBe(s.total_transaction_amount);
    }
    for (const day of [today, fourDaysAgo]) {
      const figures = o.daily.find((d) => d.day === day)!;
      for (const status of ['FINALIZED', 'PENDING'] as const) {
        const s = await summary(who, `${dayWindow(day)}&status=${status}`);
        expect(figures.by_status.find((b) => b.status === status)!.count).toBe(s.total_transaction_count);
      }
    }
  });

  it.each(CALLERS)('counts pending withdrawals and disbursements as their lists do (%s)', async (who) => {
    const o = await overviewOf(who);
    // Every client of the scope's (issue 45): Withdrawal History's All clients.
    const withdrawals = await get(who, 'balance/withdrawal-history?client_filter=&status=PENDING');
    if (withdrawals.status === 200) expect(o.pending.withdrawals).toBe(withdrawals.body.meta.total);
    // Every waiting one however old (issue 45): the window reaches back to the oldest, at least the default 7 days.
    expect(o.pending.disbursements_since <= businessDay(TZ, 6)).toBe(true);
    const window = `start=${o.pending.disbursements_since} 00:00&end=${today} 23:59`;
    const disbursements = await get(who, `transaction/summary-disbursement?status=WAITING&${window}`);
    if (disbursements.status === 200)
      expect(o.pending.disbursements).toBe(disbursements.body.data.total_transaction_count);
    // Counted whatever the list grants: the count is the list's, opened with its filter.
    const list = await get('superadmin', `transaction/list-disbursement?status=WAITING&${window}&limit=1000`);
    const scope = new Set(o.balances.map((b) => b.client_id));
    expect(o.pending.disbursements).toBe(list.body.data.filter((r: any) => scope.has(r.client_id)).length);
    if (who === 'superadmin') {
      expect(o.pending.disbursements).toBeGreaterThanOrEqual(3);
      // The one made 10 days ago, before the list's default window, is counted.
      expect(o.pending.disbursements_since <= businessDay(TZ, 10)).toBe(true);
    }
  });

  it.each(CALLERS)('shows each client of the scope with its Payments Balance (%s)', async (who) => {
    const o = await overviewOf(who);
    const clients = (await get(who, 'master/client')).body.data.map((c: any) => c.id);
    expect(o.balances.map((b) => b.client_id).sort((a, b) => a - b)).toEqual(
      clients.sort((a: number, b: number) => a - b),
    );
    for (const b of o.balances) {
      const res = await get(who, `balance/current-balance?client_filter=${b.client_id}`);
      if (res.status !== 200) continue;
      expect([b.nonwithdrawable, b.withdrawable, b.disbursement]).toEqual([
        res.body.data.nonwithdrawable_balance,
        res.body.data.withdrawable_balance,
        res.body.data.disbursement_balance,
      ]);
    }
  });

  it("never names another client in a client user's answer", async () => {
    const names = (await get('superadmin', 'master/client')).body.data as Array<{ id: number; client_name: string }>;
    for (const [who, own] of [
      ['oneclient', [3]],
      ['client', [1, 2]],
    ] as const) {
      const o = await overviewOf(who);
      expect(o.balances.map((b) => b.client_id)).toEqual(expect.arrayContaining([...own]));
      expect(o.balances).toHaveLength(own.length);
      const text = JSON.stringify(o);
      for (const c of names.filter((n) => !(own as readonly number[]).includes(n.id)))
        expect(text).not.toContain(c.client_name);
    }
  });

  it('narrows to the clients named, and refuses one outside the scope as not found', async () => {
    const whole = await overviewOf('client');
    const one = await overviewOf('client', '?client_id=2');
    expect(one.balances.map((b) => b.client_id)).toEqual([2]);
    const s = await summary('client', 'status=FINALIZED&client_id=2');
    expect(one.today.finalized_count).toBe(s.total_transaction_count);
    expect(one.today.finalized_count).toBeLessThanOrEqual(whole.today.finalized_count);
    expect((await get('client', 'overview?client_id=3')).status).toBe(404);
    for (const bad of ['client_id=abc', 'client_id=-1', 'unknown=1'])
      expect((await get('client', `overview?${bad}`)).status).toBe(400);
  });

  it('counts approvals for a SUPER ADMIN alone, as the Approvals list does', async () => {
    const o = await overviewOf('superadmin');
    const list = await get('superadmin', 'approvals?status=PENDING_APPROVAL');
    expect(o.pending.approvals).toBe(list.body.meta.total);
    expect(o.pending.approvals).toBeGreaterThan(0);
    for (const who of ['oneclient', 'client', 'admin', 'auditor'] as const)
      expect((await overviewOf(who)).pending.approvals).toBeNull();
  });

  it("says per settlement type whether yesterday's window is settled, to whoever reads Settlement", async () => {
    for (const who of ['superadmin', 'auditor'] as const) {
      const o = await overviewOf(who);
      expect(o.settlement!.map((s) => s.type)).toEqual([...SETTLEMENT_TYPES]);
      for (const figure of o.settlement!) {
        expect(figure.window).toEqual({ start: `${yesterday} 00:00`, end: `${yesterday} 23:59` });
        // The settlement screen's own rows, as its decider reads them (the AUDITOR's scope is the same: every client).
        const rows = await get(
          'superadmin',
          `transaction/get-settlement-status?type=${figure.type}&start=${figure.window.start}&end=${figure.window.end}`,
        );
        const count = rows.body.data.reduce((n: number, r: any) => n + r.total_transaction, 0);
        expect(figure.unsettled_count).toBe(count);
        expect(figure.settled).toBe(count === 0);
      }
      expect(o.settlement!.some((s) => !s.settled)).toBe(true);
    }
    for (const who of ['oneclient', 'client', 'admin'] as const) expect((await overviewOf(who)).settlement).toBeNull();
  });

  it('counts open callback work orders in the scope, for whoever can resend the callback', async () => {
    const { db } = server.database;
    const { rows } = await db.execute<{ ref: string; client_id: number }>(sql`select distinct item_ref as ref,
      (item->>'client_id')::int as client_id from notifications where item_kind = 'callback' and status = 'OPEN'`);
    const open = (clients: number[] | null) =>
      rows.filter((r) => clients === null || clients.includes(Number(r.client_id))).length;
    expect((await overviewOf('superadmin')).callbacks_failed).toBe(open(null));
    expect((await overviewOf('client')).callbacks_failed).toBe(open([1, 2]));
    expect((await overviewOf('oneclient')).callbacks_failed).toBe(open([3]));
    // An AUDITOR changes nothing, so resends nothing: no callback work order is theirs.
    expect((await overviewOf('auditor')).callbacks_failed).toBeNull();
  });

  it('is refused to a role without the module, and to no one signed in', async () => {
    expect((await get('nooverview', 'overview')).status).toBe(403);
    expect((await call(server, 'GET', `${API}/overview`)).status).toBe(401);
  });
});

describe("the overview's business-day totals (migration 0024)", () => {
  // A bucket whose pay-ins all moved on stays behind at zero (as in the hour and day totals): not a figure.
  const normalize = (rows: DayStatusTotals[]) =>
    rows
      .filter((r) => r.count || r.amount || r.fee)
      .map((r) => `${r.day} ${r.status} ${r.type} ${r.count} ${r.amount} ${r.fee}`)
      .sort();
  /** The same days from the hour and day buckets, as the overview read them before 0024. */
  const fromBuckets = async (days: string[], clientIds: number[] | null, timeZone = TZ) =>
    normalize(
      (
        await server.database.db.execute<{
          day: string;
          status: string;
          type: string;
          n: string;
          amount: string;
          fee: string;
        }>(bucketDayTotalsQuery(days, clientIds, timeZone))
      ).rows.map((r) => ({ ...r, count: Number(r.n), amount: Number(r.amount), fee: Number(r.fee) })),
    );
  const days = () => lastBusinessDays(TZ, 14);

  it('stay equal to the lists after pay-ins are finalized, settled, moved across midnight and deleted', async () => {
    const { db } = server.database;
    const ours = sql`t.correlation_id like 'OV-%'`;
    const on = (day: string) =>
      sql`t.transaction_time >= ${at(day, '00:00:00')} and t.transaction_time < ${at(day, '23:59:59.999')}`;
    await db.execute(sql`update transactions t set status = 'FINALIZED'
      where ${ours} and t.status = 'PENDING' and ${on(yesterday)}`);
    await db.execute(sql`update transactions t set status = 'SETTLED'
      where ${ours} and t.status = 'FINALIZED' and ${on(today)} and t.client_id in (1, 3)`);
    // Yesterday's last pay-ins of each status become today's first: a business day apart, an hour apart in UTC.
    await db.execute(sql`update transactions t set transaction_time = ${at(today, '00:00:10')}
      where ${ours} and t.transaction_time = ${at(yesterday, '23:59:30')}`);
    await db.execute(sql`delete from transactions t where ${ours} and ${on(fourDaysAgo)} and t.status = 'FAILED'`);
    await db.execute(sql`update transactions t set amount = t.amount + 1, fee_amount = t.fee_amount + 2
      where ${ours} and ${on(fourDaysAgo)}`);

    for (const who of CALLERS) {
      const o = await overviewOf(who);
      for (const day of [today, yesterday, fourDaysAgo]) {
        const figures = o.daily.find((d) => d.day === day)!;
        for (const status of TRANSACTION_STATUSES) {
          const s = await summary(who, `${dayWindow(day)}&status=${status}`);
          const got = figures.by_status.find((b) => b.status === status)!;
          expect([got.count, got.amount], `${who} ${day} ${status}`).toEqual([
            s.total_transaction_count,
            s.total_transaction_amount,
          ]);
        }
      }
      const s = await summary(who, 'status=FINALIZED');
      expect([o.today.finalized_count, o.today.finalized_amount, o.today.fee]).toEqual([
        s.total_transaction_count,
        s.total_transaction_amount,
        s.total_fee_amount,
      ]);
    }
    for (const scope of [null, [3], [1, 2]])
      expect(normalize(await dayTotals(db, days(), scope, TZ))).toEqual(await fromBuckets(days(), scope));
    expect((await checkPayinTotals(db)).filter((p) => p.detail.startsWith('business day'))).toEqual([]);
  });

  it('reads a zone it does not keep from the hour buckets, and keeps it from when it is asked to', async () => {
    const { db } = server.database;
    const zone = 'Asia/Bangkok'; // UTC+7 too: the same days as Jakarta's, from other buckets
    expect(await keepsBusinessDays(db, zone)).toBe(false);
    const jakarta = normalize(await dayTotals(db, days(), null, TZ));
    expect(normalize(await dayTotals(db, days(), null, zone))).toEqual(jakarta);
    expect(await keepBusinessDays(db, zone)).toBe(true);
    expect(await keepBusinessDays(db, zone)).toBe(false);
    expect(normalize(await dayTotals(db, days(), null, zone))).toEqual(jakarta);
    // Written after: counted by the trigger for both zones.
    await db.insert(transactions).values(payinsOn(today, ['12:00:00']));
    const after = normalize(await dayTotals(db, days(), null, TZ));
    expect(after).not.toEqual(jakarta);
    expect(after).toEqual(await fromBuckets(days(), null));
    expect(normalize(await dayTotals(db, days(), null, zone))).toEqual(after);
    expect(await checkPayinTotals(db)).toEqual([]);
  });

  it('reads a day the clocks change on from the hour buckets', () => {
    expect(steadyDay('Europe/Berlin', '2026-03-29')).toBe(false);
    expect(steadyDay('Europe/Berlin', '2026-03-27')).toBe(true);
    expect(steadyDay('Europe/Berlin', '2026-03-31')).toBe(true);
    expect(steadyDay('America/Sao_Paulo', '2026-06-01')).toBe(true);
    expect(days().every((day) => steadyDay(TZ, day))).toBe(true);
  });
});
