import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { checkLedger, type LedgerProblem } from '../domain/ledgerCheck.ts';
import { startTestServer, type TestServer } from './harness.ts';

/**
 * `npm run ledger:check` is the proof every money test ends with, so it must itself be able to fail:
 * on the demo data (every kind of movement) it finds nothing, and each fault planted below, one at a
 * time inside a transaction that is rolled back, is named by the check that owns it.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** What the check says with the fault in place; the fault is rolled back after. */
async function problemsWith(fault: string): Promise<LedgerProblem[]> {
  let problems: LedgerProblem[] = [];
  await server.database.db
    .transaction(async (tx) => {
      for (const statement of fault.split(';').filter((s) => s.trim())) await tx.execute(sql.raw(statement));
      problems = (await checkLedger(tx as unknown as Db)).problems;
      tx.rollback();
    })
    .catch((error) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  return problems;
}

const faults: Array<[string, string, RegExp]> = [
  [
    'balance equals postings',
    `update ledger_accounts set balance = balance + 1 where code = 'client:1:withdrawable'`,
    /^client:1:withdrawable: cached \d+, postings \d+$/,
  ],
  [
    'entry sums to zero',
    `insert into journal_entries (kind, reference, description) values ('planted', 'NO-POSTINGS', 'planted')`,
    /^entry \d+ planted\/NO-POSTINGS: sum 0$/,
  ],
  // Postings are append-only (a trigger refuses updates), so the unbalanced one is an extra posting.
  [
    'entry sums to zero',
    `insert into postings (entry_id, account_id, amount)
    values ((select max(id) from journal_entries), (select id from ledger_accounts where may_go_negative order by id
      limit 1), 1)`,
    /^entry \d+ .+: sum 1$/,
  ],
  [
    'never negative',
    `insert into postings (entry_id, account_id, amount)
    values ((select min(id) from journal_entries), (select id from ledger_accounts
      where code = 'client:1:withdrawable'), -1000000000000)`,
    /^client:1:withdrawable went down to -\d+$/,
  ],
  [
    'pending equals PENDING withdrawals',
    `update withdrawals set amount = amount + 1 where id = (select min(id) from withdrawals where status = 'PENDING')`,
    /: balance \d+, PENDING withdrawals \d+$/,
  ],
  [
    'pending equals PENDING withdrawals',
    `update withdrawals set status = 'REJECTED' where id = (select min(id) from withdrawals where status = 'PENDING')`,
    /: balance \d+, PENDING withdrawals \d+$/,
  ],
  [
    'hold equals open disbursements',
    `update disbursements set fee_amount = fee_amount + 1 where id = (select min(id) from disbursements ` +
      `where status = 'PENDING')`,
    /: balance \d+, PENDING_REQUEST\/PENDING disbursements \d+ \(amount \+ fee\)$/,
  ],
  [
    'hold equals open disbursements',
    `update disbursements set status = 'PENDING' where id = (select min(id) from disbursements ` +
      `where status = 'FINALIZED')`,
    /PENDING_REQUEST\/PENDING disbursements \d+/,
  ],
  [
    'hold equals open disbursements',
    `update ledger_accounts set kind = 'planted' where kind = 'disbursement_hold'
    and client_id = (select client_id from disbursements where status = 'PENDING_REQUEST' order by id limit 1)`,
    /^client \d+: no hold account, PENDING_REQUEST\/PENDING disbursements \d+$/,
  ],
  [
    'deposit history equals adjustments',
    `insert into disbursement_deposits (client_id, kind, amount, description, pic_name, reference)
    values (1, 'deposit', 5000, 'planted', 'planted', 'PLANTED-DEPOSIT')`,
    /^PLANTED-DEPOSIT: posted nothing, history 5000$/,
  ],
  [
    'deposit history equals adjustments',
    `insert into journal_entries (kind, reference, description)
      values ('disbursement.adjustment', 'PLANTED-ADJUSTMENT', 'planted');
    insert into postings (entry_id, account_id, amount) values
      ((select id from journal_entries where reference = 'PLANTED-ADJUSTMENT'), (select id from ledger_accounts
        where kind = 'disbursement' order by id limit 1), 7000),
      ((select id from journal_entries where reference = 'PLANTED-ADJUSTMENT'), (select id from ledger_accounts
        where kind = 'adjustments'), -7000)`,
    /^PLANTED-ADJUSTMENT: posted 7000, history no row$/,
  ],
  // A credited pay-in marked SETTLED without the settlement's move to withdrawable.
  [
    'settled pay-in is withdrawable',
    `update transactions t set status = 'SETTLED' where t.id = (select min(t2.id) from transactions t2
      where t2.status = 'FINALIZED'
    and exists (select 1 from journal_entries c where c.kind = 'payin.finalized' and c.reference = t2.correlation_id)
    and not exists (select 1 from journal_entries w where w.kind = 'payin.withdrawable'
      and w.reference = t2.correlation_id))`,
    /: SETTLED without its move to withdrawable$/,
  ],
  [
    'settlement run equals its pay-ins',
    `insert into settlement_runs (type, window_start, window_end, from_time, until_time, requested_by, total_count,
      total_amount, settled_count, settled_amount)
    values ('fello_qris', '2026-01-01 00:00', '2026-01-01 23:59', now(), now(),
      (select min(id) from users), 1, 100, 1, 100)`,
    /^run \d+: counted 1 \(100\), pay-ins 0 \(0\)$/,
  ],
  [
    'pay-in totals equal pay-ins',
    `update transaction_hourly_totals set count = count + 1 where hour = (select min(hour) from ` +
      `transaction_hourly_totals)`,
    /^hour .+: totals .+, pay-ins .+ \(count \/ amount \/ fee\)$/,
  ],
  [
    'pay-in totals equal pay-ins',
    `update transaction_daily_totals set amount = amount + 1 where day = (select min(day) from ` +
      `transaction_daily_totals)`,
    /^day .+: totals .+, pay-ins .+/,
  ],
  [
    'pay-in totals equal pay-ins',
    `update transaction_business_day_totals set fee_amount = fee_amount + 1 where day = (select max(day) from ` +
      `transaction_business_day_totals)`,
    /^business day \d{4}-\d{2}-\d{2} \(Asia\/Jakarta\) client \d+ .+: totals .+, pay-ins .+/,
  ],
  [
    'disbursement totals equal disbursements',
    `update disbursement_hourly_totals set fee_amount = fee_amount + 1 where hour = (select max(hour) from ` +
      `disbursement_hourly_totals)`,
    /^hour .+: totals .+, disbursements .+/,
  ],
  [
    'disbursement totals equal disbursements',
    `update disbursement_daily_totals set count = count - 1 where day = (select max(day) from ` +
      `disbursement_daily_totals)`,
    /^day .+: totals .+, disbursements .+/,
  ],
];

describe('the ledger check', () => {
  it('finds nothing on the demo data, and counts what it read', async () => {
    const { problems, accounts, entries } = await checkLedger(server.database.db);
    expect(problems).toEqual([]);
    expect(accounts).toBeGreaterThan(30);
    expect(entries).toBeGreaterThan(100);
  });

  it.each(faults)('names %s for: %s', async (check, fault, detail) => {
    const problems = await problemsWith(fault);
    const named = problems.filter((p) => p.check === check);
    expect(named.length, JSON.stringify(problems)).toBeGreaterThan(0);
    expect(named.map((p) => p.detail)).toContainEqual(expect.stringMatching(detail));
  });
});
