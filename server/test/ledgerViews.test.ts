import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import type { Journal, LedgerStatement, TrialBalance } from '../../src/services/ledgerRules.ts';
import type { Db } from '../db/connect.ts';
import { postEntry } from '../domain/ledger.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { setupMoney } from './setupMoney.ts';
import { STATEMENT_EXPORT_HEADERS } from '../domain/ledgerExport.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import type { PageMeta } from '../../src/services/paging.ts';

/**
 * Issue 28: the Ledger's calls on the demo data (every kind of movement), held against what
 * `npm run ledger:check` proves: the trial balance is the postings, a statement steps by its
 * amounts to the account's balance, a journal sums to zero.
 */
const API = '/api/backoffice/ledger';
let server: TestServer;
let token: string;
const db = () => server.database.db as Db;

const get = <T>(path: string, as = token) => call<T>(server, 'GET', `${API}${path}`, { token: as });
const trial = async (query = '') => {
  const res = await get<{ data: TrialBalance }>(`/trial-balance${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
};
const statement = async (id: number, page: number, limit = 15) => {
  const res = await get<{ data: LedgerStatement; meta: PageMeta }>(
    `/accounts/${id}/entries?page=${page}&limit=${limit}`,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};
/** Each account's balance recomputed from its postings, by id. */
const postingSums = async () =>
  new Map(
    (
      await db().execute<{ id: number; total: string }>(
        sql`select a.id, coalesce(sum(p.amount), 0) as total from ledger_accounts a
        left join postings p on p.account_id = a.id group by a.id`,
      )
    ).rows.map((r) => [Number(r.id), Number(r.total)]),
  );

beforeAll(async () => {
  server = await startTestServer();
  token = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

describe('the trial balance', () => {
  it('is what ledger:check proves: every balance is its postings, and debits equal credits', async () => {
    const { problems, accounts } = await checkLedger(db());
    expect(problems).toEqual([]);
    const tb = await trial();
    expect(tb.accounts).toHaveLength(accounts);
    const sums = await postingSums();
    for (const a of tb.accounts) expect(a.balance, a.code).toBe(sums.get(a.id));
    expect(tb.totals.debit).toBeGreaterThan(0);
    expect(tb.totals.debit).toBe(tb.totals.credit);
    const positive = tb.accounts.filter((a) => a.balance > 0).reduce((s, a) => s + a.balance, 0);
    expect(tb.totals.debit).toBe(positive);
    // Client accounts carry their client's name; the system's own have none.
    const client = tb.accounts.find((a) => a.code === 'client:1:withdrawable')!;
    expect(client).toMatchObject({ client_id: 1, kind: 'withdrawable', name: 'Withdrawable' });
    expect(client.client_name).toEqual(expect.any(String));
    expect(tb.accounts.find((a) => a.code === 'system:channel_receipts')).toMatchObject({ client_id: null });
  });

  it('as of a past moment leaves out the entries written after it', async () => {
    const before = await trial();
    const [{ now }] = (await db().execute<{ now: string }>(sql`select now()::text as now`)).rows;
    const at = new Date(now).toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setupMoney(db(), (tx) =>
      postEntry(tx, {
        kind: 'test.later',
        reference: 'LATER-1',
        description: 'Written after the moment asked for',
        lines: [
          { account: { system: 'adjustments' }, amount: -12_345 },
          { account: { client: 1, kind: 'withdrawable' }, amount: 12_345 },
        ],
      }),
    );
    const code = 'client:1:withdrawable';
    const balanceOf = (tb: TrialBalance) => tb.accounts.find((a) => a.code === code)!.balance;
    const now2 = await trial();
    expect(balanceOf(now2)).toBe(balanceOf(before) + 12_345);
    const then = await trial(`?at=${encodeURIComponent(at)}`);
    expect(then.at).toBe(at);
    expect(balanceOf(then)).toBe(balanceOf(before));
    expect(then.totals.debit).toBe(then.totals.credit);
    expect(then.totals.debit).toBe(before.totals.debit);
    // Before any movement every balance was zero.
    const first = await trial(`?at=${encodeURIComponent('2000-01-01T00:00:00+07:00')}`);
    expect(first.accounts.every((a) => a.balance === 0)).toBe(true);
    expect(first.totals).toEqual({ debit: 0, credit: 0 });
    // Issue 43: the answer says when the first entry was posted, so the screen can say why all is zero.
    const [edge] = (
      await db().execute<{ before: number; within: number }>(
        sql`select count(*) filter (where created_at < ${first.first_posting_at}::timestamptz)::int as before,
          count(*) filter (where created_at < ${first.first_posting_at}::timestamptz + interval '1 millisecond')::int
            as within
        from journal_entries`,
      )
    ).rows;
    expect(edge).toEqual({ before: 0, within: expect.any(Number) });
    expect(edge.within).toBeGreaterThan(0);
    expect(Date.parse(then.first_posting_at!)).toBeLessThanOrEqual(Date.parse(at));
    expect(now2.first_posting_at).toBeNull();
    expect((await checkLedger(db())).problems).toEqual([]);
  });
});

describe("an account's statement", () => {
  it('runs newest first, each balance the one after its entry, stepping by the amounts down to zero', async () => {
    const tb = await trial();
    const account = tb.accounts.find((a) => a.code === 'client:1:nonwithdrawable')!;
    const [{ n }] = (
      await db().execute<{ n: number }>(sql`select count(*)::int as n from postings where account_id = ${account.id}`)
    ).rows;
    expect(n).toBeGreaterThan(30);
    const one = await statement(account.id, 1);
    expect(one.data.account).toMatchObject({ id: account.id, code: account.code, balance: account.balance });
    expect(one.meta).toMatchObject({ current_page: 1, total: n, per_page: 15, last_page: Math.ceil(n / 15) });
    expect(one.data.entries).toHaveLength(15);
    expect(one.data.entries[0].balance).toBe(account.balance);
    const steps = (entries: LedgerStatement['entries']) =>
      entries.slice(1).every((e, i) => e.balance === entries[i].balance - entries[i].amount);
    expect(steps(one.data.entries)).toBe(true);
    const ids = one.data.entries.map((e) => e.posting_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(one.data.entries[0]).toMatchObject({ reference: expect.any(String), kind: expect.stringMatching(/\./) });
    expect(Number.isNaN(Date.parse(one.data.entries[0].time))).toBe(false);

    const two = await statement(account.id, 2);
    const lastOfOne = one.data.entries.at(-1)!;
    expect(two.data.entries[0].balance).toBe(lastOfOne.balance - lastOfOne.amount);
    expect(steps(two.data.entries)).toBe(true);

    const last = await statement(account.id, one.meta.last_page);
    const oldest = last.data.entries.at(-1)!;
    expect(oldest.balance - oldest.amount).toBe(0);
  });

  it('exports the whole statement as .xlsx, the first balance the account balance', async () => {
    const account = (await trial()).accounts.find((a) => a.code === 'client:1:withdrawable')!;
    const res = await get<{ data: { content: string; filename: string } }>(`/accounts/${account.id}/entries/download`);
    expect(res.status).toBe(200);
    expect(res.body.data.filename).toBe('Ledger Statement.xlsx');
    const sheet = XLSX.read(Buffer.from(res.body.data.content, 'base64')).Sheets['Statement'];
    const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null });
    expect(cells[0]).toEqual(STATEMENT_EXPORT_HEADERS);
    const { meta } = await statement(account.id, 1);
    expect(cells).toHaveLength(meta.total + 1);
    expect(cells[1][5]).toBe(account.balance);
    const oldest = cells.at(-1)!;
    expect((oldest[5] as number) - (oldest[4] as number)).toBe(0);
  });
});

describe("a reference's journal", () => {
  it("names a withdrawal's accounts, each entry summing to zero, by uuid", async () => {
    const [w] = (
      await db().execute<{ uuid: string; client_id: number; amount: string }>(
        sql`select uuid, client_id, amount from withdrawals where status = 'COMPLETED' order by id limit 1`,
      )
    ).rows;
    const res = await get<{ data: Journal }>(`/journal?reference=${w.uuid}`);
    expect(res.status).toBe(200);
    const { entries } = res.body.data;
    expect(entries.map((e) => e.kind)).toEqual(['withdrawal.request', 'withdrawal.decision']);
    for (const e of entries) {
      expect(e.reference).toBe(w.uuid);
      expect(e.postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
    }
    const codes = new Set(entries.flatMap((e) => e.postings.map((p) => p.account_code)));
    expect(codes).toContain(`client:${w.client_id}:withdrawable`);
    expect(codes).toContain(`client:${w.client_id}:pending_withdrawal`);
    const request = entries[0].postings.find((p) => p.account_code.endsWith(':pending_withdrawal'))!;
    expect(request.amount).toBe(Number(w.amount));
  });

  it("finds a disbursement's entries by its correlation id as by its uuid", async () => {
    const [d] = (
      await db().execute<{ uuid: string; correlation_id: string }>(
        sql`select uuid, correlation_id from disbursements where status = 'FINALIZED' order by id limit 1`,
      )
    ).rows;
    const byUuid = await get<{ data: Journal }>(`/journal?reference=${d.uuid}`);
    const byCorrelation = await get<{ data: Journal }>(`/journal?reference=${encodeURIComponent(d.correlation_id)}`);
    expect(byUuid.status).toBe(200);
    expect(byUuid.body.data.entries.map((e) => e.kind)).toEqual(['disbursement.hold', 'disbursement.settle']);
    expect(byCorrelation.body.data.entries).toEqual(byUuid.body.data.entries);
    for (const e of byUuid.body.data.entries) expect(e.postings.reduce((s, p) => s + p.amount, 0)).toBe(0);
  });
});

describe('refusals', () => {
  it('refuses bad input with 400 naming it, an unknown account or reference with 404, and other users with 403', async () => {
    const cases: Array<[string, number, RegExp]> = [
      ['/trial-balance?at=yesterday', 400, /^at must be an ISO 8601 moment/],
      ['/trial-balance?at=2026-02-30T10:00:00Z', 400, /^at must be an ISO 8601 moment/],
      ['/trial-balance?as_of=2026-01-01T00:00:00Z', 400, /Unknown field 'as_of'/],
      ['/accounts/abc/entries', 400, /^The account id must be a number$/],
      ['/accounts/1/entries?limit=7', 400, /^limit must be one of 15, 30, 50$/],
      ['/accounts/999999/entries', 404, /^No ledger account has this id$/],
      ['/accounts/999999/entries/download', 404, /^No ledger account has this id$/],
      ['/journal?reference=', 400, /^reference is required$/],
      ['/journal?reference=%20%20', 400, /^reference is required$/],
      ['/journal', 400, /^reference is required$/],
      ['/journal?reference=NO-SUCH-REF', 404, /^No journal entry has the reference NO-SUCH-REF$/],
    ];
    for (const [path, status, message] of cases) {
      const res = await get<{ message: string }>(path);
      expect([path, res.status, res.body.message]).toEqual([path, status, expect.stringMatching(message)]);
    }
    for (const email of ['admin@demo.local', 'client@demo.local']) {
      const other = (await signInVerified(server, email)).token;
      expect((await get('/trial-balance', other)).status).toBe(403);
    }
  });
});

describe('the ledger module', () => {
  const holders = async () =>
    (
      await db().execute<{ name: string; type: string }>(
        sql`select r.name, r.type from roles r join role_modules rm on rm.role_id = r.id
        where rm.module_id = 'ledger' order by r.name`,
      )
    ).rows;

  it("is the demo SUPER ADMIN and AUDITOR roles', and migration 0021 gives it back to existing SUPER ADMIN roles only", async () => {
    expect(await holders()).toEqual([
      { name: 'Auditor', type: 'AUDITOR' },
      { name: 'Super Admin', type: 'SUPER ADMIN' },
    ]);
    await db().execute(sql`delete from role_modules where module_id = 'ledger'`);
    expect(await holders()).toEqual([]);
    const migration = readFileSync(new URL('../db/migrations/0021_ledger_module.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db().execute(sql.raw(statement));
    expect(await holders()).toEqual([{ name: 'Super Admin', type: 'SUPER ADMIN' }]);
    expect((await trial()).accounts.length).toBeGreaterThan(0);
  });
});
