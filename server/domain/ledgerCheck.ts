import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

export interface LedgerProblem { check: string; detail: string }

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

/**
 * Recomputes the ledger from its postings and lists every disagreement: a cached balance that is
 * not the sum of its postings, an entry that does not sum to zero (or has no postings), an account
 * that must not go negative whose running balance ever did, and a client whose pending balance is
 * not the sum of its PENDING withdrawals. An empty list means every figure is explained.
 */
export async function checkLedger(db: Db): Promise<{ problems: LedgerProblem[]; accounts: number; entries: number }> {
  const problems: LedgerProblem[] = [];
  for (const r of await rows<{ code: string; balance: string; computed: string }>(db, sql`
    select a.code, a.balance, coalesce(sum(p.amount), 0) as computed
    from ledger_accounts a left join postings p on p.account_id = a.id
    group by a.id having a.balance <> coalesce(sum(p.amount), 0)`)) {
    problems.push({ check: 'balance equals postings', detail: `${r.code}: cached ${r.balance}, postings ${r.computed}` });
  }
  for (const r of await rows<{ id: string; kind: string; reference: string; total: string }>(db, sql`
    select e.id, e.kind, e.reference, coalesce(sum(p.amount), 0) as total
    from journal_entries e left join postings p on p.entry_id = e.id
    group by e.id having coalesce(sum(p.amount), 0) <> 0 or count(p.id) = 0`)) {
    problems.push({ check: 'entry sums to zero', detail: `entry ${r.id} ${r.kind}/${r.reference}: sum ${r.total}` });
  }
  for (const r of await rows<{ code: string; lowest: string }>(db, sql`
    select code, min(running) as lowest from (
      select a.code, sum(p.amount) over (partition by p.account_id order by p.id) as running
      from postings p join ledger_accounts a on a.id = p.account_id where not a.may_go_negative
    ) x group by code having min(running) < 0`)) {
    problems.push({ check: 'never negative', detail: `${r.code} went down to ${r.lowest}` });
  }
  for (const r of await rows<{ code: string; balance: string; pending: string }>(db, sql`
    select a.code, a.balance, coalesce((select sum(w.amount) from withdrawals w where w.client_id = a.client_id and w.status = 'PENDING'), 0) as pending
    from ledger_accounts a where a.kind = 'pending_withdrawal'
    and a.balance <> coalesce((select sum(w.amount) from withdrawals w where w.client_id = a.client_id and w.status = 'PENDING'), 0)`)) {
    problems.push({ check: 'pending equals PENDING withdrawals', detail: `${r.code}: balance ${r.balance}, PENDING withdrawals ${r.pending}` });
  }
  const [{ accounts }] = await rows<{ accounts: number }>(db, sql`select count(*)::int as accounts from ledger_accounts`);
  const [{ entries }] = await rows<{ entries: number }>(db, sql`select count(*)::int as entries from journal_entries`);
  return { problems, accounts, entries };
}
