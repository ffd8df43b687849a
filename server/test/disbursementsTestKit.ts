import { eq, inArray } from 'drizzle-orm';
import type { DisbursementEvent } from '../../src/machines/lifecycle/disbursementLifecycle.ts';
import type { DisbursementStatusName } from '../../src/services/disbursementQuery.ts';
import type { Db } from '../db/connect.ts';
import { ledgerAccounts } from '../db/schema.ts';
import { createDisbursement, moveDisbursement, type DisbursementRecord } from '../domain/disbursements.ts';
import { clientAccountCode, systemAccounts } from '../domain/ledger.ts';
import { recordDeposit } from '../domain/disbursementAccount.ts';
import { setupMoney } from './setupMoney.ts';

/** Shared by the disbursement test files: disbursements in a chosen state, made by the real domain code. */
const pathTo: Record<DisbursementStatusName, Array<DisbursementEvent['type']>> = {
  PENDING_REQUEST: [],
  PENDING: ['PROVIDER_ACCEPTED'],
  FINALIZED: ['FINALIZE'],
  REJECTED: ['REJECT'],
  FAILED: ['PROVIDER_FAILED'],
  VOIDED: ['FINALIZE', 'VOID'],
};
const bySystem = new Set(['PROVIDER_ACCEPTED', 'PROVIDER_CONFIRMED', 'PROVIDER_FAILED']);

let sequence = 0;

/**
 * A disbursement of `clientId` in `status` (deposit first, so the balance covers it). The
 * correlation id ends in `lastDigit`, which decides the provider simulator's answer:
 * 0-3 PENDING, 4-6 FINALIZED, 7-9 FAILED.
 */
export async function makeDisbursement(
  db: Db,
  o: {
    clientId: number;
    status: DisbursementStatusName;
    addedToWithdrawable?: boolean;
    lastDigit?: number;
    amount?: number;
    fee?: number;
    time?: Date;
    prefix?: string;
  },
): Promise<DisbursementRecord> {
  sequence += 1;
  const amount = o.amount ?? 100_000 + sequence * 1_000;
  const fee = o.fee ?? 2_500;
  const tag = `${process.pid}${Date.now() % 1_000_000}${sequence}`;
  await setupMoney(db, (tx) =>
    recordDeposit(tx, {
      clientId: o.clientId,
      kind: 'deposit',
      picName: 'Test',
      reference: `TEST-DEP-${tag}`,
      amount: amount + fee,
      description: 'Test deposit',
    }),
  );
  const created = await createDisbursement(db, {
    clientId: o.clientId,
    correlationId: `${o.prefix ?? 'TDSB'}${tag}${o.lastDigit ?? 1}`,
    withdrawalMethod: 'BIFAST',
    bankName: 'BCA',
    bankAccountName: 'Budi Santoso',
    accountNo: `014${String(sequence).padStart(10, '0')}`,
    originalTransactionNo: `PO-${tag}`,
    amount,
    feeAmount: fee,
    transactionTime: o.time ?? new Date(Date.now() - 60_000),
  });
  let current = created;
  for (const type of [...pathTo[o.status], ...(o.addedToWithdrawable ? ['ADD_TO_WITHDRAWABLE' as const] : [])]) {
    const role = bySystem.has(type) ? ('SYSTEM' as const) : ('SUPER ADMIN' as const);
    current = await setupMoney(db, (tx) => moveDisbursement(tx, current.uuid, { type, role }, { by: null }));
  }
  return current;
}

export interface Balances {
  disbursement: number;
  hold: number;
  withdrawable: number;
  payouts: number;
  fees: number;
}

/** The cached balances a disbursement's movements touch. */
export async function balancesOf(db: Db, clientId: number): Promise<Balances> {
  const codes = {
    disbursement: clientAccountCode(clientId, 'disbursement'),
    hold: clientAccountCode(clientId, 'disbursement_hold'),
    withdrawable: clientAccountCode(clientId, 'withdrawable'),
    payouts: systemAccounts.bankPayouts.code,
    fees: systemAccounts.fees.code,
  };
  const rows = await db
    .select({ code: ledgerAccounts.code, balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.code, Object.values(codes)));
  const of = (code: string) => rows.find((r) => r.code === code)?.balance ?? 0;
  return {
    disbursement: of(codes.disbursement),
    hold: of(codes.hold),
    withdrawable: of(codes.withdrawable),
    payouts: of(codes.payouts),
    fees: of(codes.fees),
  };
}

export const delta = (before: Balances, after: Balances): Balances => ({
  disbursement: after.disbursement - before.disbursement,
  hold: after.hold - before.hold,
  withdrawable: after.withdrawable - before.withdrawable,
  payouts: after.payouts - before.payouts,
  fees: after.fees - before.fees,
});

export const NO_MOVEMENT: Balances = { disbursement: 0, hold: 0, withdrawable: 0, payouts: 0, fees: 0 };

export async function clientIdOf(db: Db, uuid: string) {
  const { disbursements } = await import('../db/schema.ts');
  const [row] = await db.select().from(disbursements).where(eq(disbursements.uuid, uuid));
  return row;
}
