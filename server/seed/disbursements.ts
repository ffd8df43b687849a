import { auditSeeded } from './seedAudit.ts';
import { sql } from 'drizzle-orm';
import type { DisbursementEvent } from '../../src/machines/lifecycle/disbursementLifecycle.ts';
import {
  DISBURSEMENT_STATUSES,
  type DisbursementMethodName,
  type DisbursementStatusName,
} from '../../src/services/disbursementQuery.ts';
import type { Db } from '../db/connect.ts';
import { createDisbursement, moveDisbursement } from '../domain/disbursements.ts';
import { recordDeposit } from '../domain/disbursementAccount.ts';
import { bankCatalogue } from './reference.ts';

const beneficiaries = [
  'Budi Santoso',
  'Siti Rahmawati',
  'Agus Wijaya',
  'Dewi Lestari',
  'Rudi Hartono',
  'Sri Wahyuni',
  'Eko Prasetyo',
  'Rina Kusumawati',
  'Hendra Gunawan',
  'Fitri Handayani',
  'Bambang Setiawan',
  'Nurul Hidayah',
  'Yusuf Maulana',
  'Indah Permatasari',
  'Dedi Kurniawan',
  'Wulan Sari',
  'Ahmad Fauzi',
  'Putri Ayu Lestari',
  'Joko Susilo',
  'Maya Anggraini',
];

/** Fees per rail, in whole rupiah (typical Indonesian interbank charges). */
const methods: Array<{ method: DisbursementMethodName; fee: number; range: [number, number] }> = [
  { method: 'BIFAST', fee: 2_500, range: [10_000, 250_000_000] },
  { method: 'ONLINE', fee: 6_500, range: [10_000, 50_000_000] },
  { method: 'SKN', fee: 2_900, range: [10_000, 500_000_000] },
  { method: 'RTGS', fee: 25_000, range: [100_000_000, 1_000_000_000] },
];

/** The lifecycle events that bring a new (PENDING_REQUEST) disbursement to each status. */
const pathTo: Record<DisbursementStatusName, Array<DisbursementEvent['type']>> = {
  PENDING_REQUEST: [],
  PENDING: ['PROVIDER_ACCEPTED'],
  FINALIZED: ['PROVIDER_ACCEPTED', 'FINALIZE'],
  REJECTED: ['REJECT'],
  FAILED: ['PROVIDER_ACCEPTED', 'PROVIDER_FAILED'],
  VOIDED: ['PROVIDER_ACCEPTED', 'PROVIDER_CONFIRMED', 'VOID'],
};
const bySystem = new Set<DisbursementEvent['type']>(['PROVIDER_ACCEPTED', 'PROVIDER_CONFIRMED', 'PROVIDER_FAILED']);

export interface SeedDisbursementsOptions {
  /** Disbursements per client. */
  perClient: number;
  clientIds: number[];
  /** Who finalizes, rejects and voids (a SUPER ADMIN's user id). */
  deciderId: number | null;
  random: () => number;
  /** Transaction times fall within this many days back from now. */
  days: number;
  /** The status the j-th disbursement of a client ends in. */
  statusOf: (j: number) => DisbursementStatusName;
}

/**
 * Disbursements as the merchants' API would have made them: per client, a deposit onto the
 * disbursement balance sized to cover them, then each created by createDisbursement (which holds
 * amount + fee) and moved to its status by the lifecycle, as the provider or a SUPER ADMIN would.
 * Small amounts by default (RTGS only rarely), so demo balances stay readable.
 */
export async function seedDisbursements(db: Db, o: SeedDisbursementsOptions): Promise<number> {
  const [{ n: existing }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from disbursements`)).rows;
  let seq = Number(existing);
  const now = Date.now();
  for (const clientId of o.clientIds) {
    const planned = Array.from({ length: o.perClient }, (_, j) => {
      const rail = o.random() < 0.03 ? methods[3] : methods[Math.floor(o.random() * 3)];
      const amount =
        rail.method === 'RTGS'
          ? Math.round((100_000_000 + o.random() * 150_000_000) / 1_000_000) * 1_000_000
          : Math.round(Math.exp(Math.log(50_000) + o.random() * (Math.log(7_500_000) - Math.log(50_000))) / 1_000) *
            1_000;
      const time = new Date(now - Math.floor(o.random() * o.days * 86_400_000) - 60_000);
      const bank = bankCatalogue[Math.floor(o.random() * bankCatalogue.length)];
      const ymd = new Date(time.getTime() + 7 * 3_600_000).toISOString().slice(2, 10).replace(/-/g, '');
      seq += 1;
      return {
        status: o.statusOf(j),
        input: {
          clientId,
          correlationId: `DSB${ymd}${String(seq).padStart(8, '0')}`,
          withdrawalMethod: rail.method,
          bankName: bank[1],
          bankAccountName: beneficiaries[Math.floor(o.random() * beneficiaries.length)],
          accountNo: `${bank[0]}${String(Math.floor(o.random() * 1e10)).padStart(10, '0')}`,
          originalTransactionNo:
            o.random() < 0.8 ? `PO-${ymd}-${String(Math.floor(o.random() * 1e6)).padStart(6, '0')}` : null,
          amount,
          feeAmount: rail.fee,
          transactionTime: time,
        },
      };
    });
    const needed = planned.reduce((sum, p) => sum + p.input.amount + p.input.feeAmount, 0);
    if (needed === 0) continue;
    await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      await recordDeposit(tx, {
        clientId,
        kind: 'deposit',
        picName: 'Treasury (bank transfer)',
        by: o.deciderId,
        reference: `SEED-DISB-DEP-${clientId}-${seq}`,
        amount: needed,
        description: 'Deposit by bank transfer for disbursements',
        at: new Date(now - 8 * 86_400_000),
      });
      await auditSeeded(tx, 'deposit', { client_id: clientId, amount: needed });
      for (const p of planned) {
        const created = await createDisbursement(tx, p.input);
        for (const type of pathTo[p.status]) {
          const role = bySystem.has(type) ? 'SYSTEM' : 'SUPER ADMIN';
          const paidTime = new Date(p.input.transactionTime.getTime() + 30_000 + Math.floor(o.random() * 600_000));
          await moveDisbursement(
            tx,
            created.uuid,
            { type, role },
            {
              by: role === 'SYSTEM' ? null : o.deciderId,
              paidTime: paidTime.getTime() < now ? paidTime : new Date(now),
            },
          );
          await auditSeeded(tx, 'disbursement_moved', { uuid: created.uuid, event: type });
        }
      }
    });
  }
  return o.perClient * o.clientIds.length;
}

/**
 * The demo: every client gets one disbursement in each of the six statuses within the last 7 days, the first two
 * clients two of each.
 */
export async function seedDemoDisbursements(
  db: Db,
  clientIds: number[],
  deciderId: number,
  random: () => number,
): Promise<number> {
  const statusOf = (j: number) => DISBURSEMENT_STATUSES[j % DISBURSEMENT_STATUSES.length];
  // Within the last 6 days back from now, so all fall inside the list's default 7-day window.
  const many = await seedDisbursements(db, {
    perClient: 12,
    clientIds: clientIds.slice(0, 2),
    deciderId,
    random,
    days: 6,
    statusOf,
  });
  return (
    many +
    (await seedDisbursements(db, { perClient: 6, clientIds: clientIds.slice(2), deciderId, random, days: 6, statusOf }))
  );
}
