import { auditSeeded } from './seedAudit.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { transactions } from '../db/schema.ts';
import { bulkCreditPayins, bulkReleaseToWithdrawable } from '../domain/payinLedgerBulk.ts';
import { generatePayins } from './payinGenerator.ts';
import { seededRandom } from './seededRandom.ts';

/**
 * Inserts generated pay-ins in batches, then credits every paid one through the ledger and moves
 * the settled or released ones to withdrawable, as the real flows would have.
 */
export async function seedPayins(
  db: Db,
  options: { count: number; days: number; clientIds: number[]; seed?: number },
): Promise<number> {
  const random = seededRandom(options.seed ?? 7);
  const [{ n: existing }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from transactions`)).rows;
  const batch: Array<typeof transactions.$inferInsert> = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db.insert(transactions).values(batch);
    batch.length = 0;
  };
  for (const row of generatePayins({ ...options, random, sequenceStart: Number(existing) })) {
    batch.push(row);
    if (batch.length >= 2_000) await flush();
  }
  await flush();
  await db.transaction(async (tx) => {
    const credited = await bulkCreditPayins(tx as unknown as Db, sql`true`);
    await auditSeeded(tx as unknown as Db, 'payins_credited', { count: credited });
    const released = await bulkReleaseToWithdrawable(tx as unknown as Db, sql`t.withdrawable_at is not null`);
    await auditSeeded(tx as unknown as Db, 'payins_withdrawable', { count: released });
  });
  return options.count;
}
