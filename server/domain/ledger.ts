import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { runPrepared } from '../db/prepared.ts';
import { journalEntries, ledgerAccounts, postings, type AccountKind } from '../db/schema.ts';
import { ruleBroken } from './errors.ts';

// disbursement_hold comes last: clients created before it get it with a higher id than their other
// four, new clients get all five in this order, and postEntry locks by id either way.
export const clientAccountKinds = [
  'nonwithdrawable',
  'withdrawable',
  'pending_withdrawal',
  'disbursement',
  'disbursement_hold',
] as const satisfies readonly AccountKind[];
export type ClientAccountKind = (typeof clientAccountKinds)[number];

export const systemAccounts = {
  channelReceipts: { code: 'system:channel_receipts', kind: 'channel_receipts', mayGoNegative: true },
  fees: { code: 'system:fees', kind: 'fees', mayGoNegative: false },
  bankPayouts: { code: 'system:bank_payouts', kind: 'bank_payouts', mayGoNegative: false },
  adjustments: { code: 'system:adjustments', kind: 'adjustments', mayGoNegative: true },
} as const satisfies Record<string, { code: string; kind: AccountKind; mayGoNegative: boolean }>;

export type AccountRef = { client: number; kind: ClientAccountKind } | { system: keyof typeof systemAccounts };

export const clientAccountCode = (clientId: number, kind: ClientAccountKind) => `client:${clientId}:${kind}`;
const codeOf = (ref: AccountRef) =>
  'client' in ref ? clientAccountCode(ref.client, ref.kind) : systemAccounts[ref.system].code;

export const INSUFFICIENT_BALANCE = 'Insufficient balance';

/**
 * Creates any missing account; safe to call again and concurrently. A client's accounts are
 * always created together and in one order, so their ids, and so the lock order, are the same
 * for every client.
 */
async function ensureAccounts(tx: Db, refs: AccountRef[]): Promise<void> {
  const clientIds = [...new Set(refs.flatMap((ref) => ('client' in ref ? [ref.client] : [])))];
  const rows = [
    ...clientIds.flatMap((clientId) =>
      clientAccountKinds.map((kind) => ({
        code: clientAccountCode(clientId, kind),
        clientId,
        kind,
        mayGoNegative: false,
      })),
    ),
    ...refs.flatMap((ref) =>
      'system' in ref
        ? [
            {
              code: codeOf(ref),
              clientId: null,
              kind: systemAccounts[ref.system].kind,
              mayGoNegative: systemAccounts[ref.system].mayGoNegative,
            },
          ]
        : [],
    ),
  ];
  const existing = new Set(
    (
      await tx
        .select({ code: ledgerAccounts.code })
        .from(ledgerAccounts)
        .where(
          inArray(
            ledgerAccounts.code,
            rows.map((r) => r.code),
          ),
        )
    ).map((r) => r.code),
  );
  const missing = rows.filter((r) => !existing.has(r.code));
  if (missing.length)
    await tx.insert(ledgerAccounts).values(missing).onConflictDoNothing({ target: ledgerAccounts.code });
}

export const ensureClientAccounts = (tx: Db, clientId: number) =>
  ensureAccounts(tx, [{ client: clientId, kind: 'withdrawable' }]);

export interface EntryInput {
  kind: string;
  reference: string;
  description: string;
  createdBy?: number | null;
  lines: Array<{ account: AccountRef; amount: number }>;
}

/**
 * Writes one journal entry and moves the cached balances, inside the caller's transaction.
 * (Accounts are locked FOR NO KEY UPDATE: only the balance changes, and concurrent postings' foreign
 * key checks hold KEY SHARE locks that a FOR UPDATE would wait on.)
 * The (kind, reference) pair is unique: a second attempt at the same movement applies nothing
 * and returns false. Accounts are locked in id order so concurrent entries cannot deadlock, and
 * a balance that must not go negative makes the whole transaction fail with ruleBroken.
 */
export async function postEntry(tx: Db, input: EntryInput): Promise<boolean> {
  const total = input.lines.reduce((sum, line) => sum + line.amount, 0);
  if (total !== 0) throw new Error(`journal entry ${input.kind}/${input.reference} does not balance`);
  if (input.lines.some((line) => !Number.isSafeInteger(line.amount) || line.amount === 0))
    throw new Error('posting amounts must be non-zero whole rupiah');

  const [entry] = await tx
    .insert(journalEntries)
    .values({
      kind: input.kind,
      reference: input.reference,
      description: input.description,
      createdBy: input.createdBy ?? null,
    })
    .onConflictDoNothing({ target: [journalEntries.kind, journalEntries.reference] })
    .returning({ id: journalEntries.id });
  if (!entry) return false;

  await ensureAccounts(
    tx,
    input.lines.map((l) => l.account),
  );
  const codes = input.lines.map((l) => codeOf(l.account));
  const accounts = await tx
    .select({
      id: ledgerAccounts.id,
      code: ledgerAccounts.code,
      balance: ledgerAccounts.balance,
      mayGoNegative: ledgerAccounts.mayGoNegative,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, codes))
    .orderBy(asc(ledgerAccounts.id))
    .for('no key update');
  const byCode = new Map(accounts.map((a) => [a.code, a]));

  const delta = new Map<number, number>();
  for (const line of input.lines) {
    const account = byCode.get(codeOf(line.account))!;
    delta.set(account.id, (delta.get(account.id) ?? 0) + line.amount);
  }
  for (const account of accounts) {
    if (!account.mayGoNegative && account.balance + (delta.get(account.id) ?? 0) < 0)
      throw ruleBroken(INSUFFICIENT_BALANCE);
  }
  for (const [accountId, amount] of delta) {
    await tx
      .update(ledgerAccounts)
      .set({ balance: sql`${ledgerAccounts.balance} + ${amount}` })
      .where(eq(ledgerAccounts.id, accountId));
  }
  await tx.insert(postings).values(
    input.lines.map((line) => ({
      entryId: entry.id,
      accountId: byCode.get(codeOf(line.account))!.id,
      amount: line.amount,
    })),
  );
  return true;
}

export type ClientBalances = Record<ClientAccountKind, number>;

/** The cached balances of the given clients' accounts, summed per kind. */
export async function clientBalances(db: Db, clientIds: number[]): Promise<ClientBalances> {
  const result: ClientBalances = {
    nonwithdrawable: 0,
    withdrawable: 0,
    pending_withdrawal: 0,
    disbursement: 0,
    disbursement_hold: 0,
  };
  if (clientIds.length === 0) return result;
  const rows = await runPrepared(
    db
      .select({ kind: ledgerAccounts.kind, total: sql<string>`sum(${ledgerAccounts.balance})` })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.clientId, clientIds))
      .groupBy(ledgerAccounts.kind),
  );
  for (const row of rows) if (row.kind in result) result[row.kind as ClientAccountKind] = Number(row.total);
  return result;
}

/** Locks one client account row for the rest of the transaction and returns its balance. */
export async function lockClientAccount(tx: Db, clientId: number, kind: ClientAccountKind): Promise<number> {
  await ensureAccounts(tx, [{ client: clientId, kind }]);
  const [row] = await tx
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, clientAccountCode(clientId, kind)))
    .for('no key update');
  return row.balance;
}
