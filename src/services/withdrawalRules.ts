import * as v from 'valibot';
import { formatRupiah } from './money';
import { OTP_LENGTH } from './schemas';

/** Spec sections 5 and 9: the rules of Request Withdrawal and Transfer to Disburse. */
export const MIN_WITHDRAWAL = 20_000;
export const AMOUNT_STEP = 10_000;

export const TRANSFER_TO_DISBURSE = {
  bank_name: '0',
  account_no: '0',
  bank_account_name: 'None',
  description: 'Request transfer to disburse balance.',
} as const;

export const WITHDRAWAL_SUBMITTED = 'Withdraw Request has been submitted successfully. Please wait a maximum of 48 hours for the request to be processed.';

export interface WithdrawalForm {
  bankName: string;
  accountNo: string;
  beneficiary: string;
  clientId: number | null;
  amount: number | null;
  otp: string;
}

/** Half of the maximum, to the nearest 10,000, never under the minimum. */
export const halfAmount = (max: number) => Math.max(MIN_WITHDRAWAL, Math.round(max / 2 / AMOUNT_STEP) * AMOUNT_STEP);

export const insufficientBalanceMessage = (available: number) =>
  `The minimum withdrawal is ${formatRupiah(MIN_WITHDRAWAL)}; the available balance is ${formatRupiah(available)}.`;

/** Every broken rule at once, in the order the form shows the fields (listed together under 'Error!'). */
export function withdrawalErrors(form: WithdrawalForm, max: number, options: { transfer: boolean }): string[] {
  const errors: string[] = [];
  if (!options.transfer) {
    if (!form.bankName.trim()) errors.push('Bank Name is required');
    if (!form.accountNo.trim()) errors.push('Account Number is required');
    else if (!/^\d+$/.test(form.accountNo)) errors.push('Account Number must contain digits only');
    if (!form.beneficiary.trim()) errors.push('Beneficary Account Name is required');
  }
  if (form.clientId == null) errors.push('Client Name is required');
  if (form.amount == null || form.amount === 0) errors.push('Amount is required');
  else if (form.amount < MIN_WITHDRAWAL) errors.push(`Amount must be at least ${formatRupiah(MIN_WITHDRAWAL)}`);
  else if (form.amount > max) errors.push(`Amount must not exceed ${formatRupiah(max)}`);
  if (!form.otp) errors.push('OTP is required');
  else if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(form.otp)) errors.push(`OTP must be ${OTP_LENGTH} digits`);
  return errors;
}

/** The add-withdrawal payload as the API takes it. */
export const AddWithdrawalBody = v.strictObject({
  bank_name: v.pipe(v.string('Bank Name is required'), v.maxLength(100)),
  account_no: v.pipe(v.string('Account Number is required'), v.maxLength(34)),
  bank_account_name: v.pipe(v.string('Beneficary Account Name is required'), v.maxLength(100)),
  client_filter: v.pipe(v.number('Client Name is required'), v.integer('Client Name is required'), v.minValue(1, 'Client Name is required'), v.maxValue(2_147_483_647, 'Client not found')),
  description: v.optional(v.pipe(v.string(), v.maxLength(255, 'Remarks must be at most 255 characters')), ''),
  amount: v.pipe(v.number('Amount is required'), v.safeInteger('Amount must be whole rupiah'), v.maxValue(1_000_000_000_000, 'Amount is too large')),
  otp_num: v.string('OTP is required'),
});
export type AddWithdrawalBody = v.InferOutput<typeof AddWithdrawalBody>;

export const UpdateWithdrawalBody = v.strictObject({
  uuid: v.pipe(v.string('uuid is required'), v.uuid('uuid is not valid')),
  status: v.picklist(['COMPLETED', 'REJECTED'], 'status must be COMPLETED or REJECTED'),
});
export type UpdateWithdrawalBody = v.InferOutput<typeof UpdateWithdrawalBody>;

export interface BalanceSummary {
  disbursement_balance: number;
  nonwithdrawable_balance: number;
  withdrawable_balance: number;
  pending_withdrawal_balance: number;
  balance: number;
}

export interface WithdrawalRow {
  uuid: string;
  status: 'PENDING' | 'COMPLETED' | 'REJECTED';
  type: 'withdrawal' | 'transfer_to_disburse';
  amount: number;
  name: string;
  bank_name: string;
  account_no: string;
  bank_account_name: string;
  withdrawal_time: string;
  completed_time: string | null;
  description: string;
  client_id: number;
}

export interface PageMeta { current_page: number; last_page: number; total: number; per_page: number }
