import { sql } from 'drizzle-orm';
import {
  ACCOUNT_NAMES,
  type Journal,
  type JournalEntry,
  type LedgerAccount,
  type LedgerStatement,
  type LedgerStatementRow,
  type TrialBalance,
} from '../../src/services/ledgerRules.ts';
import type { Db } from '../db/connect.ts';
import { objectIdAliases } from './auditLog.ts';
import { notFound } from './errors.ts';
import { pageMeta, pageOffset } from './paging.ts';
import type { PageMeta, Paged } from '../../src/services/paging.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Issue 28: the ledger as a person reads it (trial balance, an account's statement, a reference's
 * journal), straight from ledger_accounts, journal_entries and postings. Read-only.
 */

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

interface AccountRecord {
  id: number;
  code: string;
  client_id: number | null;
  client_name: string | null;
  kind: string;
  balance: string | number;
}

const toAccount = (r: AccountRecord): LedgerAccount => ({
  id: Number(r.id),
  code: r.code,
  name: ACCOUNT_NAMES[r.kind] ?? r.kind,
  client_id: r.client_id == null ? null : Number(r.client_id),
  client_name: r.client_name,
  kind: r.kind,
  balance: Number(r.balance),
});

/** Debits are the positive balances, credits the negatives: equal whenever every entry sums to zero. */
export function trialTotals(accounts: Array<{ balance: number }>): TrialBalance['totals'] {
  let debit = 0;
  let credit = 0;
  for (const a of accounts) {
    if (a.balance > 0) debit += a.balance;
    else credit -= a.balance;
  }
  return { debit, credit };
}

/**
 * Every account with its balance, system accounts first, then by client and kind. Now: the cached
 * balance (`ledger:check` proves it equals the postings). As of `at`: the sum of the postings of
 * entries written at or before it.
 */
export async function trialBalance(db: Db, at?: string): Promise<TrialBalance> {
  const balance = at
    ? sql`coalesce((select sum(p.amount) from postings p join journal_entries e on e.id = p.entry_id
        where p.account_id = a.id and e.created_at <= ${at}::timestamptz), 0)`
    : sql`a.balance`;
  const accounts = (
    await rows<AccountRecord>(
      db,
      sql`select a.id, a.code, a.client_id, c.client_name, a.kind, ${balance} as balance
      from ledger_accounts a left join clients c on c.id = a.client_id
      order by a.client_id nulls first, c.client_name, a.id`,
    )
  ).map(toAccount);
  return {
    accounts,
    totals: trialTotals(accounts),
    at: at ? new Date(at).toISOString() : null,
    first_posting_at: at ? await firstPostingAt(db) : null,
  };
}

/**
 * When the first journal entry was posted (the ledger is kept by posting time), or null. Asked only
 * with a moment: it reads every entry's time, as the balances as of a moment read every posting.
 */
async function firstPostingAt(db: Db): Promise<string | null> {
  const [row] = await rows<{ first: string | null }>(
    db,
    sql`select to_char(min(created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as first from journal_entries`,
  );
  return row?.first ?? null;
}

export async function ledgerAccount(db: Db, id: number): Promise<LedgerAccount> {
  const [row] = await rows<AccountRecord>(
    db,
    sql`select a.id, a.code, a.client_id, c.client_name, a.kind, a.balance
    from ledger_accounts a left join clients c on c.id = a.client_id where a.id = ${id}`,
  );
  if (!row) throw notFound(msg({ defaultMessage: 'No ledger account has this id', id: 'ju3/J+' }));
  return toAccount(row);
}

interface PostingRecord {
  posting_id: string;
  entry_id: string;
  reference: string;
  kind: string;
  description: string;
  time: string;
  amount: string;
}

/** The account's postings below `before` (a posting id), newest first. */
const postingsOf = (db: Db, accountId: number, limit: number, offset: number, before?: number) =>
  rows<PostingRecord>(
    db,
    sql`select p.id as posting_id, p.entry_id, e.reference, e.kind, e.description,
      to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as time, p.amount
    from postings p join journal_entries e on e.id = p.entry_id
    where p.account_id = ${accountId} ${before === undefined ? sql`` : sql`and p.id < ${before}`}
    order by p.id desc limit ${limit} offset ${offset}`,
  );

/**
 * Newest first, each with the balance right after it: the newest's is the account's balance, each
 * older one's is the newer one's less the newer one's amount. `after` is the balance after the first row.
 */
function withBalances(records: PostingRecord[], after: number): LedgerStatementRow[] {
  let balance = after;
  return records.map((r) => {
    const row: LedgerStatementRow = {
      posting_id: Number(r.posting_id),
      entry_id: Number(r.entry_id),
      reference: r.reference,
      kind: r.kind,
      description: r.description,
      time: r.time,
      amount: Number(r.amount),
      balance,
    };
    balance -= row.amount;
    return row;
  });
}

/**
 * One page of an account's statement. The balance after a page's first row is the account's balance
 * less the postings newer than it: only the rows before the page are summed (the account index).
 */
export async function accountStatement(
  db: Db,
  id: number,
  page: number,
  limit: number,
): Promise<LedgerStatement & { meta: PageMeta }> {
  const account = await ledgerAccount(db, id);
  const offset = pageOffset(page, limit);
  const [{ total, newer }] = await rows<{ total: number; newer: string }>(
    db,
    sql`select (select count(*)::int from postings where account_id = ${id}) as total,
      (select coalesce(sum(amount), 0) from (select amount from postings where account_id = ${id}
        order by id desc limit ${offset}) n) as newer`,
  );
  const records = await postingsOf(db, id, limit, offset);
  return {
    account,
    entries: withBalances(records, account.balance - Number(newer)),
    meta: pageMeta(page, limit, Number(total)),
  };
}

const BATCH_SIZE = 5_000;

/** The whole statement newest first, in keyset batches (for the export). */
export async function* statementBatches(db: Db, account: LedgerAccount): AsyncGenerator<LedgerStatementRow[]> {
  let before: number | undefined;
  let after = account.balance;
  for (;;) {
    const records = await postingsOf(db, account.id, BATCH_SIZE, 0, before);
    const batch = withBalances(records, after);
    if (batch.length) yield batch;
    if (records.length < BATCH_SIZE) return;
    const last = batch[batch.length - 1];
    before = last.posting_id;
    after = last.balance - last.amount;
  }
}

/**
 * The journal entries of one reference (a pay-in's correlation id, a withdrawal's or disbursement's
 * uuid, an adjustment's reference), oldest first, each with its postings. A disbursement's or
 * pay-in's other id (correlation id, uuid) finds the same entries, as in the audit log.
 */
export async function journalOf(db: Db, reference: string): Promise<Journal> {
  // The unique index is on (kind, reference): walking its few kinds (a loose index scan) and
  // looking each up with the reference uses it, where `reference = x` alone would read every entry.
  const found = await rows<JournalRecord>(
    db,
    sql`with recursive kinds(kind) as (
      (select kind from journal_entries order by kind limit 1)
      union all
      select (select j.kind from journal_entries j where j.kind > k.kind order by j.kind limit 1)
      from kinds k where k.kind is not null
    )
    select ${JOURNAL_COLUMNS}
    from journal_entries e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
    where e.kind in (select kind from kinds where kind is not null)
      and e.reference in ${objectIdAliases(reference)}
    order by e.id, p.id`,
  );
  if (found.length === 0)
    throw notFound(
      msg({ defaultMessage: 'No journal entry has the reference {reference}', id: 'uIb063' }, { reference }),
    );
  return { reference, entries: entriesOf(found) };
}

/** One posting row of a journal read, with its entry's columns. */
interface JournalRecord {
  id: string;
  kind: string;
  reference: string;
  description: string;
  created_at: string;
  audit_id: string | null;
  account_id: number;
  account_code: string;
  amount: string;
}

/**
 * The columns of JournalRecord over `e` (entry), `p` (posting) and `a` (account). The audit line is
 * the one whose detail names the entry's action key (issue 43), found by the partial index of 0026.
 */
const JOURNAL_COLUMNS = sql`e.id, e.kind, e.reference, e.description,
  to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
  (select l.id from audit_log l where l.detail ? 'action_key' and l.detail->>'action_key' = e.action_key
    order by l.id limit 1) as audit_id,
  p.account_id, a.code as account_code, p.amount`;

/** Posting rows (ordered by entry, then posting) gathered into entries. */
function entriesOf(found: JournalRecord[]): JournalEntry[] {
  const entries = new Map<number, JournalEntry>();
  for (const r of found) {
    const id = Number(r.id);
    const entry = entries.get(id) ?? {
      id,
      kind: r.kind,
      reference: r.reference,
      description: r.description,
      created_at: r.created_at,
      postings: [],
      audit_id: r.audit_id == null ? null : Number(r.audit_id),
    };
    entry.postings.push({ account_id: Number(r.account_id), account_code: r.account_code, amount: Number(r.amount) });
    entries.set(id, entry);
  }
  return [...entries.values()];
}

/**
 * The journal entries one audit line's action posted (issue 43), oldest first, a page at a time (a
 * bulk line's can be 100,000): those whose action key the line's detail names.
 */
export async function auditLineJournal(
  db: Db,
  auditId: number,
  page: number,
  limit: number,
): Promise<Paged<JournalEntry>> {
  const keyOf = sql`(select l.detail->>'action_key' from audit_log l where l.id = ${auditId})`;
  const [{ total }] = await rows<{ total: string }>(
    db,
    sql`select count(*) as total from journal_entries e where e.action_key = ${keyOf}`,
  );
  const found = await rows<JournalRecord>(
    db,
    sql`with shown as (select e.* from journal_entries e where e.action_key = ${keyOf}
        order by e.id limit ${limit} offset ${(page - 1) * limit})
      select ${JOURNAL_COLUMNS}
      from shown e join postings p on p.entry_id = e.id join ledger_accounts a on a.id = p.account_id
      order by e.id, p.id`,
  );
  return { rows: entriesOf(found), meta: pageMeta(page, limit, Number(total)) };
}
