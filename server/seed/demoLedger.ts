import { auditSeeded } from './seedAudit.ts';
import type { Db } from '../db/connect.ts';
import { lockClientAccount } from '../domain/ledger.ts';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema.ts';
import { recordDeposit } from '../domain/disbursementAccount.ts';
import { applyDecision, openWithdrawal } from '../domain/withdrawals.ts';
import { seededRandom } from './seededRandom.ts';

const JAKARTA_OFFSET_MS = 7 * 3_600_000;

/**
 * `hour` o'clock on the Jakarta calendar day `days` before today there (not the UTC day: from 17:00 UTC they differ).
 */
const daysAgo = (days: number, hour: number) => {
  const wall = new Date(Date.now() + JAKARTA_OFFSET_MS - days * 86_400_000);
  wall.setUTCHours(hour, Math.floor(hour * 7) % 60, 0, 0);
  // Never in the future (today at an hour still to come), whatever time the seed runs.
  return new Date(Math.min(wall.getTime() - JAKARTA_OFFSET_MS, Date.now() - 60_000));
};

const beneficiaries = [
  ['BCA', 'Budi Santoso'],
  ['Mandiri', 'Siti Rahmawati'],
  ['BRI', 'Agus Wijaya'],
  ['BNI', 'Dewi Lestari'],
  ['CIMB Niaga', 'Rudi Hartono'],
] as const;

/**
 * On top of the pay-ins (credited through the ledger by seedPayins), every demo client gets
 * deposits onto the disbursement balance, and withdrawals in each status plus a completed
 * transfer to disburse, sized to what its withdrawable balance allows.
 */
export async function seedDemoLedger(
  db: Db,
  clientIds: number[],
  initiators: Map<number, number>,
  deciderId: number,
): Promise<void> {
  const random = seededRandom(20260101);
  const [{ name: depositor }] = await db.select({ name: users.name }).from(users).where(eq(users.id, deciderId));
  const roundTo = (n: number, step: number) => Math.round(n / step) * step;
  for (const [index, clientId] of clientIds.entries()) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      // Deposits over the last 14 days, yesterday and today included, so every disbursement screen opens on data.
      for (const [n, day] of [13, 9, 5, 2, 1, 0].entries()) {
        const at = day === 0 ? new Date(Date.now() - (30 + n) * 60_000) : daysAgo(day, 9 + ((index + n) % 8));
        await recordDeposit(tx, {
          clientId,
          kind: 'deposit',
          amount: roundTo((n === 0 ? 5_000_000 : 500_000) + random() * (n === 0 ? 20_000_000 : 4_000_000), 100_000),
          description: `Deposit by bank transfer from ${beneficiaries[(index + n) % beneficiaries.length][0]}`,
          picName: depositor,
          by: deciderId,
          reference: `DEMO-DEP-${clientId}-${n + 1}`,
          at,
        });
        await auditSeeded(tx, 'deposit', { client_id: clientId, reference: `DEMO-DEP-${clientId}-${n + 1}` });
      }

      const available = await lockClientAccount(tx, clientId, 'withdrawable');
      const share = (part: number) => Math.max(20_000, roundTo(available * part, 10_000));
      if (available < 4 * share(0.05)) return;
      const requestedBy = initiators.get(clientId) ?? deciderId;
      const who = beneficiaries[index % beneficiaries.length];
      const open = async (day: number, amount: number, kind: 'withdrawal' | 'transfer_to_disburse' = 'withdrawal') => {
        const opened = await openWithdrawal(tx, {
          clientId,
          kind,
          amount,
          requestedBy,
          withdrawalTime: daysAgo(day, 10 + (day % 6)),
          bankName: kind === 'withdrawal' ? who[0] : '0',
          accountNo: kind === 'withdrawal' ? `${7100000000 + clientId * 1000 + day}` : '0',
          bankAccountName: kind === 'withdrawal' ? who[1] : 'None',
          description:
            kind === 'withdrawal' ? 'Weekly settlement to operating account' : 'Request transfer to disburse balance.',
        });
        await auditSeeded(tx, 'withdrawal', { uuid: opened.uuid, amount });
        return opened;
      };
      const decide = async (...args: Parameters<typeof applyDecision>) => {
        await applyDecision(...args);
        await auditSeeded(tx, 'withdrawal_decided', { uuid: args[1].uuid, status: args[2] });
      };
      await decide(tx, await open(9, share(0.1)), 'COMPLETED', deciderId, daysAgo(8, 14));
      await decide(tx, await open(6, share(0.05)), 'REJECTED', deciderId, daysAgo(6, 16));
      await decide(tx, await open(4, share(0.08), 'transfer_to_disburse'), 'COMPLETED', deciderId, daysAgo(3, 11));
      await open(1, share(0.04));
    });
  }
}
