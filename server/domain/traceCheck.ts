import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import type { LedgerProblem } from './ledgerCheck.ts';

/**
 * Issue 43: every rupiah traceable to the audit line of the action that moved it, and back. An
 * action's journal entries and its audit line share one action key (migration 0026); this lists
 * every break in that link:
 * - entries whose key no audit line names (money moved by a path that wrote no line, or wrote it
 *   before posting, so another line or none claimed it);
 * - a key two lines name (one action's entries attributed twice);
 * - a line naming a key no entry carries (a line claiming a movement that is not in the ledger).
 * Entries from before the migration carry no key: they are counted apart, never as orphans.
 */
export async function checkTrace(db: Db): Promise<{ problems: LedgerProblem[]; untraced: number }> {
  const problems: LedgerProblem[] = [];
  const orphans = await db.execute<{ action_key: string; n: number; sample: string }>(sql`
    select k.action_key, k.n, k.sample from (
      select e.action_key, count(*)::int as n, min(e.kind || '/' || e.reference) as sample
      from journal_entries e where e.action_key is not null group by e.action_key
    ) k
    where not exists (select 1 from audit_log l where l.detail ? 'action_key' and l.detail->>'action_key' = k.action_key)
    limit 20`);
  for (const r of orphans.rows)
    problems.push({
      check: 'entry has its audit line',
      detail: `${r.n} entr${Number(r.n) === 1 ? 'y' : 'ies'} of action ${r.action_key} (e.g. ${r.sample}): no audit line`,
    });
  const twice = await db.execute<{ action_key: string; ids: string }>(sql`
    select detail->>'action_key' as action_key, string_agg(id::text, ', ' order by id) as ids
    from audit_log where detail ? 'action_key' group by detail->>'action_key' having count(*) > 1 limit 20`);
  for (const r of twice.rows)
    problems.push({ check: 'action has one audit line', detail: `action ${r.action_key}: lines ${r.ids}` });
  const empty = await db.execute<{ id: string; action: string }>(sql`
    select l.id::text as id, l.action from audit_log l
    where l.detail ? 'action_key'
      and not exists (select 1 from journal_entries e where e.action_key = l.detail->>'action_key')
    limit 20`);
  for (const r of empty.rows)
    problems.push({ check: 'audit line has its entries', detail: `line ${r.id} (${r.action}): no journal entry` });
  const {
    rows: [{ untraced }],
  } = await db.execute<{ untraced: number }>(
    sql`select count(*)::int as untraced from journal_entries where action_key is null`,
  );
  return { problems, untraced: Number(untraced) };
}
