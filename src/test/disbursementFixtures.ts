import type { VoidUploadResult } from '../services/disbursementActions';
import type { DisbursementRow, DisbursementStats } from '../services/disbursementQuery';
import type { Invoice } from '../services/payinActions';

/** Disbursements in the statuses the screen treats differently, for machine and view tests. */
const base: Omit<DisbursementRow, 'uuid' | 'correlation_id' | 'status'> = {
  withdrawal_method: 'BIFAST',
  bank_name: 'Bank Central Asia',
  bank_account_name: 'Siti Rahayu',
  account_no: '1234567890',
  original_transaction_no: 'ORI-001',
  amount: 1_250_000,
  fee_amount: 5_000,
  transaction_time: '2026-11-20T03:00:00Z',
  paid_time: null,
  client_id: 1,
  client_name: 'PT Maju',
  added_to_withdrawable: false,
};

export const pendingRow: DisbursementRow = {
  ...base,
  uuid: '00000000-0000-4000-8000-000000000001',
  correlation_id: 'DSB-PENDING-1',
  status: 'PENDING',
};
export const requestRow: DisbursementRow = {
  ...base,
  uuid: '00000000-0000-4000-8000-000000000002',
  correlation_id: 'DSB-REQUEST-2',
  status: 'PENDING_REQUEST',
  withdrawal_method: 'ONLINE',
};
export const finalizedRow: DisbursementRow = {
  ...base,
  uuid: '00000000-0000-4000-8000-000000000003',
  correlation_id: 'DSB-FINAL-3',
  status: 'FINALIZED',
  paid_time: '2026-11-20T04:30:00Z',
};
export const rejectedRow: DisbursementRow = {
  ...base,
  uuid: '00000000-0000-4000-8000-000000000004',
  correlation_id: 'DSB-REJECT-4',
  status: 'REJECTED',
  amount: 300_000,
};
export const voidedRow: DisbursementRow = {
  ...base,
  uuid: '00000000-0000-4000-8000-000000000005',
  correlation_id: 'DSB-VOID-5',
  status: 'VOIDED',
  added_to_withdrawable: true,
};

export const disbursementRows = [pendingRow, requestRow, finalizedRow, rejectedRow, voidedRow];
export const disbursementMeta = { current_page: 1, last_page: 2, total: 20, per_page: 15 };
export const disbursementStats: DisbursementStats = {
  total_transaction_count: 20,
  total_transaction_amount: 25_000_000,
  total_fee_amount: 100_000,
};

export const disbursementInvoice: Invoice = {
  items: [{ name: 'Disbursement BIFAST', ori_price: 1_250_000, curr_price: 1_250_000 }],
  service: 'Disbursement',
  transaction_date: '2026-11-20T04:30:00Z',
  correlation_id: finalizedRow.correlation_id,
  client_name: 'PT Maju',
};

/**
 * A void upload's answer naming three rows, `voided` of them FINALIZED; as a dry run they are 'would_void'. With
 * `namedTwice`, a fourth row names the first row's id again: counted once, as `duplicate`.
 */
export const voidResult = (voided: number, dryRun = false, namedTwice = false): VoidUploadResult => ({
  dry_run: dryRun,
  summary: {
    rows: namedTwice ? 4 : 3,
    voided: dryRun ? 0 : voided,
    would_void: dryRun ? voided : 0,
    not_found: 1,
    not_finalized: 2 - voided,
    already_voided: 0,
    duplicate: namedTwice ? 1 : 0,
  },
  total: { count: voided, amount: voided * (finalizedRow.amount + finalizedRow.fee_amount) },
  results: [
    {
      row: 1,
      correlation_id: finalizedRow.correlation_id,
      outcome: voided ? (dryRun ? 'would_void' : 'voided') : 'not_finalized',
      message: voided ? (dryRun ? 'Will be voided' : 'Voided') : 'Status is VOIDED',
    },
    { row: 2, correlation_id: 'NO-SUCH-REF', outcome: 'not_found', message: 'Not found' },
    { row: 3, correlation_id: pendingRow.correlation_id, outcome: 'not_finalized', message: 'Status is PENDING' },
    ...(namedTwice
      ? [
          {
            row: 4,
            correlation_id: finalizedRow.correlation_id,
            outcome: 'duplicate' as const,
            message: 'Named twice in the file: counted once',
          },
        ]
      : []),
  ],
});
