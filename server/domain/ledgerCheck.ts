import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { checkTrace } from './traceCheck.ts';

export interface LedgerProblem {
  check: string;
  detail: string;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

/**
 * Recomputes the ledger from its postings and lists every disagreement: a cached balance that is
 * not the sum of its postings, an entry that does not sum to zero (or has no postings), an account
 * that must not go negative whose running balance ever did, and a client whose pending balance is
 * not the sum of its PENDING withdrawals, a client whose disbursement hold is not the amount + fee
 * of its open (PENDING_REQUEST, PENDING) disbursements; and, since the lists' totals come from
 * them, any hour, day or business-day bucket of the pay-in or disbursement totals that differs from its rows; a
 * credited SETTLED pay-in whose net never reached withdrawable, and a settlement run whose counts are
 * not those of the pay-ins stamped with it; and any posting not traced to its audit line or line to
 * its postings (traceCheck.ts, issue 43). An empty list means
 * every figure is explained.
 */
export async function checkLedger(db: Db): Promise<{ problems: LedgerProblem[]; accounts: number; entries: number }> {
  const problems: LedgerProblem[] = [];
  for (const r of await rows<{ code: string; balance: string; computed: string }>(
    db,
    sql`
    select a.code, a.balance, coalesce(sum(p.amount), 0) as computed
    from ledger_accounts a left join postings p on p.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(p.amount), 0)`,
  )) {
    problems.push({
      check: 'balance equals postings',
      detail: `${r.code}: cached ${r.balance}, postings ${r.computed}`,
    });
  }
  for (const r of await rows<{ id: string; kind: string; reference: string; total: string }>(
    db,
    sql`
    select e.id, e.kind, e.reference, coalesce(sum(p.amount), 0) as total
    from journal_entries e left join postings p on p.entry_id = e.id
    group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) = 0`,
  )) {
    problems.push({ check: 'entry sums to zero', detail: `entry ${r.id} ${r.kind}/${r.reference}: sum ${r.total}` });
  }
  for (const r of await rows<{ code: string; lowest: string }>(
    db,
    sql`
    select code, min(running) as lowest from (
      select a.code, sum(p.amount) over (partition by p.account_id order by p.id) as running
      from postings p join ledger_accounts a on a.id = p.account_id where not a.may_go_negative
    ) x group by code having min(running) < 0`,
  )) {
    problems.push({ check: 'never negative', detail: `${r.code} went down to ${r.lowest}` });
  }
  for (const r of await rows<{ code: string; balance: string; pending: string }>(
    db,
    sql`
    select a.code, a.balance, coalesce((select sum(w.amount) from withdrawals w where w.client_id = a.client_id
      and w.status = 'PENDING'), 0) as pending
    from ledger_accounts a where a.kind = 'pending_withdrawal'
    and a.balance <> coalesce((select sum(w.amount) from withdrawals w where w.client_id = a.client_id
      and w.status = 'PENDING'), 0)`,
  )) {
    problems.push({
      check: 'pending equals PENDING withdrawals',
      detail: `${r.code}: balance ${r.balance}, PENDING withdrawals ${r.pending}`,
    });
  }
  for (const r of await rows<{ code: string; balance: string; held: string }>(
    db,
    sql`
    select a.code, a.balance, coalesce((select sum(d.amount + d.fee_amount) from disbursements d
      where d.client_id = a.client_id and d.status in ('PENDING_REQUEST', 'PENDING')), 0) as held
    from ledger_accounts a where a.kind = 'disbursement_hold'
    and a.balance <> coalesce((select sum(d.amount + d.fee_amount) from disbursements d
      where d.client_id = a.client_id and d.status in ('PENDING_REQUEST', 'PENDING')), 0)`,
  )) {
    problems.push({
      check: 'hold equals open disbursements',
      detail: `${r.code}: balance ${r.balance}, PENDING_REQUEST/PENDING disbursements ${r.held} (amount + fee)`,
    });
  }
  // A client with open disbursements but no hold account at all (the query above starts from accounts).
  for (const r of await rows<{ client_id: number; held: string }>(
    db,
    sql`
    select d.client_id, sum(d.amount + d.fee_amount) as held from disbursements d
    where d.status in ('PENDING_REQUEST', 'PENDING')
    and not exists (select 1 from ledger_accounts a where a.client_id = d.client_id and a.kind = 'disbursement_hold')
    group by d.client_id`,
  )) {
    problems.push({
      check: 'hold equals open disbursements',
      detail: `client ${r.client_id}: no hold account, PENDING_REQUEST/PENDING disbursements ${r.held}`,
    });
  }
  for (const r of await rows<{ reference: string; posted: string | null; recorded: string | null }>(
    db,
    sql`
    select coalesce(e.reference, d.reference) as reference, e.posted, d.amount as recorded
    from (select e.reference, sum(p.amount) as posted from journal_entries e
          join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
          where e.kind = 'disbursement.adjustment' and a.kind = 'disbursement' group by e.reference) e
    full join disbursement_deposits d on d.reference = e.reference
    where e.posted is distinct from d.amount`,
  )) {
    problems.push({
      check: 'deposit history equals adjustments',
      detail: `${r.reference}: posted ${r.posted ?? 'nothing'}, history ${r.recorded ?? 'no row'}`,
    });
  }
  // Settling a credited pay-in moves its net to withdrawable in the same transaction (issue 13).
  for (const r of await rows<{ correlation_id: string }>(
    db,
    sql`
    select t.correlation_id from transactions t
    where t.status = 'SETTLED'
    and exists (select 1 from journal_entries c where c.kind = 'payin.finalized' and c.reference = t.correlation_id)
    and not exists (select 1 from journal_entries w where w.kind = 'payin.withdrawable'
      and w.reference = t.correlation_id)
    limit 20`,
  )) {
    problems.push({
      check: 'settled pay-in is withdrawable',
      detail: `${r.correlation_id}: SETTLED without its move to withdrawable`,
    });
  }
  for (const r of await rows<{ id: string; settled_count: number; settled_amount: string; n: string; amount: string }>(
    db,
    sql`
    select r.id, r.settled_count, r.settled_amount, coalesce(x.n, 0) as n, coalesce(x.amount, 0) as amount
    from settlement_runs r
    left join (select settlement_run_id, count(*) as n, sum(amount) as amount from transactions
      where settlement_run_id is not null group by settlement_run_id) x
      on x.settlement_run_id = r.id
    where r.settled_count <> coalesce(x.n, 0) or r.settled_amount <> coalesce(x.amount, 0)`,
  )) {
    problems.push({
      check: 'settlement run equals its pay-ins',
      detail: `run ${r.id}: counted ${r.settled_count} (${r.settled_amount}), pay-ins ${r.n} (${r.amount})`,
    });
  }
  problems.push(...(await checkPayinTotals(db)));
  problems.push(...(await checkDisbursementTotals(db)));
  problems.push(...(await checkTrace(db)).problems);
  const [{ accounts }] = await rows<{ accounts: number }>(
    db,
    sql`select count(*)::int as accounts from ledger_accounts`,
  );
  const [{ entries }] = await rows<{ entries: number }>(db, sql`select count(*)::int as entries from journal_entries`);
  return { problems, accounts, entries };
}

/**
 * Every bucket of the pay-in totals (by hour, by day, and by business day of each kept zone) against
 * a group-by over the pay-ins themselves.
 */
export const checkPayinTotals = async (db: Db) => [
  ...(await checkTotals(db, {
    rows: 'transactions',
    hourly: 'transaction_hourly_totals',
    daily: 'transaction_daily_totals',
    method: 'type',
    check: 'pay-in totals equal pay-ins',
    noun: 'pay-ins',
  })),
  ...(await checkBusinessDayTotals(db)),
];

/** A totals bucket beside its rows: `r` is the kept totals row, `g` the rows grouped the same way. */
interface TotalsRow {
  client_id: number;
  status: string;
  type: string;
  /** The kept count / amount / fee. */
  rollup: string;
  /** The rows' count / amount / fee. */
  actual: string;
}

/** Both sides' count / amount / fee, as `rollup` and `actual`, for every totals check alike. */
const figures = sql.raw(
  `coalesce(r.count, 0) || ' / ' || coalesce(r.amount, 0) || ' / ' || coalesce(r.fee_amount, 0) as rollup,
  coalesce(g.n, 0) || ' / ' || coalesce(g.amount, 0) || ' / ' || coalesce(g.fee, 0) as actual`,
);

/** A bucket whose kept count, amount or fee is not its rows'. */
const figuresDiffer = sql.raw(
  `coalesce(r.count, 0) <> coalesce(g.n, 0) or coalesce(r.amount, 0) <> coalesce(g.amount, 0)
  or coalesce(r.fee_amount, 0) <> coalesce(g.fee, 0)`,
);

/** The overview's business-day buckets (migration 0024), per kept zone, against the pay-ins' dates on its clock. */
async function checkBusinessDayTotals(db: Db): Promise<LedgerProblem[]> {
  const found = await rows<TotalsRow & { time_zone: string; day: string }>(
    db,
    sql`
    select time_zone, to_char(day, 'YYYY-MM-DD') as day, client_id, status, type, ${figures}
    from (select time_zone, day, client_id, status, type, count, amount, fee_amount
      from transaction_business_day_totals) r full join (
      select z.time_zone, (t.transaction_time at time zone z.time_zone)::date as day, t.client_id, t.status, t.type,
        count(*) as n, sum(t.amount) as amount, sum(t.fee_amount) as fee
      from transactions t cross join business_time_zones z group by 1, 2, 3, 4, 5) g
      using (time_zone, day, client_id, status, type)
    where ${figuresDiffer}`,
  );
  return found.map((r) => ({
    check: 'pay-in totals equal pay-ins',
    detail:
      `business day ${r.day} (${r.time_zone}) client ${r.client_id} ${r.status} ${r.type}: totals ` +
      `${r.rollup}, pay-ins ${r.actual} (count / amount / fee)`,
  }));
}

/** The same for the Disbursement List's totals (migration 0011). */
export const checkDisbursementTotals = (db: Db) =>
  checkTotals(db, {
    rows: 'disbursements',
    hourly: 'disbursement_hourly_totals',
    daily: 'disbursement_daily_totals',
    method: 'withdrawal_method',
    check: 'disbursement totals equal disbursements',
    noun: 'disbursements',
  });

interface TotalsTables {
  rows: string;
  hourly: string;
  daily: string;
  method: string;
  check: string;
  noun: string;
}

async function checkTotals(db: Db, t: TotalsTables): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = [];
  const type = sql.raw(t.method);
  for (const [table, unit] of [
    [t.hourly, 'hour'],
    [t.daily, 'day'],
  ] as const) {
    for (const r of await rows<TotalsRow & { bucket: string }>(
      db,
      sql`
      select bucket, client_id, status, ${type} as type, ${figures}
      from (select ${sql.raw(unit)} as bucket, client_id, status, ${type}, count, amount, fee_amount
        from ${sql.raw(table)}) r full join (
        select date_trunc(${unit}, transaction_time, 'UTC') as bucket, client_id, status, ${type}, count(*) as n,
          sum(amount) as amount, sum(fee_amount) as fee
        from ${sql.raw(t.rows)} group by 1, 2, 3, 4) g using (bucket, client_id, status, ${type})
      where ${figuresDiffer}`,
    )) {
      problems.push({
        check: t.check,
        detail:
          `${unit} ${new Date(r.bucket).toISOString()} client ${r.client_id} ${r.status} ${r.type}: totals ` +
          `${r.rollup}, ${t.noun} ${r.actual} (count / amount / fee)`,
      });
    }
  }
  return problems;
}
