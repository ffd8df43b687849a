import type { DisbursementRow, DisbursementStatusName, VoidOutcome } from './disbursementQuery';

/**
 * What the Disbursement List's row actions and void upload answer, beside the contract in
 * disbursementQuery.ts and the lifecycle's DISBURSEMENT_INVALID_STATUS / DISBURSEMENT_INVALID_VOID.
 */
export const DISBURSEMENT_NO_INVOICE = 'Invalid Status: Only FINALIZED disbursements have an invoice';
export const DISBURSEMENT_NOT_RELEASED = 'Invalid Status: Only REJECTED, FAILED or VOIDED disbursements can be added to withdrawable balance';
export const DISBURSEMENT_ALREADY_WITHDRAWABLE = 'Disbursement has already been added to withdrawable balance';
export const DISBURSEMENT_ADDED_TO_WITHDRAWABLE = 'Disbursement has been added to withdrawable balance';
export const DISBURSEMENT_NOT_FOUND = 'Disbursement not found';
export const INVOICE_GENERATED = 'Invoice Have Been Generated';

/** The auto-update's message: 'Status updated to FINALIZED' or 'Status unchanged: PENDING'. */
export const statusAnswerMessage = (a: { changed: boolean; status: DisbursementStatusName }) =>
  (a.changed ? `Status updated to ${a.status}` : `Status unchanged: ${a.status}`);

/** PATCH transaction/get-status-disbursement's data. */
export interface DisbursementStatusAnswer {
  status: DisbursementStatusName;
  previous_status: DisbursementStatusName;
  changed: boolean;
  /** What the provider said: PENDING, FINALIZED or FAILED. */
  provider_status: 'PENDING' | 'FINALIZED' | 'FAILED';
  row: DisbursementRow;
}

/** POST transaction/disbursement-check-transaction's data: every row's outcome, and the counts. */
export interface VoidUploadResult {
  summary: { rows: number; voided: number; not_found: number; not_finalized: number; already_voided: number };
  results: VoidOutcome[];
}
