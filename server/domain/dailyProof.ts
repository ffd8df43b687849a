import { sql } from 'drizzle-orm';
import {
  MOVEMENT_NAMES,
  PROOF_ACCOUNTS,
  movementOrder,
  zeroAmounts,
  type DailyProof,
  type DailyProofQuery,
  type ProofAccount,
  type ProofAmounts,
  type ProofMovement,
} from '../../src/services/dailyProofRules.ts';
import type { Db } from '../db/connect.ts';
import { clientInScope, clientNameOf } from './clientScope.ts';
import type { Principal } from './principal.ts';
import { windowBounds } from './businessWindow.ts';

/**
 * Issue 43: one client's daily proof (design.md section 4). The ledger is kept by posting time (a
 * journal entry's created_at), so a business day is the postings from its first instant on the
 * business clock to the next day's. Opening: the postings before the day; movements: the day's,
 * by entry kind; closing: opening + movements. The ledger's balance at the day's end is read
 * apart (its own sum of the postings before the end), so a posting the grouping lost, counted
 * twice or put on the wrong side of midnight shows as a disagreement. All in one snapshot
 * (repeatable read), so an entry posted meanwhile cannot make the two reads differ.
 */

const isProofAccount = (kind: string): kind is ProofAccount => (PROOF_ACCOUNTS as readonly string[]).includes(kind);

const plus = (a: ProofAmounts, b: ProofAmounts): ProofAmounts =>
  Object.fromEntries(PROOF_ACCOUNTS.map((k) => [k, a[k] + b[k]])) as ProofAmounts;

interface Sums {
  start: string;
  end: string;
  /** Per entry kind (null: before the day) and account. */
  moved: Array<{ kind: string | null; account: string; amount: string }>;
  /** How many of the day's entries of each kind touch the client: an entry touching two accounts is one. */
  entries: Array<{ kind: string; n: string }>;
  ledger: Array<{ account: string; amount: string }>;
}

async function readSums(db: Db, clientId: number, day: string, timeZone: string): Promise<Sums> {
  const { from, until } = windowBounds(`${day} 00:00`, `${day} 23:59`, timeZone);
  const iso = (moment: ReturnType<typeof sql>) =>
    sql`to_char(${moment} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return db.transaction(
    async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [bounds] = (
        await tx.execute<{ start: string; end: string }>(sql`select ${iso(from)} as start, ${iso(until)} as "end"`)
      ).rows;
      // Opening and movements in one pass over the client's postings up to the end of the day.
      const moved = (
        await tx.execute<Sums['moved'][number]>(sql`
          select case when e.created_at < ${from} then null else e.kind end as kind, a.kind as account,
            sum(p.amount) as amount
          from ledger_accounts a
          join postings p on p.account_id = a.id
          join journal_entries e on e.id = p.entry_id
          where a.client_id = ${clientId} and e.created_at < ${until}
          group by 1, 2`)
      ).rows;
      const entries = (
        await tx.execute<Sums['entries'][number]>(sql`
          select e.kind, count(distinct e.id) as n
          from ledger_accounts a
          join postings p on p.account_id = a.id
          join journal_entries e on e.id = p.entry_id
          where a.client_id = ${clientId} and e.created_at >= ${from} and e.created_at < ${until}
          group by e.kind`)
      ).rows;
      const ledger = (
        await tx.execute<Sums['ledger'][number]>(sql`
          select a.kind as account, coalesce(sum(p.amount) filter (where e.created_at < ${until}), 0) as amount
          from ledger_accounts a
          left join postings p on p.account_id = a.id
          left join journal_entries e on e.id = p.entry_id
          where a.client_id = ${clientId}
          group by a.kind`)
      ).rows;
      return { ...bounds, moved, entries, ledger };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** The proof of `query.day` for `query.client_id`, a client the caller may see (else notFound). */
export async function dailyProof(
  db: Db,
  principal: Principal,
  query: DailyProofQuery,
  timeZone: string,
): Promise<DailyProof> {
  const clientId = await clientInScope(db, principal, query.client_id);
  const sums = await readSums(db, clientId, query.day, timeZone);

  const opening = zeroAmounts();
  const byKind = new Map<string, ProofAmounts>();
  for (const row of sums.moved) {
    if (!isProofAccount(row.account)) continue;
    const target =
      row.kind === null ? opening : (byKind.get(row.kind) ?? byKind.set(row.kind, zeroAmounts()).get(row.kind)!);
    target[row.account] += Number(row.amount);
  }
  const counts = new Map(sums.entries.map((r) => [r.kind, Number(r.n)]));
  const movements: ProofMovement[] = [...byKind.keys()].sort(movementOrder).map((kind) => ({
    kind,
    name: MOVEMENT_NAMES[kind] ?? kind,
    entries: counts.get(kind) ?? 0,
    amounts: byKind.get(kind)!,
  }));
  const closing = movements.reduce((sum, m) => plus(sum, m.amounts), opening);

  const ledger = zeroAmounts();
  for (const row of sums.ledger) if (isProofAccount(row.account)) ledger[row.account] = Number(row.amount);
  const agrees = Object.fromEntries(PROOF_ACCOUNTS.map((k) => [k, closing[k] === ledger[k]])) as DailyProof['agrees'];

  return {
    client: { id: clientId, client_name: await clientNameOf(db, clientId) },
    day: query.day,
    start: sums.start,
    end: sums.end,
    opening,
    movements,
    closing,
    ledger,
    agrees,
  };
}
