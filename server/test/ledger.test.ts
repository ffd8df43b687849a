import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { clients, journalEntries, ledgerAccounts, postings } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { DomainError } from '../domain/errors.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import {
  INSUFFICIENT_BALANCE,
  clientAccountKinds,
  clientBalances,
  lockClientAccount,
  postEntry,
  type EntryInput,
} from '../domain/ledger.ts';
import { freshDatabase } from './harness.ts';

/**
 * The ledger's one way of moving money, on an empty database of its own: an entry balances, moves
 * every cached balance by its lines in the same transaction, is applied once per (kind, reference),
 * and never takes an account that must not go negative below zero. The other suites reach it
 * through the API; this one holds the rules themselves.
 */
let db: Db;
let dispose: () => Promise<void>;
let maju = 0;
let jaya = 0;

beforeAll(async () => {
  const fresh = await freshDatabase();
  db = fresh.database.db;
  dispose = fresh.dispose;
  [{ id: maju }, { id: jaya }] = await db
    .insert(clients)
    .values([{ clientName: 'PT Maju' }, { clientName: 'CV Jaya' }])
    .returning({ id: clients.id });
});
afterAll(async () => {
  await dispose?.();
});

/** The ledger's own checks (the others tie balances to withdrawals and disbursements, which this file has none of). */
const ledgerProblems = async () =>
  (await checkLedger(db)).problems.filter((p) =>
    ['balance equals postings', 'entry sums to zero', 'never negative'].includes(p.check),
  );
const post = (input: EntryInput) => inTransaction(db, (tx) => postEntry(tx, input));
const balanceOf = async (code: string) =>
  (await db.select({ balance: ledgerAccounts.balance }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)))[0]
    ?.balance;
const payin = (reference: string, clientId: number, amount: number, fee: number): EntryInput => ({
  kind: 'payin.finalized',
  reference,
  description: `Pay-in ${reference}`,
  createdBy: null,
  lines: [
    { account: { system: 'channelReceipts' }, amount: -amount },
    { account: { client: clientId, kind: 'withdrawable' }, amount: amount - fee },
    { account: { system: 'fees' }, amount: fee },
  ],
});

describe('postEntry', () => {
  it('writes the entry and its postings and moves each balance by its lines', async () => {
    expect(await post(payin('P-1', maju, 100_000, 2_500))).toBe(true);
    expect(await balanceOf(`client:${maju}:withdrawable`)).toBe(97_500);
    expect(await balanceOf('system:fees')).toBe(2_500);
    // The channels' receipts are a source of money: the one account here that runs below zero.
    expect(await balanceOf('system:channel_receipts')).toBe(-100_000);
    const [entry] = await db.select().from(journalEntries).where(eq(journalEntries.reference, 'P-1'));
    expect(entry).toMatchObject({ kind: 'payin.finalized', description: 'Pay-in P-1', createdBy: null });
    const lines = await db
      .select({ amount: postings.amount })
      .from(postings)
      .where(eq(postings.entryId, entry.id))
      .orderBy(asc(postings.id));
    expect(lines.map((l) => l.amount)).toEqual([-100_000, 97_500, 2_500]);
    expect(await ledgerProblems()).toEqual([]);
  });

  it("opens all five of a client's accounts at once, in one order, none of them allowed below zero", async () => {
    const rows = await db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.clientId, maju))
      .orderBy(asc(ledgerAccounts.id));
    expect(rows.map((r) => r.kind)).toEqual([...clientAccountKinds]);
    expect(rows.map((r) => r.code)).toEqual(clientAccountKinds.map((kind) => `client:${maju}:${kind}`));
    expect(rows.every((r) => !r.mayGoNegative)).toBe(true);
    const system = await db
      .select({
        code: ledgerAccounts.code,
        kind: ledgerAccounts.kind,
        mayGoNegative: ledgerAccounts.mayGoNegative,
        clientId: ledgerAccounts.clientId,
      })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, 'fees'));
    expect(system).toEqual([{ code: 'system:fees', kind: 'fees', mayGoNegative: false, clientId: null }]);
  });

  it('applies a movement once: the same kind and reference again changes nothing', async () => {
    expect(await post(payin('P-1', maju, 100_000, 2_500))).toBe(false);
    expect(await balanceOf(`client:${maju}:withdrawable`)).toBe(97_500);
    expect(await db.$count(journalEntries, eq(journalEntries.reference, 'P-1'))).toBe(1);
    // Another kind of movement may share the reference.
    expect(
      await post({ ...payin('P-1', maju, 10_000, 0), kind: 'payin.other', lines: payin('P-1', maju, 10_000, 1).lines }),
    ).toBe(true);
    expect(await balanceOf(`client:${maju}:withdrawable`)).toBe(97_500 + 9_999);
  });

  it('refuses an entry that does not balance, or a line that is zero or not whole rupiah; writes nothing', async () => {
    const entries = await db.$count(journalEntries);
    const base = payin('BAD', maju, 1_000, 10);
    await expect(post({ ...base, lines: [...base.lines, { account: { system: 'fees' }, amount: 1 }] })).rejects.toThrow(
      'journal entry payin.finalized/BAD does not balance',
    );
    await expect(post({ ...base, lines: [...base.lines, { account: { system: 'fees' }, amount: 0 }] })).rejects.toThrow(
      'posting amounts must be non-zero whole rupiah',
    );
    await expect(
      post({
        ...base,
        lines: [
          { account: { system: 'adjustments' }, amount: -0.5 },
          { account: { system: 'fees' }, amount: 0.5 },
        ],
      }),
    ).rejects.toThrow('non-zero whole rupiah');
    expect(await db.$count(journalEntries)).toBe(entries);
  });

  it('sums several lines on one account before checking it', async () => {
    const before = await balanceOf(`client:${jaya}:withdrawable`);
    expect(
      await post({
        kind: 'adjustment',
        reference: 'ADJ-1',
        description: 'two lines on one account',
        createdBy: null,
        lines: [
          { account: { client: jaya, kind: 'withdrawable' }, amount: 700 },
          { account: { client: jaya, kind: 'withdrawable' }, amount: -200 },
          { account: { system: 'adjustments' }, amount: -500 },
        ],
      }),
    ).toBe(true);
    expect(await balanceOf(`client:${jaya}:withdrawable`)).toBe((before ?? 0) + 500);
    expect(await ledgerProblems()).toEqual([]);
  });

  it('lets a balance reach zero but never below, and then moves nothing at all', async () => {
    const code = `client:${maju}:withdrawable`;
    const all = await balanceOf(code);
    const out = (reference: string, amount: number): EntryInput => ({
      kind: 'withdrawal.requested',
      reference,
      description: 'out',
      createdBy: null,
      lines: [
        { account: { client: maju, kind: 'withdrawable' }, amount: -amount },
        { account: { client: maju, kind: 'pending_withdrawal' }, amount },
      ],
    });
    const refused = await post(out('W-1', all + 1)).catch((error) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: 'ruleBroken', message: INSUFFICIENT_BALANCE });
    expect(await balanceOf(code)).toBe(all);
    expect(await balanceOf(`client:${maju}:pending_withdrawal`)).toBe(0);
    expect(await db.$count(journalEntries, eq(journalEntries.reference, 'W-1'))).toBe(0);
    expect(await post(out('W-2', all))).toBe(true);
    expect(await balanceOf(code)).toBe(0);
    expect(await balanceOf(`client:${maju}:pending_withdrawal`)).toBe(all);
    expect(await ledgerProblems()).toEqual([]);
  });
});

describe('balances', () => {
  it('sums each kind over the clients asked for, and is all zero for none', async () => {
    const one = await clientBalances(db, [maju]);
    const both = await clientBalances(db, [maju, jaya]);
    expect(one).toEqual({
      nonwithdrawable: 0,
      withdrawable: 0,
      pending_withdrawal: 97_500 + 9_999,
      disbursement: 0,
      disbursement_hold: 0,
    });
    expect(both.withdrawable).toBe(500);
    expect(both.pending_withdrawal).toBe(97_500 + 9_999);
    expect(await clientBalances(db, [])).toEqual({
      nonwithdrawable: 0,
      withdrawable: 0,
      pending_withdrawal: 0,
      disbursement: 0,
      disbursement_hold: 0,
    });
  });

  it('locks a client account and reads its balance, opening the accounts when there are none yet', async () => {
    expect(await inTransaction(db, (tx) => lockClientAccount(tx, jaya, 'withdrawable'))).toBe(500);
    const [{ id: fresh }] = await db.insert(clients).values({ clientName: 'UD Baru' }).returning({ id: clients.id });
    expect(await inTransaction(db, (tx) => lockClientAccount(tx, fresh, 'disbursement'))).toBe(0);
    expect(await db.$count(ledgerAccounts, eq(ledgerAccounts.clientId, fresh))).toBe(clientAccountKinds.length);
  });
});
