import type { Db } from '../db/connect.ts';
import { creditPayin, releaseToWithdrawable, adjustDisbursement } from '../domain/payins.ts';
import { applyDecision, openWithdrawal } from '../domain/withdrawals.ts';

/** A small deterministic generator, so every demo database tells the same story. */
export function seededRandom(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const daysAgo = (days: number, hour: number) => {
  const d = new Date(Date.now() - days * 86_400_000);
  d.setUTCHours(hour - 7, Math.floor(hour * 7) % 60, 0, 0);
  return d;
};

const beneficiaries = [
  ['BCA', 'Budi Santoso'], ['Mandiri', 'Siti Rahmawati'], ['BRI', 'Agus Wijaya'], ['BNI', 'Dewi Lestari'], ['CIMB Niaga', 'Rudi Hartono'],
] as const;

/**
 * Every demo client's balances come from a history posted through the ledger: pay-ins credited,
 * most of them released to withdrawable, withdrawals in each status, a transfer to disburse and
 * deposits onto the disbursement balance.
 */
export async function seedDemoLedger(db: Db, clientIds: number[], initiators: Map<number, number>, deciderId: number): Promise<void> {
  const random = seededRandom(20260101);
  const roundTo = (n: number, step: number) => Math.round(n / step) * step;
  for (const [index, clientId] of clientIds.entries()) {
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const payins = 12 + Math.floor(random() * 10);
      for (let i = 0; i < payins; i++) {
        const amount = roundTo(150_000 + random() * 2_400_000, 500);
        const fee = Math.round(amount * 0.007);
        const reference = `DEMO-${clientId}-${String(i + 1).padStart(4, '0')}`;
        await creditPayin(tx, { clientId, reference, amount, fee });
        if (i % 4 !== 3) await releaseToWithdrawable(tx, { clientId, reference, net: amount - fee });
      }
      await adjustDisbursement(tx, { clientId, reference: `DEMO-DEP-${clientId}-1`, amount: roundTo(5_000_000 + random() * 20_000_000, 100_000), description: 'Deposit by bank transfer' });
      await adjustDisbursement(tx, { clientId, reference: `DEMO-DEP-${clientId}-2`, amount: roundTo(1_000_000 + random() * 5_000_000, 100_000), description: 'Deposit by bank transfer' });

      const requestedBy = initiators.get(clientId) ?? deciderId;
      const open = (day: number, amount: number, who: readonly [string, string], kind: 'withdrawal' | 'transfer_to_disburse' = 'withdrawal') => openWithdrawal(tx, {
        clientId, kind, amount, requestedBy, withdrawalTime: daysAgo(day, 10 + (day % 6)),
        bankName: kind === 'withdrawal' ? who[0] : '0', accountNo: kind === 'withdrawal' ? `${7100000000 + clientId * 1000 + day}` : '0',
        bankAccountName: kind === 'withdrawal' ? who[1] : 'None',
        description: kind === 'withdrawal' ? 'Weekly settlement to operating account' : 'Request transfer to disburse balance.',
      });
      const who = beneficiaries[index % beneficiaries.length];
      const completed = await open(9, 2_000_000, who);
      await applyDecision(tx, completed, 'COMPLETED', deciderId, daysAgo(8, 14));
      const rejected = await open(6, 750_000, who);
      await applyDecision(tx, rejected, 'REJECTED', deciderId, daysAgo(6, 16));
      const transfer = await open(4, 1_000_000, who, 'transfer_to_disburse');
      await applyDecision(tx, transfer, 'COMPLETED', deciderId, daysAgo(3, 11));
      await open(1, 500_000, who);
    });
  }
}
