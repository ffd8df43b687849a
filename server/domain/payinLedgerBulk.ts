import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { clientAccountKinds, clientAccountCode, systemAccounts } from './ledger.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * The set-based twins of creditPayin and releaseToWithdrawable, for thousands of pay-ins at once
 * (demo data, the bulk 'process transaction'). Same entries, same (kind, reference) uniqueness,
 * same postings; the cached balances move by the sum of exactly the postings written here.
 * `where` selects rows of `transactions t`.
 */
async function ensureAccountsFor(tx: Db, where: SQL) {
  const clientIds = (
    await tx.execute<{ client_id: number }>(sql`select distinct t.client_id from transactions t where ${where}`)
  ).rows.map((r) => Number(r.client_id));
  const rows = [
    ...clientIds.flatMap((clientId) =>
      clientAccountKinds.map((kind) => sql`(${clientAccountCode(clientId, kind)}, ${clientId}, ${kind}, false)`),
    ),
    ...Object.values(systemAccounts).map((a) => sql`(${a.code}, null, ${a.kind}, ${a.mayGoNegative})`),
  ];
  await tx.execute(
    sql`insert into ledger_accounts (code, client_id, kind, may_go_negative)
      values ${sql.join(rows, sql`, `)} on conflict (code) do nothing`,
  );
}

async function applyNewEntries(tx: Db) {
  // Lock the touched accounts in id order (as postEntry does), then move each by its new postings.
  // NO KEY UPDATE, not UPDATE: the balance is not a key, and a FOR UPDATE would wait on (and can
  // deadlock with) the KEY SHARE locks other transactions' postings take on the same accounts.
  await tx.execute(
    sql`select id from ledger_accounts where id in (select distinct account_id from postings
      where entry_id in (select id from new_entries)) order by id for no key update`,
  );
  await tx.execute(sql`
    update ledger_accounts a set balance = a.balance + s.total
    from (select account_id, sum(amount) as total from postings where entry_id in (select id from new_entries)
      group by account_id) s
    where a.id = s.account_id`);
  await tx.execute(sql`drop table new_entries`);
}

/**
 * Writes one entry per selected pay-in (the pair (kind, correlation id) applies once, ever), its
 * postings from `lines` (a VALUES list over `t`, of account code and amount), and moves the
 * balances; returns how many entries were new.
 */
async function bulkPost(
  tx: Db,
  spec: { kind: string; description: string; by: number | null; where: SQL; lines: SQL },
): Promise<number> {
  await ensureAccountsFor(tx, spec.where);
  await tx.execute(sql`
    create temp table new_entries on commit drop as
    with inserted as (
      insert into journal_entries (kind, reference, description, created_by)
      select ${spec.kind}, t.correlation_id, ${spec.description}, ${spec.by}::int from transactions t
        where ${spec.where}
      on conflict (kind, reference) do nothing
      returning id, reference
    ) select id, reference from inserted`);
  // Without statistics the planner guesses a temp table's size, and a wrong guess can scan every pay-in.
  await tx.execute(sql`analyze new_entries`);
  const { rows } = await tx.execute<{ n: number }>(sql`select count(*)::int as n from new_entries`);
  await tx.execute(sql`
    insert into postings (entry_id, account_id, amount)
    select e.id, a.id, x.amount
    from new_entries e
    join transactions t on t.correlation_id = e.reference
    cross join lateral (values ${spec.lines}) as x(code, amount)
    join ledger_accounts a on a.code = x.code
    where x.amount <> 0
    order by e.id, x.amount`);
  return Number(rows[0].n);
}

/** Credits every selected FINALIZED or SETTLED pay-in not credited yet; returns how many. */
export async function bulkCreditPayins(tx: Db, where: SQL, by: number | null = null): Promise<number> {
  const credited = await bulkPost(tx, {
    kind: 'payin.finalized',
    description: msg({ defaultMessage: 'Pay-in finalized', id: 'DjDFZS', description: "a ledger entry's description" }),
    by,
    where: sql`t.status in ('FINALIZED', 'SETTLED') and (${where})`,
    lines: sql`(${systemAccounts.channelReceipts.code}, -t.amount), ('client:' || t.client_id || ':nonwithdrawable',
      t.amount - t.fee_amount), (${systemAccounts.fees.code}, t.fee_amount)`,
  });
  await applyNewEntries(tx);
  return credited;
}

/**
 * Moves every selected credited pay-in's net amount to withdrawable, once each, and stamps
 * withdrawable_at on exactly those rows; returns how many moved.
 */
export async function bulkReleaseToWithdrawable(tx: Db, where: SQL, by: number | null = null): Promise<number> {
  const moved = await bulkPost(tx, {
    kind: 'payin.withdrawable',
    description: msg({
      defaultMessage: 'Added to withdrawable balance',
      id: '0Sv5hb',
      description: "a ledger entry's description",
    }),
    by,
    where: sql`t.status in ('FINALIZED', 'SETTLED') and (${where})
      and exists (select 1 from journal_entries c where c.kind = 'payin.finalized' and c.reference = t.correlation_id)`,
    lines: sql`('client:' || t.client_id || ':nonwithdrawable', -(t.amount - t.fee_amount)),
      ('client:' || t.client_id || ':withdrawable', t.amount - t.fee_amount)`,
  });
  // Rows already stamped keep their time; not rewriting them spares every index an entry per row.
  await tx.execute(
    sql`update transactions t set withdrawable_at = now() where t.correlation_id in (select reference
      from new_entries) and t.withdrawable_at is null`,
  );
  await applyNewEntries(tx);
  return moved;
}

/**
 * Settlement's batch, in the caller's transaction, over the temp table `settling` (id, credited)
 * the caller filled and locked: moves each credited pay-in's net to withdrawable once (as
 * bulkReleaseToWithdrawable does), and in one UPDATE of every row of the batch applies `set` (the
 * new status, settlement time and run) and stamps withdrawable_at on exactly those that moved. One
 * UPDATE, not two: each rewrites the rows and fires the rollup triggers. Answers the sum moved.
 */
export async function bulkSettle(tx: Db, set: SQL, by: number | null): Promise<{ count: number; amount: number }> {
  const count = await bulkPost(tx, {
    kind: 'payin.withdrawable',
    description: msg({
      defaultMessage: 'Settled: added to withdrawable balance',
      id: 'P2VbOn',
      description: "a ledger entry's description",
    }),
    by,
    where: sql`t.id in (select id from settling where credited)`,
    lines: sql`('client:' || t.client_id || ':nonwithdrawable', -(t.amount - t.fee_amount)),
      ('client:' || t.client_id || ':withdrawable', t.amount - t.fee_amount)`,
  });
  const { rows } = await tx.execute<{ amount: string }>(sql`
    with changed as (
      update transactions t set ${set},
        withdrawable_at = case when m.reference is not null then coalesce(t.withdrawable_at, now())
          else t.withdrawable_at end
      from settling s left join new_entries m on m.reference = s.correlation_id
      where t.id = s.id
      returning m.reference is not null as moved, t.amount - t.fee_amount as net
    ) select coalesce(sum(net) filter (where moved), 0) as amount from changed`);
  await applyNewEntries(tx);
  return { count, amount: Number(rows[0].amount) };
}
