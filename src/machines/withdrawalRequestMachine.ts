import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { messageOf } from '../services/http';
import { OTP_LENGTH, digitsOf, otpDigits } from '../services/schemas';
import { groupDigits } from '../services/money';
import {
  AddWithdrawalBody,
  AMOUNT_STEP,
  amountCappedMessage,
  halfAmount,
  MIN_WITHDRAWAL,
  WithdrawalAmount,
  withdrawalErrors,
  type WithdrawalMode,
} from '../services/withdrawalRules';
import { needsApproval, type ApprovalPolicyEntry } from '../services/approvalRules';
import type { GuardWords } from './guardWords';
import { msg } from '../i18n/msg';

export type { WithdrawalMode };
export const FAILED_FALLBACK = msg({ defaultMessage: 'An error has occurred. Please try again later.', id: 'GzxcSR' });

interface RequestContext {
  mode: WithdrawalMode;
  clientId: number | null;
  max: number;
  bankName: string;
  accountNo: string;
  beneficiary: string;
  remarks: string;
  /** The Amount field's text as typed (or as Min, Half, Max and the slider set it): what it shows is what is read. */
  amountText: string;
  amount: number | null;
  /** Why the typed text is not an amount (issue 25: 'Rupiah amounts are whole numbers'); null when it reads as one. */
  amountProblem: string | null;
  /** Said beside the amount when a typed amount was lowered to the maximum (issue 16: never silently). */
  amountNote: string | null;
  otp: string;
  /** Every broken rule, listed together under 'Error!'. */
  errors: string[];
  /** The server's refusal, shown in the 'Error!' dialog. */
  failure: string | null;
  idempotencyKey: string;
  /** The server took the request: the page announces it and reads the figures again. */
  submitted: boolean;
  /** The server holds it for a second SUPER ADMIN (202): nothing moved yet. */
  held: boolean;
  /** The policy's withdrawal entry where the page could read it (null: not known until the server answers). */
  policy: ApprovalPolicyEntry | null;
}

/** Whether the request as the form stands will wait for a second SUPER ADMIN: the form says so before Confirm. */
export const requestHeldAhead = (c: Pick<RequestContext, 'policy' | 'amount'>): boolean =>
  needsApproval(c.policy ?? undefined, c.amount ?? 0);

type RequestEvent =
  | { type: 'SET_BANK'; value: string }
  | { type: 'SET_ACCOUNT'; value: string }
  | { type: 'SET_BENEFICIARY'; value: string }
  | { type: 'SET_REMARKS'; value: string }
  | { type: 'SET_AMOUNT_TEXT'; value: string }
  | { type: 'SET_AMOUNT'; value: number }
  | { type: 'MIN' }
  | { type: 'HALF' }
  | { type: 'MAX' }
  | { type: 'SET_OTP'; value: string }
  | { type: 'PASTE_OTP'; text: string }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS_FAILURE' }
  | { type: 'CANCEL' };

const newKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

const formOf = (c: RequestContext) => ({
  bankName: c.bankName,
  accountNo: c.accountNo,
  beneficiary: c.beneficiary,
  clientId: c.clientId,
  amount: c.amount,
  amountProblem: c.amountProblem,
  otp: c.otp,
});

/** An amount set by Min, Half, Max or the slider: the field shows it grouped, as it will be sent. */
const setAmount = (amount: number) => ({
  amount,
  amountText: groupDigits(amount),
  amountProblem: null,
  amountNote: null,
});

/**
 * A typed amount, read by the one amount reader (never stripped to its digits: '1.250.000,00' is
 * Rp. 1,250,000, '1.5' is refused by name). Spec section 5 caps it at the maximum; the field then
 * shows the maximum it will send, and says so.
 */
function typedAmount(text: string, max: number): Partial<RequestContext> {
  if (text.trim() === '') return { amountText: text, amount: null, amountProblem: null, amountNote: null };
  const read = v.safeParse(WithdrawalAmount, text);
  if (!read.success) return { amountText: text, amount: null, amountProblem: read.issues[0].message, amountNote: null };
  if (read.output > max) return { ...setAmount(max), amountNote: amountCappedMessage(max) };
  return { amountText: text, amount: read.output, amountProblem: null, amountNote: null };
}

/** The request as the browser sends it: the mode said outright, a transfer without any bank fields. */
export function payloadOf(c: RequestContext): AddWithdrawalBody {
  const common = { client_filter: c.clientId ?? 0, amount: c.amount ?? 0, otp_num: c.otp };
  return c.mode === 'transfer'
    ? { type: 'transfer', ...common }
    : {
        type: 'withdrawal',
        bank_name: c.bankName,
        account_no: c.accountNo,
        bank_account_name: c.beneficiary.trim(),
        description: c.remarks.trim(),
        ...common,
      };
}

/**
 * How the dialog ended, for the page that invoked it: submitted (the money moved to pending, or is held for approval)
 * or not.
 */
export interface WithdrawalRequestOutput {
  submitted: boolean;
  held: boolean;
}

/**
 * Request Widthdrawal and Transfer to Disburse: one machine, two modes (spec sections 2 and 5).
 * It owns the form's rules: the slider's range and step, Min/Half/Max, digits-only inputs capped
 * at the maximum (saying so), the OTP. Whether it opens at all (the minimum balance) is the page's call.
 */
export const withdrawalRequestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as {
      mode: WithdrawalMode;
      clientId: number | null;
      available: number;
      policy?: ApprovalPolicyEntry | null;
    },
    output: {} as WithdrawalRequestOutput,
  },
  actors: {
    submit: fromPromise<{ message: string; held: boolean }, { body: AddWithdrawalBody; key: string }>(
      async ({ input }) => {
        return api.addWithdrawal(input.body, input.key);
      },
    ),
  },
  actions: {
    /** Once errors are shown, each edit re-checks them, so the list always describes the form as it is. */
    revalidate: assign({
      errors: ({ context }) =>
        context.errors.length
          ? withdrawalErrors(formOf(context), context.max, { transfer: context.mode === 'transfer' })
          : [],
    }),
  },
  guards: {
    isValid: ({ context }) =>
      withdrawalErrors(formOf(context), context.max, { transfer: context.mode === 'transfer' }).length === 0 &&
      v.is(AddWithdrawalBody, payloadOf(context)),
    pasteIsCode: ({ event }) =>
      event.type === 'PASTE_OTP' && new RegExp(`^\\d{${OTP_LENGTH}}$`).test(event.text.trim()),
  },
}).createMachine({
  id: 'withdrawalRequest',
  context: ({ input }) => ({
    mode: input.mode,
    clientId: input.clientId,
    max: input.available,
    bankName: '',
    accountNo: '',
    beneficiary: '',
    remarks: '',
    ...setAmount(MIN_WITHDRAWAL),
    otp: '',
    errors: [],
    failure: null,
    idempotencyKey: newKey(),
    submitted: false,
    held: false,
    policy: input.policy ?? null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_BANK: { actions: [assign({ bankName: ({ event }) => event.value }), 'revalidate'] },
        SET_ACCOUNT: { actions: [assign({ accountNo: ({ event }) => digitsOf(event.value) }), 'revalidate'] },
        SET_BENEFICIARY: { actions: [assign({ beneficiary: ({ event }) => event.value }), 'revalidate'] },
        SET_REMARKS: { actions: assign({ remarks: ({ event }) => event.value.slice(0, 255) }) },
        // Spec section 5 caps the typed amount at the maximum; issue 16 has the field say so.
        SET_AMOUNT_TEXT: {
          actions: [assign(({ context, event }) => typedAmount(event.value, context.max)), 'revalidate'],
        },
        SET_AMOUNT: {
          actions: [
            assign(({ context, event }) =>
              setAmount(
                Math.min(
                  context.max,
                  Math.max(
                    MIN_WITHDRAWAL,
                    MIN_WITHDRAWAL + Math.round((event.value - MIN_WITHDRAWAL) / AMOUNT_STEP) * AMOUNT_STEP,
                  ),
                ),
              ),
            ),
            'revalidate',
          ],
        },
        MIN: { actions: [assign(() => setAmount(MIN_WITHDRAWAL)), 'revalidate'] },
        HALF: {
          actions: [assign(({ context }) => setAmount(Math.min(context.max, halfAmount(context.max)))), 'revalidate'],
        },
        MAX: { actions: [assign(({ context }) => setAmount(context.max)), 'revalidate'] },
        SET_OTP: { actions: [assign({ otp: ({ event }) => otpDigits(event.value) }), 'revalidate'] },
        PASTE_OTP: [
          { guard: 'pasteIsCode', actions: assign({ otp: ({ event }) => event.text.trim(), errors: [] }) },
          { actions: assign({ errors: [msg({ defaultMessage: 'Invalid OTP', id: 'I3smtz' })] }) },
        ],
        CONFIRM: [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: [] }) },
          {
            actions: assign({
              errors: ({ context }) =>
                withdrawalErrors(formOf(context), context.max, { transfer: context.mode === 'transfer' }),
            }),
          },
        ],
        DISMISS_FAILURE: { actions: assign({ failure: null }) },
        CANCEL: 'cancelled',
      },
    },
    submitting: {
      invoke: {
        id: 'submit',
        src: 'submit',
        input: ({ context }) => ({ body: payloadOf(context), key: context.idempotencyKey }),
        onDone: { target: 'submitted', actions: assign({ submitted: true, held: ({ event }) => event.output.held }) },
        onError: {
          target: 'editing',
          // The code was spent or refused either way: the user types the next one.
          actions: assign({ failure: ({ event }) => messageOf(event.error, FAILED_FALLBACK), otp: '' }),
        },
      },
    },
    submitted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ submitted: context.submitted, held: context.held }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const withdrawalRequestGuardWords: GuardWords<typeof withdrawalRequestMachine> = {
  isValid: msg({
    defaultMessage:
      'Submit only when the form passes every check: client, amount between the minimum and the maximum, six-digit ' +
      'OTP, and the bank account (withdrawal mode only).',
    id: 'wmaCjs',
  }),
  pasteIsCode: msg({
    defaultMessage: 'A paste is taken as the OTP only when it is exactly the OTP length in digits.',
    id: '63lRva',
  }),
};
