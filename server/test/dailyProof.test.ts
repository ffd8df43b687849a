import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import * as XLSX from 'xlsx';
import {
  MOVEMENT_NAMES,
  PROOF_ACCOUNTS,
  type DailyProof,
  type ProofAccount,
  type ProofAmounts,
} from '../../src/services/dailyProofRules.ts';
import { loadConfig } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { inTransaction } from '../db/transaction.ts';
import { DAILY_PROOF_HEADERS, proofRows } from '../domain/dailyProofExport.ts';
import { clientAccountKinds, postEntry } from '../domain/ledger.ts';
import { businessDay } from '../domain/payinFilter.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { API, Sessions } from './lifecycleWalkKit.ts';
import { voidUpload } from './walkDisbursements.ts';
import { balancesOf } from './walkMoney.ts';
import { settle } from './walkPayins.ts';
import { WalkRecords } from './walkRecords.ts';
import { requestWithdrawal, withdrawalKey } from './walkWithdrawals.ts';

/**
 * Issue 43: a client's daily proof (opening + movements by kind = closing) equals the ledger, read
 * here by the test's own SQL: on every client and business day of the demo data, and on a day the
 * test moves money of every kind through the API, each kind's movement written out by hand.
 */
const TZ = loadConfig({}).businessTimeZone;
let server: TestServer;
let sessions: Sessions;
let auditor: string;
const db = () => server.database.db as Db;

const proofPath = (clientId: number | string, day: string, download = false) =>
  `${API}/ledger/daily-proof${download ? '/download' : ''}?${new URLSearchParams({ client_id: String(clientId), day })}`;

async function proofOf(clientId: number, day: string): Promise<DailyProof> {
  const res = await call<{ data: DailyProof }>(server, 'GET', proofPath(clientId, day), { token: auditor });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const amounts = (rows: Array<{ account: string; amount: string }>): ProofAmounts => {
  const out = Object.fromEntries(PROOF_ACCOUNTS.map((a) => [a, 0])) as ProofAmounts;
  for (const r of rows) out[r.account as ProofAccount] += Number(r.amount);
  return out;
};

/** The client's balances from its postings before the start of `day` on the business clock (the test's own reading). */
async function postingsBefore(clientId: number, day: string): Promise<ProofAmounts> {
  const { rows } = await db().execute<{ account: string; amount: string }>(sql`
    select a.kind as account, sum(p.amount) as amount
    from postings p join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
    where a.client_id = ${clientId} and e.created_at < (${day}::date::timestamp at time zone ${TZ})
    group by a.kind`);
  return amounts(rows);
}

/** The day's postings by entry kind, per account. */
async function postingsOfDay(clientId: number, day: string): Promise<Record<string, ProofAmounts>> {
  const { rows } = await db().execute<{ kind: string; account: string; amount: string }>(sql`
    select e.kind, a.kind as account, sum(p.amount) as amount
    from postings p join journal_entries e on e.id = p.entry_id join ledger_accounts a on a.id = p.account_id
    where a.client_id = ${clientId}
      and e.created_at >= (${day}::date::timestamp at time zone ${TZ})
      and e.created_at < ((${day}::date + 1)::timestamp at time zone ${TZ})
    group by e.kind, a.kind`);
  const kinds = [...new Set(rows.map((r) => r.kind))];
  return Object.fromEntries(kinds.map((kind) => [kind, amounts(rows.filter((r) => r.kind === kind))]));
}

const byKind = (proof: DailyProof) => Object.fromEntries(proof.movements.map((m) => [m.kind, m.amounts]));
const everyAgrees = (proof: DailyProof) => PROOF_ACCOUNTS.every((a) => proof.agrees[a]);
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await startTestServer();
  sessions = new Sessions(server);
  auditor = (await sessions.of('auditor')).token;
});
afterAll(async () => {
  await server?.close();
});

describe('the daily proof', () => {
  it('shows the same five accounts, in the same order, as the ledger keeps per client', () => {
    expect(PROOF_ACCOUNTS).toEqual(clientAccountKinds);
  });

  it('equals the ledger for every client on every business day of the demo data, and chains day to day', async () => {
    const days = (
      await db().execute<{ day: string }>(sql`
        select distinct to_char(created_at at time zone ${TZ}, 'YYYY-MM-DD') as day from journal_entries order by 1`)
    ).rows.map((r) => r.day);
    const clients = (await db().execute<{ id: number }>(sql`select id from clients order by id`)).rows.map((r) =>
      Number(r.id),
    );
    expect(days.length).toBeGreaterThan(0);
    expect(clients.length).toBeGreaterThan(1);
    // The day before the first posting, each day with postings, and the day after the last (nothing moves).
    const asked = [
      ...new Set([days[0].replace(/^(\d{4})/, (y) => String(Number(y) - 1)), ...days, nextDay(days.at(-1)!)]),
    ];
    for (const clientId of clients) {
      let previous: DailyProof | null = null;
      for (const day of asked) {
        const proof = await proofOf(clientId, day);
        const where = `client ${clientId}, ${day}`;
        expect(proof.day, where).toBe(day);
        expect(everyAgrees(proof), where).toBe(true);
        expect(proof.opening, where).toEqual(await postingsBefore(clientId, day));
        expect(byKind(proof), where).toEqual(await postingsOfDay(clientId, day));
        expect(proof.closing, where).toEqual(await postingsBefore(clientId, nextDay(day)));
        expect(proof.ledger, where).toEqual(proof.closing);
        for (const m of proof.movements) expect(m.name, where).toBe(MOVEMENT_NAMES[m.kind]);
        if (previous && nextDay(previous.day) === day) expect(proof.opening, where).toEqual(previous.closing);
        previous = proof;
      }
      // After the last day, the proof's closing is the ledger's cached balance.
      const cached = await balancesOf(db(), clientId);
      for (const account of PROOF_ACCOUNTS)
        expect(previous!.closing[account], `${clientId} ${account}`).toBe(cached[account]);
    }
  });
});

describe('a day in which money of every kind moves through the API', () => {
  it('adds each kind by exactly what it moved, and still equals the ledger', async () => {
    const today = businessDay(TZ);
    const records = new WalkRecords(sessions, TZ);
    const before = await proofOf(1, today);
    const ok = async (res: Promise<{ status: number; body: any }>, status = 200) => {
      const answer = await res;
      expect(answer.status, JSON.stringify(answer.body)).toBe(status);
      return answer;
    };
    const superadmin = (method: string, path: string, body?: unknown) =>
      sessions.call('superadmin', method, path, body);

    // A master balance adjustment onto the disbursement balance.
    await ok(superadmin('PATCH', '/transaction/update-balance', { client_id: 1, amount: 300_000 }));
    // Two pay-ins finalized; one added to withdrawable by hand, the other settled.
    const byHand = await records.insertPayin('fello_qris', 1);
    const settled = await records.insertPayin('fello_qris', 1);
    for (const p of [byHand, settled])
      await ok(
        superadmin('PATCH', '/transaction/finalized-transaction', {
          correlation_id: p.correlationId,
          rrn: '201901010001',
          paid_time: `${p.minute}:00`,
        }),
      );
    await ok(superadmin('PATCH', '/balance/add-withdrawable-balance', { correlation_id: byHand.correlationId }));
    await ok(settle(sessions, 'SUPER ADMIN', settled));
    // Two disbursements held (no API makes one): one paid out then voided, one rejected then added to withdrawable.
    const paid = await records.createDisbursement(1);
    const rejected = await records.createDisbursement(1);
    await ok(superadmin('PATCH', '/transaction/update-disbursement', { uuid: paid.uuid, status: 'COMPLETED' }));
    await ok(voidUpload(server, (await sessions.of('superadmin')).token, paid.correlationId));
    await ok(superadmin('PATCH', '/transaction/update-disbursement', { uuid: rejected.uuid, status: 'REJECTED' }));
    await ok(superadmin('PATCH', '/balance/add-withdrawable-disbursement', { uuid: rejected.uuid }));
    // A withdrawal requested and completed; a transfer to disburse requested and rejected.
    const withdrawal = await ok(requestWithdrawal(sessions, 'withdrawal', withdrawalKey()), 201);
    await ok(
      superadmin('PATCH', '/balance/update-withdrawal', { uuid: withdrawal.body.data.uuid, status: 'COMPLETED' }),
    );
    const transfer = await ok(requestWithdrawal(sessions, 'transfer', withdrawalKey()), 201);
    await ok(superadmin('PATCH', '/balance/update-withdrawal', { uuid: transfer.body.data.uuid, status: 'REJECTED' }));

    const after = await proofOf(1, today);
    // By hand: each kind's entries today and what they moved on client 1's accounts (Rp. 100,000 pay-ins with a
    // Rp. 700 fee, Rp. 150,000 disbursements with a Rp. 2,500 fee, Rp. 100,000 withdrawals: walkMoney.ts).
    const zero: ProofAmounts = {
      nonwithdrawable: 0,
      withdrawable: 0,
      pending_withdrawal: 0,
      disbursement: 0,
      disbursement_hold: 0,
    };
    const expected: Record<string, { entries: number; moves: Partial<ProofAmounts> }> = {
      'payin.finalized': { entries: 2, moves: { nonwithdrawable: 198_600 } },
      'payin.withdrawable': { entries: 2, moves: { nonwithdrawable: -198_600, withdrawable: 198_600 } },
      'withdrawal.request': { entries: 2, moves: { withdrawable: -200_000, pending_withdrawal: 200_000 } },
      // Completed: to the bank (no account of the client's); rejected: back to withdrawable.
      'withdrawal.decision': { entries: 2, moves: { pending_withdrawal: -200_000, withdrawable: 100_000 } },
      'disbursement.adjustment': { entries: 1, moves: { disbursement: 300_000 } },
      'disbursement.hold': { entries: 2, moves: { disbursement: -305_000, disbursement_hold: 305_000 } },
      // Paid: to the bank and fees; released: back to the disbursement balance.
      'disbursement.settle': { entries: 2, moves: { disbursement_hold: -305_000, disbursement: 152_500 } },
      'disbursement.void': { entries: 1, moves: { disbursement: 152_500 } },
      'disbursement.withdrawable': { entries: 1, moves: { disbursement: -152_500, withdrawable: 152_500 } },
    };
    expect(Object.keys(expected).sort()).toEqual(Object.keys(MOVEMENT_NAMES).sort());
    const was = new Map(before.movements.map((m) => [m.kind, m]));
    for (const m of after.movements) {
      const earlier = was.get(m.kind);
      const delta = Object.fromEntries(
        PROOF_ACCOUNTS.map((a) => [a, m.amounts[a] - (earlier?.amounts[a] ?? 0)]),
      ) as ProofAmounts;
      expect({ kind: m.kind, entries: m.entries - (earlier?.entries ?? 0), delta }).toEqual({
        kind: m.kind,
        entries: expected[m.kind].entries,
        delta: { ...zero, ...expected[m.kind].moves },
      });
      expect(m.name).toBe(MOVEMENT_NAMES[m.kind]);
    }
    expect(after.movements.map((m) => m.kind).sort()).toEqual(Object.keys(expected).sort());
    // The day's order is money's: pay-ins first, disbursements last.
    expect(after.movements.map((m) => m.kind)).toEqual(Object.keys(MOVEMENT_NAMES));

    expect(after.opening).toEqual(before.opening);
    expect(everyAgrees(after)).toBe(true);
    expect(after.ledger).toEqual(after.closing);
    const cached = await balancesOf(db(), 1);
    for (const account of PROOF_ACCOUNTS) expect(after.closing[account], account).toBe(cached[account]);
    expect(byKind(after)).toEqual(await postingsOfDay(1, today));

    // The download holds the same lines as the screen.
    const file = await call<{ data: { content: string; filename: string } }>(server, 'GET', proofPath(1, today, true), {
      token: auditor,
    });
    expect(file.status).toBe(200);
    expect(file.body.data.filename).toBe('Daily Proof.xlsx');
    const sheet = XLSX.read(Buffer.from(file.body.data.content, 'base64')).Sheets['Daily proof'];
    const cells = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, defval: null, blankrows: false });
    expect(cells[0]).toEqual(DAILY_PROOF_HEADERS);
    expect(cells.slice(1, 1 + proofRows(after).length)).toEqual(proofRows(after));
    expect(cells).toContainEqual(['Client', after.client.client_name, null, null, null, null, null]);
  });

  it('counts a kind it has no name for under its own, and still agrees', async () => {
    const today = businessDay(TZ);
    await inTransaction(db(), (tx) =>
      postEntry(tx, {
        kind: 'test.unnamed',
        reference: 'PROOF-UNNAMED-1',
        description: 'A kind the proof has no words for',
        lines: [
          { account: { system: 'adjustments' }, amount: -4_321 },
          { account: { client: 2, kind: 'withdrawable' }, amount: 4_321 },
        ],
      }),
    );
    const proof = await proofOf(2, today);
    expect(proof.movements.at(-1)).toMatchObject({
      kind: 'test.unnamed',
      name: 'test.unnamed',
      entries: 1,
      amounts: { withdrawable: 4_321, nonwithdrawable: 0 },
    });
    expect(everyAgrees(proof)).toBe(true);
  });
});

describe('refusals', () => {
  it('answers a bad client or day with 400 naming the field, an unknown client with 404', async () => {
    const get = (query: string, download = false) =>
      call(server, 'GET', `${API}/ledger/daily-proof${download ? '/download' : ''}?${query}`, { token: auditor });
    const cases: Array<[string, string]> = [
      ['day=2026-11-23', 'client_id'],
      ['client_id=1', 'day'],
      ['client_id=abc&day=2026-11-23', 'client_id'],
      ['client_id=0&day=2026-11-23', 'client_id'],
      ['client_id=1&day=2026-02-30', 'day'],
      ['client_id=1&day=2026-11-23T00:00', 'day'],
      ['client_id=1&day=yesterday', 'day'],
      ['client_id=1&day=2026-11-23&at=now', 'at'],
    ];
    for (const [query, field] of cases)
      for (const download of [false, true]) {
        const res = await get(query, download);
        expect(res.status, `${query} ${download}`).toBe(400);
        expect(res.body).toMatchObject({ status: 'failed', errors: [expect.objectContaining({ field })] });
        expect(res.body.message).toEqual(expect.any(String));
      }
    const unknown = await get('client_id=999999&day=2026-11-23');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status: 'failed', message: 'Client not found' });
  });

  it('refuses a client user and an ADMIN, as the authorization matrix says (the Ledger is SUPER ADMIN and AUDITOR only)', async () => {
    for (const email of ['client@demo.local', 'admin@demo.local']) {
      const { token } = await signInVerified(server, email);
      for (const download of [false, true]) {
        const res = await call(server, 'GET', proofPath(1, businessDay(TZ), download), { token });
        expect(res.status, email).toBe(403);
        expect(res.body.status).toBe('failed');
      }
    }
  });
});
