import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { formatRupiah } from './money';
import { rupiahAmount } from './rupiahInput';
import { OTP_LENGTH } from './schemas';

/** Spec sections 4 and 9: a withdrawal's statuses, the one list the screen, the lifecycle and the server use. */
export const WITHDRAWAL_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED'] as const;
export type WithdrawalStatusName = (typeof WITHDRAWAL_STATUSES)[number];
/** The statuses a decision leads to (update-withdrawal's `status`). */
export const WITHDRAWAL_DECISIONS = ['COMPLETED', 'REJECTED'] as const satisfies readonly WithdrawalStatusName[];
export type WithdrawalDecision = (typeof WITHDRAWAL_DECISIONS)[number];

/** What a request asks for: money out to a bank account, or onto the client's own disbursement balance. */
export const WITHDRAWAL_MODES = ['withdrawal', 'transfer'] as const;
export type WithdrawalMode = (typeof WITHDRAWAL_MODES)[number];

/** Spec sections 5 and 9: the rules of Request Withdrawal and Transfer to Disburse. */
export const MIN_WITHDRAWAL = 20_000;
export const AMOUNT_STEP = 10_000;

/**
 * Spec section 2: what a transfer to disburse stores (and shows through the API) as its bank
 * account. A caller of the spec's payload marks a transfer with exactly these values; the browser
 * says `type: 'transfer'` instead (see AddWithdrawalBody).
 */
export const TRANSFER_TO_DISBURSE = {
  bank_name: '0',
  account_no: '0',
  bank_account_name: 'None',
  description: 'Request transfer to disburse balance.',
} as const;

/** How Withdrawal History names a transfer's beneficiary, in place of the stored '0', '0', 'None'. */
export const TRANSFER_TO_DISBURSE_LABEL = msg({ defaultMessage: 'Transfer to disburse balance', id: 'J63v4e' });

export interface WithdrawalForm {
  bankName: string;
  accountNo: string;
  beneficiary: string;
  clientId: number | null;
  amount: number | null;
  /** Why the typed amount reads as none ('Rupiah amounts are whole numbers'); it stands in for msg({ defaultMessage: 'Amount is required' }). */
  amountProblem?: string | null;
  otp: string;
}

/** Half of the maximum, to the nearest 10,000, never under the minimum. */
export const halfAmount = (max: number) => Math.max(MIN_WITHDRAWAL, Math.round(max / 2 / AMOUNT_STEP) * AMOUNT_STEP);

/** Said beside the amount when a typed amount was above the maximum and was lowered to it. */
export const amountCappedMessage = (max: number) =>
  msg({ defaultMessage: 'The most you can withdraw is {max}', id: '68Zm27' }, { max: formatRupiah(max) });

export const insufficientBalanceMessage = (available: number) =>
  msg(
    { defaultMessage: 'The minimum withdrawal is {min}; the available balance is {available}.', id: 'gI5SvN' },
    { min: formatRupiah(MIN_WITHDRAWAL), available: formatRupiah(available) },
  );

/**
 * The rules of a withdrawal's bank account (a transfer has none): what is wrong with each field, in the form's order.
 * Pure, so the form and the server judge the same data the same way.
 */
export function bankAccountIssues(bankName: string, accountNo: string, beneficiary: string): string[] {
  const issues: string[] = [];
  if (!bankName.trim()) issues.push(msg({ defaultMessage: 'Bank Name is required', id: '4B9WmH' }));
  if (!accountNo.trim()) issues.push(msg({ defaultMessage: 'Account Number is required', id: 'TPXc4B' }));
  else if (!/^\d+$/.test(accountNo))
    issues.push(msg({ defaultMessage: 'Account Number must contain digits only', id: 'tvu5y5' }));
  if (!beneficiary.trim()) issues.push(msg({ defaultMessage: 'Beneficary Account Name is required', id: 'Me5ZeP' }));
  return issues;
}

/**
 * What is wrong with an amount, withdrawal or transfer alike: missing, under the minimum, or over what is available.
 * Without `available` only the amount itself is judged (the server, before it reads the balance).
 */
export function withdrawalAmountIssue(amount: number | null, available = Infinity): string | null {
  if (amount == null || amount === 0) return msg({ defaultMessage: 'Amount is required', id: 'jU3fsF' });
  if (amount < MIN_WITHDRAWAL)
    return msg(
      { defaultMessage: 'Amount must be at least {min}', id: 'OTl27B' },
      { min: formatRupiah(MIN_WITHDRAWAL) },
    );
  if (amount > available)
    return msg({ defaultMessage: 'Amount must not exceed {max}', id: '4vd9Kl' }, { max: formatRupiah(available) });
  return null;
}

/** What is wrong with the authenticator code a request carries. */
export function otpIssue(otp: string): string | null {
  if (!otp) return msg({ defaultMessage: 'OTP is required', id: 'OnJAKN' });
  if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(otp))
    return msg({ defaultMessage: 'OTP must be {length} digits', id: 'zs+PSd' }, { length: OTP_LENGTH });
  return null;
}

/** Every broken rule of the form at once, in the order it shows the fields (listed together under 'Error!'). */
export function withdrawalErrors(form: WithdrawalForm, max: number, options: { transfer: boolean }): string[] {
  const issues = options.transfer ? [] : bankAccountIssues(form.bankName, form.accountNo, form.beneficiary);
  if (form.clientId == null) issues.push(msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' }));
  const amount = form.amountProblem
    ? msg({ defaultMessage: 'Amount: {problem}', id: 'NiVJET' }, { problem: form.amountProblem })
    : withdrawalAmountIssue(form.amount, max);
  return [...issues, ...[amount, otpIssue(form.otp)].filter((issue) => issue != null)];
}

/** A withdrawal's or transfer's amount: typed text or a JSON integer, read by the one amount reader, never negative. */
export const WithdrawalAmount = v.pipe(
  rupiahAmount(),
  v.maxValue(1_000_000_000_000, msg({ defaultMessage: 'Amount is too large', id: 'jCzptf' })),
);

const isSpecTransfer = (b: { bank_name: string; account_no: string; bank_account_name: string }) =>
  b.bank_name === TRANSFER_TO_DISBURSE.bank_name &&
  b.account_no === TRANSFER_TO_DISBURSE.account_no &&
  b.bank_account_name === TRANSFER_TO_DISBURSE.bank_account_name;

/** A withdrawal or transfer request as the server acts on it: the mode said, the bank account only for a withdrawal. */
export type WithdrawalRequest =
  | { type: 'transfer'; client_filter: number; amount: number; otp_num: string }
  | {
      type: 'withdrawal';
      bank_name: string;
      account_no: string;
      bank_account_name: string;
      description: string;
      client_filter: number;
      amount: number;
      otp_num: string;
    };

/**
 * The add-withdrawal payload, one schema for the browser, the route and the OpenAPI document.
 * It takes two spellings of the same request:
 * - the browser's: `type: 'withdrawal'` with the bank account, or `type: 'transfer'` with only
 *   client_filter, amount and otp_num (a transfer carries no bank fields);
 * - the spec's (section 7, no `type`): a transfer is the one whose bank, account and beneficiary
 *   are the spec's fixed '0', '0', 'None'; anything else is a withdrawal.
 * Both come out as a WithdrawalRequest, so nothing past this schema decodes placeholders.
 * The form's own rules (required fields, limits) are withdrawalErrors, listed together.
 */
export const AddWithdrawalBody = v.pipe(
  v.strictObject({
    type: v.optional(
      v.picklist(WITHDRAWAL_MODES, msg({ defaultMessage: 'type must be withdrawal or transfer', id: 'hUImmo' })),
    ),
    bank_name: v.optional(
      v.pipe(v.string(msg({ defaultMessage: 'Bank Name is required', id: '4B9WmH' })), v.maxLength(100)),
      '',
    ),
    account_no: v.optional(
      v.pipe(v.string(msg({ defaultMessage: 'Account Number is required', id: 'TPXc4B' })), v.maxLength(34)),
      '',
    ),
    bank_account_name: v.optional(
      v.pipe(v.string(msg({ defaultMessage: 'Beneficary Account Name is required', id: 'Me5ZeP' })), v.maxLength(100)),
      '',
    ),
    client_filter: v.pipe(
      v.number(msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' })),
      v.integer(msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' })),
      v.minValue(1, msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' })),
      v.maxValue(2_147_483_647, msg({ defaultMessage: 'Client not found', id: '06XTUO' })),
    ),
    description: v.optional(
      v.pipe(
        v.string(),
        v.maxLength(255, msg({ defaultMessage: 'Remarks must be at most 255 characters', id: 'HJkMyo' })),
      ),
      '',
    ),
    amount: WithdrawalAmount,
    otp_num: v.string(msg({ defaultMessage: 'OTP is required', id: 'OnJAKN' })),
  }),
  v.check(
    (b) =>
      b.type !== 'transfer' ||
      (b.bank_name === '' && b.account_no === '' && b.bank_account_name === '' && b.description === ''),
    msg({ defaultMessage: 'A transfer to disburse carries no bank account or remarks', id: 'JlFifU' }),
  ),
  v.transform((b): WithdrawalRequest => {
    const { client_filter, amount, otp_num } = b;
    if ((b.type ?? (isSpecTransfer(b) ? 'transfer' : 'withdrawal')) === 'transfer')
      return { type: 'transfer', client_filter, amount, otp_num };
    return {
      type: 'withdrawal',
      bank_name: b.bank_name,
      account_no: b.account_no,
      bank_account_name: b.bank_account_name,
      description: b.description,
      client_filter,
      amount,
      otp_num,
    };
  }),
);
/** What a caller sends (either spelling). */
export type AddWithdrawalBody = v.InferInput<typeof AddWithdrawalBody>;

export const UpdateWithdrawalBody = v.strictObject({
  uuid: v.pipe(
    v.string(msg({ defaultMessage: 'uuid is required', id: 'GDgs/B' })),
    v.uuid(msg({ defaultMessage: 'uuid is not valid', id: 'ATAysL' })),
  ),
  status: v.picklist(
    WITHDRAWAL_DECISIONS,
    msg({ defaultMessage: 'status must be COMPLETED or REJECTED', id: 'Q9pai4' }),
  ),
});
export type UpdateWithdrawalBody = v.InferOutput<typeof UpdateWithdrawalBody>;

/** GET balance/current-balance and transaction/account-summary: a client's (or the scope's) balances. */
export const BalanceSummary = v.strictObject({
  disbursement_balance: WholeNumber,
  nonwithdrawable_balance: WholeNumber,
  withdrawable_balance: WholeNumber,
  pending_withdrawal_balance: WholeNumber,
  balance: WholeNumber,
});
export type BalanceSummary = v.InferOutput<typeof BalanceSummary>;

/** A withdrawal or transfer to disburse as the API shows it (history, request, decision). */
export const WithdrawalRow = v.strictObject({
  uuid: v.string(),
  status: v.picklist(WITHDRAWAL_STATUSES),
  type: v.picklist(['withdrawal', 'transfer_to_disburse']),
  amount: WholeNumber,
  /** Who asked for it. */
  name: v.string(),
  bank_name: v.string(),
  account_no: v.string(),
  bank_account_name: v.string(),
  withdrawal_time: IsoTime,
  completed_time: v.nullable(IsoTime),
  description: v.string(),
  client_id: WholeNumber,
});
export type WithdrawalRow = v.InferOutput<typeof WithdrawalRow>;
