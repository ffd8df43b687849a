import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteOutput } from '../../src/services/routeOutput.ts';
import { moneyRouteOutputs } from '../../src/services/routeOutputsMoney.ts';
import { routes } from '../../src/services/routes.ts';
import type { SettlementRun } from '../../src/services/settlementRules.ts';
import type { Db } from '../db/connect.ts';
import { transactions } from '../db/schema.ts';
import { bulkCreditPayins } from '../domain/payinLedgerBulk.ts';
import { providerAnswer } from '../providers/simulator.ts';
import { makeDisbursement } from './disbursementsTestKit.ts';
import {
  call,
  freshAuthenticatorCode,
  signInVerified,
  startTestServer,
  withdrawalRequestBody,
  type CallResult,
  type TestServer,
} from './harness.ts';
import { setupMoney } from './setupMoney.ts';

/**
 * Issue 30: the money routes' declared answers (routeOutputsMoney.ts) hold for what the server really
 * sends. Every route is called in each success case it declares (200, 201 made, 202 held for a second
 * SUPER ADMIN) on the demo data, and its envelope's data and meta are parsed with the declared schemas:
 * strict objects, so a property the schema does not name fails too.
 */
type MoneyRoute = keyof typeof moneyRouteOutputs;

let server: TestServer;
let dataDir: string;
const session: Record<string, { token: string; secret: string }> = {};
const WIDE = { start: '2000-01-01 00:00', end: '2100-01-01 00:00' };
let seq = 0;

beforeAll(async () => {
  // An e-mailed export with no SMTP server lands as an .eml file under DATA_DIR: a folder of this test's own.
  dataDir = await mkdtemp(join(tmpdir(), 'money-answers-'));
  server = await startTestServer({ env: { DATA_DIR: dataDir } });
  for (const who of ['superadmin', 'client']) session[who] = await signInVerified(server, `${who}@demo.local`);
});
afterAll(async () => {
  await server?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const db = () => server.database.db as Db;
const urlOf = (route: MoneyRoute, query?: Record<string, string>) =>
  routes[route].path + (query ? `?${new URLSearchParams(query)}` : '');
const send = (route: MoneyRoute, options: { who?: string; query?: Record<string, string>; body?: unknown } = {}) =>
  call(server, routes[route].method, urlOf(route, options.query), {
    token: session[options.who ?? 'superadmin'].token,
    body: options.body,
  });

/** A multipart upload (the void file, providers' reports). */
async function upload(route: MoneyRoute, files: Array<{ name: string; content: string }>, fields = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  for (const file of files) form.append('file', new Blob([file.content]), file.name);
  const response = await fetch(server.url + routes[route].path, {
    method: routes[route].method,
    headers: { authorization: `Bearer ${session.superadmin.token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() } as CallResult;
}

/** Which success cases of which routes this file has checked: every declared one must be, by the end. */
const checked = new Map<MoneyRoute, Set<number>>();

/** What the declared schema finds wrong with one part of the envelope (none: it holds). */
function problemsOf(part: 'data' | 'meta', schema: v.GenericSchema | undefined, body: Record<string, unknown>) {
  if (!schema) return part in body ? [`${part} was sent but is not declared`] : [];
  const result = v.safeParse(schema, body[part]);
  if (result.success) return [];
  return result.issues.map((issue) => `${[part, v.getDotPath(issue)].filter(Boolean).join('.')}: ${issue.message}`);
}

/** The answer is a success envelope of a declared status whose data and meta parse with the declared schemas. */
function expectDeclared(route: MoneyRoute, res: CallResult) {
  const outputs: RouteOutput = moneyRouteOutputs[route];
  const status = res.status as 200 | 201 | 202;
  const declared = outputs[status];
  expect(declared, `${route} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 400)}`).toBeDefined();
  const { status: word, message, data: _data, meta: _meta, ...rest } = res.body;
  expect({ word, message: typeof message, rest }).toEqual({ word: 'success', message: 'string', rest: {} });
  expect([...problemsOf('data', declared!.data, res.body), ...problemsOf('meta', declared!.meta, res.body)]).toEqual(
    [],
  );
  checked.set(route, (checked.get(route) ?? new Set()).add(res.status));
  return res.body;
}

const freshOtp = (who: string) => freshAuthenticatorCode(server, who, session[who].secret);

/** Pay-ins of client 1 of our own making; FINALIZED ones are credited, as a paid pay-in is. */
async function payins(
  count: number,
  over: Partial<typeof transactions.$inferInsert> & { at?: string } = {},
): Promise<string[]> {
  const { at, ...values } = over;
  const time = at ? new Date(`${at.replace(' ', 'T')}:00+07:00`) : new Date(Date.now() - 60_000);
  const rows = Array.from({ length: count }, () => {
    const correlationId = values.correlationId ?? `MA-${++seq}-${Date.now()}`;
    return {
      uuid: `u-${correlationId}`,
      clientId: 1,
      type: 'fello_qris' as const,
      serviceType: 'QRIS',
      correlationId,
      accountNo: 'ID10123',
      amount: 100_000 + seq,
      feeAmount: 700,
      status: 'PENDING' as const,
      transactionTime: time,
      ...values,
    };
  });
  await db().insert(transactions).values(rows);
  const ids = rows.map((r) => r.correlationId);
  if (rows[0].status === 'FINALIZED')
    await setupMoney(db(), (tx) => bulkCreditPayins(tx, sql`t.correlation_id in (${sql.join(ids, sql`, `)})`));
  return ids;
}

/** A correlation id the provider simulator answers PAID. */
function paidByProvider() {
  for (let i = 0; ; i++) if (providerAnswer(`MA-PAID-${i}`).status === 'PAID') return `MA-PAID-${i}`;
}

const withdrawalBody = async () => withdrawalRequestBody(await freshOtp('client'));

const requestWithdrawal = async (key: string) =>
  fetch(server.url + routes.addWithdrawal.path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.client.token}`,
      'idempotency-key': key,
    },
    body: JSON.stringify(await withdrawalBody()),
  }).then(async (r) => ({ status: r.status, body: await r.json() }) as CallResult);

describe('balances and withdrawals', () => {
  it('answers balances, the withdrawal history, a request (and its replay) and a decision as declared', async () => {
    const query = { client_filter: '1' };
    expectDeclared('currentBalance', await send('currentBalance', { who: 'client', query }));
    expectDeclared('accountSummary', await send('accountSummary', { who: 'client', query }));
    const key = `ma-made-${Date.now()}`;
    const made = expectDeclared('addWithdrawal', await requestWithdrawal(key));
    expect(made.data.status).toBe('PENDING');
    expect(expectDeclared('addWithdrawal', await requestWithdrawal(key)).data).toEqual(made.data);
    const decided = expectDeclared(
      'updateWithdrawal',
      await send('updateWithdrawal', { body: { uuid: made.data.uuid, status: 'COMPLETED' } }),
    );
    expect(decided.data.completed_time).not.toBeNull();
    const history = expectDeclared(
      'withdrawalHistory',
      await send('withdrawalHistory', { who: 'client', query: { ...query, ...WIDE, limit: '50' } }),
    );
    // Both kinds of row: one still PENDING (completed_time null) and the one just COMPLETED.
    expect(history.data.some((row: { completed_time: string | null }) => row.completed_time === null)).toBe(true);
    expect(history.data.some((row: { uuid: string }) => row.uuid === made.data.uuid)).toBe(true);
  });
});

describe('the disbursement balance', () => {
  it('answers an adjustment, the deposits of a window and their paged history as declared', async () => {
    const adjusted = expectDeclared(
      'updateBalance',
      await send('updateBalance', { body: { client_id: 1, amount: 1_000 } }),
    );
    expect(adjusted.data.amount).toBe(1_000);
    await makeDisbursement(db(), { clientId: 1, status: 'PENDING_REQUEST' });
    const query = { client_filter: '1', ...WIDE };
    const deposits = expectDeclared('payinList', await send('payinList', { query }));
    expect(deposits.data.length).toBeGreaterThan(0);
    const history = expectDeclared('balanceHistory', await send('balanceHistory', { query: { ...query, page: '1' } }));
    expect(history.meta.total).toBeGreaterThan(0);
  });
});

describe('pay-ins', () => {
  it('answers the list, its tiles and both kinds of export as declared', async () => {
    const [id] = await payins(1, { status: 'FINALIZED', paidTime: new Date(), rrn: '123412341234' });
    const filter = { ...WIDE, search_by: 'correlation_id', search: id };
    const list = expectDeclared('transactionList', await send('transactionList', { query: { ...WIDE, limit: '100' } }));
    expect(list.data.length).toBe(100);
    expect(expectDeclared('transactionList', await send('transactionList', { query: filter })).data).toHaveLength(1);
    expectDeclared('transactionSummary', await send('transactionSummary', { query: WIDE }));
    const file = expectDeclared('transactionDownload', await send('transactionDownload', { query: filter }));
    expect(file.data.filename).toMatch(/\.xlsx$/);
    const mailed = expectDeclared(
      'transactionDownload',
      await send('transactionDownload', { query: { ...filter, email: 'finance@example.com' } }),
    );
    expect(mailed.data).toBeUndefined();
  });

  it('answers a refresh from the channel, a finalize, adding to withdrawable, an invoice and a callback as declared', async () => {
    const [paid] = await payins(1, { correlationId: paidByProvider() });
    const refreshed = expectDeclared(
      'refreshTransactionStatus',
      await send('refreshTransactionStatus', { body: { correlation_id: paid } }),
    );
    expect(refreshed.data.status).toBe('FINALIZED');
    const [late] = await payins(1, { status: 'REQUEST_TIMEOUT' });
    expectDeclared(
      'finalizeTransaction',
      await send('finalizeTransaction', {
        body: { correlation_id: late, rrn: '998877665544', paid_time: '2025-06-01 10:15:00' },
      }),
    );
    expectDeclared('addToWithdrawable', await send('addToWithdrawable', { body: { correlation_id: late } }));
    const invoice = expectDeclared(
      'generateInvoice',
      await send('generateInvoice', { body: { correlation_id: late } }),
    );
    expect(invoice.data.correlation_id).toBe(late);
    const resent = expectDeclared('resendCallback', await send('resendCallback', { body: { correlation_id: [late] } }));
    expect(resent.data).toEqual({ delivered: 1, failed: 0 });
    // Issue 47: the delivery log of that callback, and its attempts.
    const log = expectDeclared('callbacks', await send('callbacks', { query: { correlation_id: late } }));
    expect(log.data).toEqual([expect.objectContaining({ correlation_id: late, outcome: 'delivered' })]);
    const attempts = expectDeclared(
      'callbackAttempts',
      await call(server, 'GET', routes.callbackAttempts.path.replace(':correlationId', late), {
        token: session.superadmin.token,
      }),
    );
    expect(attempts.data[0]).toMatchObject({ trigger: 'person', triggered_by: 'superadmin@demo.local', ok: true });
  });

  it('answers Process Transactions, previewed and applied, as declared', async () => {
    await payins(3, { status: 'FINALIZED', paidTime: new Date(), at: '2019-03-01 10:00' });
    const body = { start: '2019-03-01 00:00', end: '2019-03-01 23:59', client_id: '1', status: 'FINALIZED' };
    const preview = expectDeclared(
      'processTransactions',
      await send('processTransactions', { body: { ...body, dry_run: true } }),
    );
    expect(preview.data).toMatchObject({ count: 3, needs_approval: false });
    const applied = expectDeclared(
      'processTransactions',
      await send('processTransactions', {
        body: { ...body, expected_count: preview.data.count, expected_amount: preview.data.amount },
      }),
    );
    expect(applied.data).toMatchObject({ processed: 3, skipped: 0 });
  });

  it("answers 'Check Transactions' as declared, found and missing rows alike", async () => {
    const [id] = await payins(1, { status: 'FINALIZED', paidTime: new Date() });
    const report = `correlation_id,status,amount\n${id},SUCCESS,Rp 100.000\nMA-NOT-OURS,PAID,5000\nMA-NO-FIGURES,,\n`;
    const res = await upload('checkTransactionsFile', [{ name: 'report.csv', content: report }], {
      settlementType: 'fello_qris',
    });
    const answer = expectDeclared('checkTransactionsFile', res);
    expect(answer.data.summary).toMatchObject({ rows: 3, found: 1, missing: 2 });
  });
});

describe('disbursements', () => {
  it('answers the list, its tiles and both kinds of export as declared', async () => {
    const d = await makeDisbursement(db(), { clientId: 1, status: 'FINALIZED' });
    const filter = { ...WIDE, search_by: 'correlation_id', search: d.correlationId };
    const list = expectDeclared(
      'disbursementList',
      await send('disbursementList', { query: { ...WIDE, limit: '100' } }),
    );
    expect(list.data.length).toBeGreaterThan(0);
    expect(expectDeclared('disbursementList', await send('disbursementList', { query: filter })).data).toHaveLength(1);
    expectDeclared('disbursementSummary', await send('disbursementSummary', { query: WIDE }));
    const file = expectDeclared('disbursementDownload', await send('disbursementDownload', { query: filter }));
    expect(file.data.filename).toMatch(/\.xlsx$/);
    const mailed = expectDeclared(
      'disbursementDownload',
      await send('disbursementDownload', { query: { ...filter, email: 'finance@example.com' } }),
    );
    expect(mailed.data).toBeUndefined();
  });

  it('answers a decision, a refresh from the provider, an invoice and adding to withdrawable as declared', async () => {
    const requested = await makeDisbursement(db(), { clientId: 1, status: 'PENDING_REQUEST' });
    const decided = expectDeclared(
      'updateDisbursement',
      await send('updateDisbursement', { body: { uuid: requested.uuid, status: 'COMPLETED' } }),
    );
    expect(decided.data.paid_time).not.toBeNull();
    // The simulator confirms a correlation id ending in 4-6.
    const open = await makeDisbursement(db(), { clientId: 1, status: 'PENDING', lastDigit: 5 });
    const refreshed = expectDeclared(
      'refreshDisbursementStatus',
      await send('refreshDisbursementStatus', { body: { uuid: open.uuid } }),
    );
    expect(refreshed.data).toMatchObject({ changed: true, status: 'FINALIZED' });
    expectDeclared(
      'disbursementInvoice',
      await send('disbursementInvoice', { body: { correlation_id: open.correlationId } }),
    );
    const rejected = await makeDisbursement(db(), { clientId: 1, status: 'REJECTED' });
    const added = expectDeclared(
      'addDisbursementToWithdrawable',
      await send('addDisbursementToWithdrawable', { body: { uuid: rejected.uuid } }),
    );
    expect(added.data.added_to_withdrawable).toBe(true);
  });

  it('answers the void upload, previewed and applied, as declared', async () => {
    const d = await makeDisbursement(db(), { clientId: 1, status: 'FINALIZED' });
    const file = [{ name: 'void.csv', content: `correlation_id\n${d.correlationId}\nMA-NO-SUCH\n` }];
    const preview = expectDeclared(
      'voidDisbursementsFile',
      await upload('voidDisbursementsFile', file, { dry_run: true }),
    );
    expect(preview.data).toMatchObject({ dry_run: true, needs_approval: false });
    const applied = expectDeclared('voidDisbursementsFile', await upload('voidDisbursementsFile', file));
    expect(applied.data.summary).toMatchObject({ voided: 1, not_found: 1 });
  });
});

describe('settlement', () => {
  it("answers a window's rows, the press, the run, the runs and the report as declared", async () => {
    await payins(4, { status: 'FINALIZED', paidTime: new Date(), at: '2019-04-01 09:00' });
    const window = { type: 'fello_qris', start: '2019-04-01 00:00', end: '2019-04-01 23:59' };
    const rows = expectDeclared('settlementStatus', await send('settlementStatus', { query: window }));
    expect(rows.data.length).toBeGreaterThan(0);
    const started = expectDeclared('settle', await send('settle', { body: window }));
    const id = String(started.data.run.id);
    let run: SettlementRun | undefined;
    for (let i = 0; i < 300 && run?.status !== 'succeeded'; i++) {
      if (i) await new Promise((resolve) => setTimeout(resolve, 100));
      run = expectDeclared('settlementRun', await send('settlementRun', { query: { id } })).data;
    }
    expect(run).toMatchObject({ status: 'succeeded', settled_transaction: 4 });
    expect(run!.finished_at).not.toBeNull();
    expectDeclared('settlementRuns', await send('settlementRuns'));
    const report = expectDeclared('settlementReport', await send('settlementReport', { query: { run_id: id } }));
    expect(report.data.filename).toMatch(/\.xlsx$/);
  });
});

describe('movements held for a second SUPER ADMIN', () => {
  it('answer 202 with the approval id, as declared, for every action the policy can hold', async () => {
    const policy = ['balance-adjustment', 'withdrawal', 'void-upload', 'bulk-withdrawable', 'manual-finalize'].map(
      (action) => ({ action, mode: 'always', threshold: null }),
    );
    const put = await call(server, 'PUT', '/api/backoffice/approval-policy', {
      token: session.superadmin.token,
      body: { policy },
    });
    expect(put.status).toBe(200);

    const key = `ma-held-${Date.now()}`;
    const held = expectDeclared('addWithdrawal', await requestWithdrawal(key));
    expect(held.message).toBe('Waiting for approval by another SUPER ADMIN');
    // A replay with the same key answers as the first did.
    expect(expectDeclared('addWithdrawal', await requestWithdrawal(key)).data).toEqual(held.data);

    expectDeclared('updateBalance', await send('updateBalance', { body: { client_id: 1, amount: 1_000 } }));
    const [late] = await payins(1, { status: 'REQUEST_TIMEOUT' });
    expectDeclared(
      'finalizeTransaction',
      await send('finalizeTransaction', {
        body: { correlation_id: late, rrn: '112233445566', paid_time: '2025-06-01 10:15:00' },
      }),
    );
    await payins(2, { status: 'FINALIZED', paidTime: new Date(), at: '2019-03-02 10:00' });
    const body = { start: '2019-03-02 00:00', end: '2019-03-02 23:59', client_id: '1', status: 'FINALIZED' };
    const preview = expectDeclared(
      'processTransactions',
      await send('processTransactions', { body: { ...body, dry_run: true } }),
    );
    expect(preview.data.needs_approval).toBe(true);
    expectDeclared(
      'processTransactions',
      await send('processTransactions', {
        body: { ...body, expected_count: preview.data.count, expected_amount: preview.data.amount },
      }),
    );
    const d = await makeDisbursement(db(), { clientId: 1, status: 'FINALIZED' });
    const file = [{ name: 'void.csv', content: `correlation_id\n${d.correlationId}\n` }];
    expectDeclared('voidDisbursementsFile', await upload('voidDisbursementsFile', file));
  });
});

describe('the declared answers', () => {
  it('were each met by a real answer above', () => {
    const declared = Object.entries(moneyRouteOutputs).flatMap(([route, outputs]) =>
      // The success statuses (200, 201, 202); failedData describes failures, which this file does not provoke.
      Object.keys(outputs)
        .filter((key) => /^\d+$/.test(key))
        .map((status) => `${route} ${status}`),
    );
    const met = [...checked].flatMap(([route, statuses]) => [...statuses].map((status) => `${route} ${status}`));
    expect(met.sort()).toEqual(declared.sort());
  });
});
