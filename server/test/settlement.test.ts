import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { io } from 'socket.io-client';
import { formatRupiah } from '../../src/services/money.ts';
import {
  NOTHING_TO_SETTLE,
  SETTLEMENT_PROGRESS_EVENT,
  figuresOfRows,
  type SettlementRow,
  type SettlementRun,
} from '../../src/services/settlementRules.ts';
import { settlementRuns, transactions } from '../db/schema.ts';
import type { Db } from '../db/connect.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { bulkCreditPayins } from '../domain/payinLedgerBulk.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { setupMoney } from './setupMoney.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const API = '/api/backoffice';
let seq = 0;

// Small batches and short slices: a run of a few dozen pay-ins takes several batches and jobs.
beforeAll(async () => {
  server = await startTestServer({ env: { SETTLEMENT_BATCH_SIZE: '7', SETTLEMENT_SLICE_SECONDS: '1' } });
  for (const who of ['superadmin', 'admin']) tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db as Db;
const get = (path: string, who = 'superadmin') => call(server, 'GET', `${API}${path}`, { token: tokens[who] });
const press = (body: unknown, who = 'superadmin') =>
  call(server, 'POST', `${API}/transaction/update-settlement-v2`, { token: tokens[who], body });
const qs = (o: Record<string, string>) => new URLSearchParams(o).toString();

/**
 * `count` credited FINALIZED pay-ins of `type`, one every `stepMinutes` from `from` (Jakarta wall
 * time), over clients 1-3 and two services; returns their correlation ids.
 */
async function finalizedPayins(
  prefix: string,
  count: number,
  from: string,
  stepMinutes: number,
  type = 'fello_qris',
): Promise<string[]> {
  const start = Date.parse(`${from.replace(' ', 'T')}:00+07:00`);
  const rows = Array.from({ length: count }, (_, i) => {
    const n = ++seq;
    return {
      uuid: `${prefix}-u-${n}`,
      correlationId: `${prefix}-${n}`,
      clientId: 1 + (n % 3),
      type: type as 'fello_qris',
      serviceType: n % 2 ? 'QRIS' : 'QRIS_DYNAMIC',
      accountNo: `ID${n}`,
      amount: 50_000 + n * 10,
      feeAmount: 350 + (n % 5),
      status: 'FINALIZED' as const,
      transactionTime: new Date(start + i * stepMinutes * 60_000),
      paidTime: new Date(start + i * stepMinutes * 60_000),
    };
  });
  await db().insert(transactions).values(rows);
  await setupMoney(db(), (tx) => bulkCreditPayins(tx, sql`t.correlation_id like ${`${prefix}-%`}`));
  return rows.map((r) => r.correlationId);
}

async function finished(runId: number): Promise<SettlementRun> {
  for (let i = 0; i < 200; i++) {
    const run = (await get(`/transaction/settlement-run?id=${runId}`)).body.data as SettlementRun;
    if (run.status !== 'running') return run;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`run ${runId} did not finish`);
}

async function ledgerIsClean() {
  const { problems } = await checkLedger(db());
  expect(problems).toEqual([]);
}

const payinsOf = async (prefix: string) =>
  (
    await db().execute<{
      status: string;
      settlement_time: Date | null;
      settlement_run_id: number | null;
      n_moves: number;
    }>(sql`
  select t.status, t.settlement_time, t.settlement_run_id,
    (select count(*)::int from journal_entries e where e.kind = 'payin.withdrawable'
      and e.reference = t.correlation_id) as n_moves
  from transactions t where t.correlation_id like ${`${prefix}-%`}`)
  ).rows;

const withdrawable = async () =>
  Object.fromEntries(
    (
      await db().execute<{ client_id: number; balance: string }>(sql`
  select client_id, balance from ledger_accounts where kind = 'withdrawable' and client_id is not null`)
    ).rows.map((r) => [Number(r.client_id), Number(r.balance)]),
  );

describe('settlement rows', () => {
  it('sum per client and service exactly what the Payments List counts for the same filter', async () => {
    await finalizedPayins('ROWS', 40, '2025-04-01 00:05', 37);
    const window = { type: 'fello_qris', start: '2025-04-01 00:00', end: '2025-04-01 23:59' };
    const res = await get(`/transaction/get-settlement-status?${qs(window)}`);
    expect(res.status).toBe(200);
    const rows = res.body.data as Array<Record<string, number | string>>;
    expect(rows.length).toBeGreaterThanOrEqual(4);
    const summary = (
      await get(
        `/transaction/summary?` +
          `${qs({ start: window.start, end: window.end, status: 'FINALIZED', payment_method: 'fello_qris' })}`,
      )
    ).body.data;
    const sum = (key: string) => rows.reduce((t, r) => t + Number(r[key]), 0);
    expect(sum('total_transaction')).toBe(summary.total_transaction_count);
    expect(sum('total_transaction_amount')).toBe(summary.total_transaction_amount);
    expect(sum('total_fee_amount')).toBe(summary.total_fee_amount);
    for (const r of rows) expect(r.total_amount).toBe(Number(r.total_transaction_amount) - Number(r.total_fee_amount));
    expect(new Set(rows.map((r) => `${r.client_name}/${r.service_name}`)).size).toBe(rows.length);
  });

  it('refuses an unknown type, an end before the start, and any caller but a SUPER ADMIN', async () => {
    const bad = await get(
      `/transaction/get-settlement-status?${qs({ type: 'cash', start: '2025-04-01 00:00', end: '2025-04-01 23:59' })}`,
    );
    expect(bad.status).toBe(400);
    const reversed = await get(
      `/transaction/get-settlement-status?` +
        `${qs({ type: 'fello_qris', start: '2025-04-02 00:00', end: '2025-04-01 23:59' })}`,
    );
    expect(reversed.status).toBe(400);
    expect(reversed.body.message).toBe('Invalid Date Range');
    expect((await press({ type: 'fello_qris', start: '2025-04-02 00:00', end: '2025-04-01 23:59' })).body.message).toBe(
      'Invalid Date Range',
    );
    expect(
      (
        await get(
          `/transaction/get-settlement-status?` +
            `${qs({ type: 'fello_qris', start: '2025-04-01 00:00', end: '2025-04-01 23:59' })}`,
          'admin',
        )
      ).status,
    ).toBe(403);
    expect(
      (await press({ type: 'fello_qris', start: '2025-04-01 00:00', end: '2025-04-01 23:59' }, 'admin')).status,
    ).toBe(403);
  });
});

describe('settling a window', () => {
  it('settles each FINALIZED pay-in once, moves each net to withdrawable once, says so if pressed again', async () => {
    const ids = await finalizedPayins('ONE', 30, '2025-04-03 01:00', 40);
    // One of them was added to withdrawable by hand before: it is settled but moves no money again.
    const byHand = await call(server, 'PATCH', `${API}/balance/add-withdrawable-balance`, {
      token: tokens.superadmin,
      body: { correlation_id: ids[0] },
    });
    expect(byHand.status).toBe(200);
    // A pay-in of another type in the same window is not touched.
    const [other] = await finalizedPayins('OTHERTYPE', 1, '2025-04-03 02:00', 1, 'herra_qris');
    const before = await withdrawable();
    const net = await payinNet('ONE');

    const window = { type: 'fello_qris', start: '2025-04-03 00:00', end: '2025-04-03 23:59' };
    const res = await press(window);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Settlement started');
    expect(res.body.data.joined).toBe(false);
    const run = await finished(res.body.data.run.id);
    expect(run).toMatchObject({
      status: 'succeeded',
      total_transaction: 30,
      settled_transaction: 30,
      requested_by: expect.any(String),
    });
    expect(run.settled_amount).toBe(net.total);
    expect(run.moved_amount).toBe(net.total - net.first);

    const rows = await payinsOf('ONE');
    expect(
      rows.every(
        (r) =>
          r.status === 'SETTLED' &&
          r.settlement_time &&
          Number(r.settlement_run_id) === run.id &&
          Number(r.n_moves) === 1,
      ),
    ).toBe(true);
    expect((await payinsOf('OTHERTYPE'))[0].status).toBe('FINALIZED');
    expect(other).toBeTruthy();
    const after = await withdrawable();
    const rise = Object.keys(after).reduce((t, k) => t + after[Number(k)] - (before[Number(k)] ?? 0), 0);
    expect(rise).toBe(net.total - net.first);
    await ledgerIsClean();

    const again = await press(window);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe(NOTHING_TO_SETTLE);
    expect((await get(`/transaction/get-settlement-status?${qs(window)}`)).body.data).toEqual([]);
    const audit = (
      await db().execute<{ action: string }>(
        sql`select action from audit_log where object_type = 'settlement_run'
          and object_id = ${String(run.id)} order by id`,
      )
    ).rows;
    // One line per batch (issue 43) between the press and the end, each listing the pay-ins it settled.
    const actions = audit.map((a) => a.action);
    expect(actions[0]).toBe('settlement.start');
    expect(actions.at(-1)).toBe('settlement.finish');
    expect(actions.slice(1, -1).length).toBeGreaterThan(1);
    expect(new Set(actions.slice(1, -1))).toEqual(new Set(['settlement.batch']));
    await ledgerIsClean();
  });

  it('a press naming figures the window no longer has is 409 and starts no run (issue 44)', async () => {
    await finalizedPayins('EXP', 3, '2025-05-07 01:00', 30);
    const window = { type: 'fello_qris', start: '2025-05-07 00:00', end: '2025-05-07 23:59' };
    const rows = (await get(`/transaction/get-settlement-status?${qs(window)}`)).body.data as SettlementRow[];
    const seen = figuresOfRows(rows);
    expect(seen.count).toBe(3);
    // One more pay-in lands in the window after the person looked.
    await finalizedPayins('EXP2', 1, '2025-05-07 05:00', 1);
    const now = figuresOfRows((await get(`/transaction/get-settlement-status?${qs(window)}`)).body.data);
    const runsBefore = await db().$count(settlementRuns);
    const stale = await press({ ...window, expected_count: seen.count, expected_amount: seen.amount });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      `The window now settles 4 pay-ins for ${formatRupiah(now.amount)}, not the 3 pay-ins for ` +
        `${formatRupiah(seen.amount)} you confirmed. Search it again.`,
    );
    expect(await db().$count(settlementRuns)).toBe(runsBefore);
    expect((await payinsOf('EXP')).every((r) => r.status === 'FINALIZED')).toBe(true);
    expect((await press({ ...window, expected_count: 4 })).status).toBe(400);
    // Pressed with what is there now, it settles.
    const res = await press({ ...window, expected_count: now.count, expected_amount: now.amount });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await finished(res.body.data.run.id)).settled_transaction).toBe(4);
    await ledgerIsClean();
  });

  it('six simultaneous presses of one window settle it once', async () => {
    await finalizedPayins('SIX', 45, '2025-04-05 00:10', 30);
    const window = { type: 'fello_qris', start: '2025-04-05 00:00', end: '2025-04-05 23:59' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => press(window)));
    for (const a of answers) expect([200, 422]).toContain(a.status);
    const started = answers.filter((a) => a.status === 200 && a.body.data.joined === false);
    expect(started).toHaveLength(1);
    const runIds = new Set(answers.filter((a) => a.status === 200).map((a) => a.body.data.run.id));
    for (const id of runIds) await finished(id);
    const rows = await payinsOf('SIX');
    expect(rows.every((r) => r.status === 'SETTLED' && Number(r.n_moves) === 1)).toBe(true);
    const runs = (
      await db().execute<{ n: number }>(
        sql`select count(*)::int as n from settlement_runs where window_start = ${window.start} and settled_count > 0`,
      )
    ).rows;
    expect(Number(runs[0].n)).toBe(1);
    await ledgerIsClean();
  });

  it('two overlapping windows pressed at once settle each pay-in once', async () => {
    await finalizedPayins('OVERLAP', 60, '2025-04-07 00:00', 60);
    const a = { type: 'fello_qris', start: '2025-04-07 00:00', end: '2025-04-08 12:00' };
    const b = { type: 'fello_qris', start: '2025-04-08 00:00', end: '2025-04-09 23:59' };
    const [ra, rb] = await Promise.all([press(a), press(b)]);
    expect(ra.status).toBe(200);
    expect(rb.status).toBe(200);
    const [runA, runB] = await Promise.all([finished(ra.body.data.run.id), finished(rb.body.data.run.id)]);
    expect(runA.status).toBe('succeeded');
    expect(runB.status).toBe('succeeded');
    expect(runA.settled_transaction + runB.settled_transaction).toBe(60);
    const rows = await payinsOf('OVERLAP');
    expect(rows.every((r) => r.status === 'SETTLED' && Number(r.n_moves) === 1)).toBe(true);
    await ledgerIsClean();
  });

  it('tells every SUPER ADMIN socket how far a run got, and no one else', async () => {
    await finalizedPayins('LIVE', 20, '2025-04-11 08:00', 10);
    const heard: Record<string, SettlementRun[]> = { superadmin: [], admin: [] };
    const sockets = await Promise.all(
      Object.keys(heard).map(
        (who) =>
          new Promise<ReturnType<typeof io>>((resolve, reject) => {
            const socket = io(server.url, { auth: { token: tokens[who] }, transports: ['websocket'], forceNew: true });
            socket.on(SETTLEMENT_PROGRESS_EVENT, (run: SettlementRun) => heard[who].push(run));
            socket.on('connect', () => resolve(socket));
            socket.on('connect_error', reject);
          }),
      ),
    );
    try {
      const res = await press({ type: 'fello_qris', start: '2025-04-11 00:00', end: '2025-04-11 23:59' });
      await finished(res.body.data.run.id);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const seen = heard.superadmin.filter((r) => r.id === res.body.data.run.id);
      expect(seen.at(-1)).toMatchObject({ status: 'succeeded', settled_transaction: 20 });
      // Batches of 7: progress arrived before the end, and never went backwards.
      expect(seen.some((r) => r.status === 'running' && r.settled_transaction > 0 && r.settled_transaction < 20)).toBe(
        true,
      );
      const counts = seen.map((r) => r.settled_transaction);
      expect(counts).toEqual([...counts].sort((x, y) => x - y));
      expect(heard.admin).toEqual([]);
    } finally {
      for (const socket of sockets) socket.close();
    }
  });

  it('lists recent runs and exports a run report', async () => {
    const runs = (await get('/transaction/settlement-runs')).body.data as SettlementRun[];
    expect(runs.length).toBeGreaterThan(0);
    const done = runs.find((r) => r.status === 'succeeded')!;
    const report = await get(`/transaction/settlement-report?run_id=${done.id}`);
    expect(report.status).toBe(200);
    expect(report.body.data.filename).toMatch(/^settlement-fello_qris-\d+\.xlsx$/);
    const bytes = Buffer.from(report.body.data.content, 'base64');
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect((await get('/transaction/settlement-report?run_id=999999')).status).toBe(404);
    expect((await get('/transaction/settlement-runs', 'admin')).status).toBe(403);
  });

  it("keeps two clients of one name apart in a run's report, as the settle screen does", async () => {
    const runs = (await get('/transaction/settlement-runs')).body.data as SettlementRun[];
    const done = runs.find((r) => r.status === 'succeeded')!;
    const { rows: groups } = await db().execute<{ n: number }>(sql`
      select count(distinct (client_id, service_type))::int as n from transactions where settlement_run_id = ${done.id}`);
    const { rows: names } = await db().execute<{ client_name: string }>(
      sql`select client_name from clients where id = 1`,
    );
    const { rows: before } = await db().execute<{ client_name: string }>(
      sql`select client_name from clients where id = 2`,
    );
    await db().execute(sql`update clients set client_name = ${names[0].client_name} where id = 2`);
    try {
      const report = await get(`/transaction/settlement-report?run_id=${done.id}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(Buffer.from(report.body.data.content, 'base64') as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Rows')!;
      // The header, then one row per client and service: none merged by the shared name.
      expect(sheet.rowCount - 1).toBe(groups[0].n);
    } finally {
      await db().execute(sql`update clients set client_name = ${before[0].client_name} where id = 2`);
    }
  });
});

async function payinNet(prefix: string) {
  const rows = (
    await db().execute<{ correlation_id: string; net: string }>(sql`
    select correlation_id, amount - fee_amount as net from transactions
      where correlation_id like ${`${prefix}-%`} order by id`)
  ).rows;
  return { total: rows.reduce((t, r) => t + Number(r.net), 0), first: Number(rows[0].net) };
}
