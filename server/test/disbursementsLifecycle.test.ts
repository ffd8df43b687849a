import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowsDisbursement,
  nextDisbursementStatus,
  type DisbursementEvent,
} from '../../src/machines/lifecycle/disbursementLifecycle.ts';
import { DISBURSEMENT_STATUSES, type DisbursementStatusName } from '../../src/services/disbursementQuery.ts';
import { auditLog, disbursements, journalEntries } from '../db/schema.ts';
import { createDisbursement } from '../domain/disbursements.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { disbursementProviderAnswer } from '../providers/simulator.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';
import { NO_MOVEMENT, balancesOf, clientIdOf, delta, makeDisbursement, type Balances } from './disbursementsTestKit.ts';

/**
 * The disbursement lifecycle as the API enforces it: every (state, action, role) against
 * allowsDisbursement, with the money each accepted action must move (and nothing for a refusal),
 * a 10-way race on one decision, and the ledger check after each.
 */
const API = '/api/backoffice';
let server: TestServer;
const tokens: Record<string, string> = {};
const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT'] as const;
const emailOf = {
  'SUPER ADMIN': 'superadmin@demo.local',
  ADMIN: 'admin@demo.local',
  CLIENT: 'client@demo.local',
} as const;

beforeAll(async () => {
  server = await startTestServer();
  for (const role of roles) tokens[role] = (await signInVerified(server, emailOf[role])).token;
});
afterAll(async () => {
  await server?.close();
});

const expectLedgerClean = async () => expect((await checkLedger(server.database.db)).problems).toEqual([]);

type Action = 'finalize' | 'reject' | 'void' | 'refresh' | 'invoice' | 'add-to-withdrawable';
const actions: Action[] = ['finalize', 'reject', 'void', 'refresh', 'invoice', 'add-to-withdrawable'];
const eventOf: Record<Action, DisbursementEvent['type']> = {
  finalize: 'FINALIZE',
  reject: 'REJECT',
  void: 'VOID',
  refresh: 'REFRESH_STATUS',
  invoice: 'GENERATE_INVOICE',
  'add-to-withdrawable': 'ADD_TO_WITHDRAWABLE',
};

/** A one-row void file, as the upload sends it. */
function voidForm(correlationId: string) {
  const form = new FormData();
  form.append('file', new Blob([`correlation_id\n${correlationId}\n`], { type: 'text/csv' }), 'void.csv');
  return form;
}

async function perform(action: Action, role: (typeof roles)[number], d: { uuid: string; correlationId: string }) {
  const token = tokens[role];
  switch (action) {
    case 'finalize':
      return call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
        token,
        body: { uuid: d.uuid, status: 'COMPLETED' },
      });
    case 'reject':
      return call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
        token,
        body: { uuid: d.uuid, status: 'REJECTED' },
      });
    case 'refresh':
      return call(server, 'PATCH', `${API}/transaction/get-status-disbursement`, { token, body: { uuid: d.uuid } });
    case 'invoice':
      return call(server, 'POST', `${API}/transaction/generate-invoice-disbursement`, {
        token,
        body: { correlation_id: d.correlationId },
      });
    case 'add-to-withdrawable':
      return call(server, 'PATCH', `${API}/balance/add-withdrawable-disbursement`, { token, body: { uuid: d.uuid } });
    case 'void': {
      const response = await fetch(`${server.url}${API}/transaction/disbursement-check-transaction`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: voidForm(d.correlationId),
      });
      const body = await response.json();
      // The upload answers 200 with a per-row outcome; the row's outcome is what the lifecycle decided.
      if (response.status === 200 && body.data.results[0].outcome !== 'voided') return { status: 409, body };
      return { status: response.status, body };
    }
  }
}

/** What an accepted action moves, given the status it leads to. */
function expectedMovement(
  action: Action,
  from: DisbursementStatusName,
  to: DisbursementStatusName,
  amount: number,
  fee: number,
): Balances {
  const total = amount + fee;
  if (action === 'add-to-withdrawable') return { ...NO_MOVEMENT, disbursement: -total, withdrawable: total };
  if (from === to) return NO_MOVEMENT;
  if (to === 'FINALIZED') return { ...NO_MOVEMENT, hold: -total, payouts: amount, fees: fee };
  if (to === 'REJECTED' || to === 'FAILED') return { ...NO_MOVEMENT, hold: -total, disbursement: total };
  if (to === 'VOIDED') return { ...NO_MOVEMENT, payouts: -amount, fees: -fee, disbursement: total };
  return NO_MOVEMENT;
}

// Every status, and a released one already moved to withdrawable (the lifecycle's one fact).
const states: Array<{ status: DisbursementStatusName; added: boolean }> = [
  ...DISBURSEMENT_STATUSES.map((status) => ({ status, added: false })),
  { status: 'REJECTED', added: true },
  { status: 'VOIDED', added: true },
];

describe('the (state, action, role) matrix', () => {
  for (const state of states) {
    it(`${state.status}${state.added ? ' (already withdrawable)' : ''}: the API follows the lifecycle`, async () => {
      const { db } = server.database;
      const mismatches: string[] = [];
      for (const action of actions) {
        for (const role of roles) {
          // Refresh answers: digit 5 is FINALIZED by the simulator's rule, so an accepted refresh moves money.
          const d = await makeDisbursement(db, {
            clientId: 1,
            status: state.status,
            addedToWithdrawable: state.added,
            lastDigit: 5,
          });
          const before = await balancesOf(db, 1);
          const res = await perform(action, role, d);
          const after = await balancesOf(db, 1);
          const row = await clientIdOf(db, d.uuid);
          const event = { type: eventOf[action], role } as DisbursementEvent;
          const allowed = allowsDisbursement(state.status, { addedToWithdrawable: state.added }, event);
          const wantStatus = allowed ? res.status === 200 : res.status === (role === 'SUPER ADMIN' ? 409 : 403);
          let to: DisbursementStatusName = state.status;
          if (allowed && action === 'refresh') {
            const answer = disbursementProviderAnswer(d.correlationId).status;
            to =
              nextDisbursementStatus(
                state.status,
                { addedToWithdrawable: state.added },
                {
                  type:
                    answer === 'FINALIZED'
                      ? 'PROVIDER_CONFIRMED'
                      : answer === 'FAILED'
                        ? 'PROVIDER_FAILED'
                        : 'PROVIDER_ACCEPTED',
                  role: 'SYSTEM',
                },
              ) ?? state.status;
          } else if (allowed) {
            to = nextDisbursementStatus(state.status, { addedToWithdrawable: state.added }, event)!;
          }
          const moved = delta(before, after);
          const wantMoved = allowed ? expectedMovement(action, state.status, to, d.amount, d.feeAmount) : NO_MOVEMENT;
          const wantAdded = state.added || (allowed && action === 'add-to-withdrawable');
          if (
            !wantStatus ||
            row.status !== to ||
            row.addedToWithdrawable !== wantAdded ||
            JSON.stringify(moved) !== JSON.stringify(wantMoved)
          ) {
            mismatches.push(
              `${action} as ${role}: allowed=${allowed}, got ${res.status} ${JSON.stringify(res.body?.message)}, ` +
                `status ${row.status} (want ${to}), moved ${JSON.stringify(moved)} (want ${JSON.stringify(wantMoved)})`,
            );
          }
        }
      }
      expect(mismatches).toEqual([]);
      await expectLedgerClean();
    });
  }

  it("refuses with the lifecycle's words", async () => {
    const { db } = server.database;
    const done = await makeDisbursement(db, { clientId: 1, status: 'REJECTED' });
    const again = await call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
      token: tokens['SUPER ADMIN'],
      body: { uuid: done.uuid, status: 'COMPLETED' },
    });
    expect(again).toMatchObject({
      status: 409,
      body: {
        status: 'failed',
        message: 'Invalid Status: Only PENDING or PENDING_REQUEST disbursements can be processed',
      },
    });
    const invoice = await call(server, 'POST', `${API}/transaction/generate-invoice-disbursement`, {
      token: tokens['SUPER ADMIN'],
      body: { correlation_id: done.correlationId },
    });
    expect(invoice.status).toBe(409);
    const added = await makeDisbursement(db, { clientId: 1, status: 'FAILED', addedToWithdrawable: true });
    const twice = await call(server, 'PATCH', `${API}/balance/add-withdrawable-disbursement`, {
      token: tokens['SUPER ADMIN'],
      body: { uuid: added.uuid },
    });
    expect(twice).toMatchObject({
      status: 409,
      body: { message: 'Disbursement has already been added to withdrawable balance' },
    });
    // Decisions and refusals are audited.
    const refusals = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'disbursement.decide'), eq(auditLog.objectId, done.uuid)));
    expect(refusals.map((r) => r.outcome)).toEqual(['failure']);
  });
});

describe('row actions', () => {
  it('finalizes and rejects with the spec messages and the row in data', async () => {
    const { db } = server.database;
    const a = await makeDisbursement(db, { clientId: 2, status: 'PENDING' });
    const done = await call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
      token: tokens['SUPER ADMIN'],
      body: { uuid: a.uuid, status: 'COMPLETED' },
    });
    expect(done).toMatchObject({
      status: 200,
      body: {
        status: 'success',
        message: 'Disbursement has been finalized',
        data: { uuid: a.uuid, status: 'FINALIZED', client_id: 2, amount: a.amount, fee_amount: a.feeAmount },
      },
    });
    expect(done.body.data.paid_time).toEqual(expect.any(String));
    const b = await makeDisbursement(db, { clientId: 2, status: 'PENDING_REQUEST' });
    const rejected = await call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
      token: tokens['SUPER ADMIN'],
      body: { uuid: b.uuid, status: 'REJECTED' },
    });
    expect(rejected).toMatchObject({
      status: 200,
      body: { message: 'Disbursement has been rejected', data: { status: 'REJECTED', paid_time: null } },
    });
    const [audited] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'disbursement.decide'), eq(auditLog.objectId, a.uuid)));
    expect(audited).toMatchObject({
      outcome: 'success',
      actorEmail: 'superadmin@demo.local',
      detail: { before: { status: 'PENDING' }, after: { status: 'FINALIZED' } },
    });
    await expectLedgerClean();
  });

  it('asks the provider simulator over HTTP and says whether the status changed', async () => {
    const { db } = server.database;
    const cases: Array<[DisbursementStatusName, number, string]> = [
      ['PENDING', 1, 'Status unchanged: PENDING'],
      ['PENDING_REQUEST', 2, 'Status updated to PENDING'],
      ['PENDING_REQUEST', 4, 'Status updated to FINALIZED'],
      ['PENDING', 8, 'Status updated to FAILED'],
    ];
    for (const [status, lastDigit, message] of cases) {
      const d = await makeDisbursement(db, { clientId: 1, status, lastDigit });
      const res = await call(server, 'PATCH', `${API}/transaction/get-status-disbursement`, {
        token: tokens['SUPER ADMIN'],
        body: { uuid: d.uuid },
      });
      expect({ status: res.status, message: res.body.message }).toEqual({ status: 200, message });
      expect(res.body.data).toMatchObject({
        previous_status: status,
        changed: !message.startsWith('Status unchanged'),
        row: { uuid: d.uuid },
      });
    }
    await expectLedgerClean();
  });

  it('prints the invoice of a FINALIZED disbursement in the pay-in invoice shape', async () => {
    const d = await makeDisbursement(server.database.db, {
      clientId: 1,
      status: 'FINALIZED',
      amount: 1_250_000,
      fee: 2_500,
    });
    const res = await call(server, 'POST', `${API}/transaction/generate-invoice-disbursement`, {
      token: tokens['SUPER ADMIN'],
      body: { correlation_id: d.correlationId },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Invoice Have Been Generated');
    expect(res.body.data).toMatchObject({
      service: 'BIFAST',
      correlation_id: d.correlationId,
      client_name: 'PT Sinar Nusantara Retail',
      transaction_date: expect.any(String),
    });
    expect(res.body.data.items.map((i: { ori_price: number }) => i.ori_price)).toEqual([1_250_000, 2_500]);
  });
});

describe('money', () => {
  it('ten simultaneous decisions on one disbursement: one wins, nine get 409, the balance moves once', async () => {
    const { db } = server.database;
    const d = await makeDisbursement(db, { clientId: 1, status: 'PENDING' });
    const before = await balancesOf(db, 1);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(server, 'PATCH', `${API}/transaction/update-disbursement`, {
          token: tokens['SUPER ADMIN'],
          body: { uuid: d.uuid, status: i % 2 ? 'COMPLETED' : 'REJECTED' },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
    const winner = results.find((r) => r.status === 200)!.body.data.status as DisbursementStatusName;
    const moved = delta(before, await balancesOf(db, 1));
    expect(moved).toEqual(
      expectedMovement(winner === 'FINALIZED' ? 'finalize' : 'reject', 'PENDING', winner, d.amount, d.feeAmount),
    );
    expect(
      await db.$count(
        journalEntries,
        and(eq(journalEntries.reference, d.uuid), eq(journalEntries.kind, 'disbursement.settle')),
      ),
    ).toBe(1);
    await expectLedgerClean();
  });

  it('holds amount + fee at creation, and refuses one the balance cannot cover (422, nothing written)', async () => {
    const { db } = server.database;
    const before = await balancesOf(db, 4);
    const count = await db.$count(disbursements);
    const entries = await db.$count(journalEntries);
    const tooMuch = before.disbursement + 1;
    await expect(
      createDisbursement(db, {
        clientId: 4,
        correlationId: 'TOO-MUCH-1',
        withdrawalMethod: 'BIFAST',
        bankName: 'BRI',
        bankAccountName: 'Agus Wijaya',
        accountNo: '0021234567',
        amount: tooMuch,
        feeAmount: 0,
      }),
    ).rejects.toMatchObject({ kind: 'ruleBroken', message: 'Insufficient balance' });
    expect(await db.$count(disbursements)).toBe(count);
    expect(await db.$count(journalEntries)).toBe(entries);
    const held = await createDisbursement(db, {
      clientId: 4,
      correlationId: 'FITS-1',
      withdrawalMethod: 'SKN',
      bankName: 'BRI',
      bankAccountName: 'Agus Wijaya',
      accountNo: '0021234567',
      amount: 30_000,
      feeAmount: 2_900,
    });
    expect(held.status).toBe('PENDING_REQUEST');
    expect(delta(before, await balancesOf(db, 4))).toEqual({ ...NO_MOVEMENT, disbursement: -32_900, hold: 32_900 });
    await expectLedgerClean();
  });

  it('the demo seed holds disbursements in all six statuses in the last 7 days; the ledger explains them', async () => {
    const rows = (
      await server.database.db.execute<{ status: string; n: number }>(sql`
      select status, count(*)::int as n from disbursements where correlation_id like 'DSB%'
        and transaction_time > now() - interval '7 days' group by status`)
    ).rows;
    expect(rows.map((r) => r.status).sort()).toEqual([...DISBURSEMENT_STATUSES].sort());
    await expectLedgerClean();
  });
});
