import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { messageOf } from '../services/http';
import { OTP_LENGTH } from '../services/schemas';
import {
  AddWithdrawalBody, AMOUNT_STEP, amountCappedMessage, halfAmount, MIN_WITHDRAWAL, withdrawalErrors, type WithdrawalMode,
} from '../services/withdrawalRules';
import type { GuardWords } from './registry';

export type { WithdrawalMode };
export const FAILED_FALLBACK = 'An error has occurred. Please try again later.';

interface RequestContext {
  mode: WithdrawalMode;
  clientId: number | null;
  max: number;
  bankName: string;
  accountNo: string;
  beneficiary: string;
  remarks: string;
  amount: number | null;
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
}

type RequestEvent =
  | { type: 'SET_BANK'; value: string }
  | { type: 'SET_ACCOUNT'; value: string }
  | { type: 'SET_BENEFICIARY'; value: string }
  | { type: 'SET_REMARKS'; value: string }
  | { type: 'SET_AMOUNT_TEXT'; value: string }
  | { type: 'SET_AMOUNT'; value: number }
  | { type: 'MIN' } | { type: 'HALF' } | { type: 'MAX' }
  | { type: 'SET_OTP'; value: string }
  | { type: 'PASTE_OTP'; text: string }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS_FAILURE' }
  | { type: 'CANCEL' };

const digits = (value: string) => value.replace(/\D/g, '');
const newKey = () => (globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`);

const formOf = (c: RequestContext) => ({ bankName: c.bankName, accountNo: c.accountNo, beneficiary: c.beneficiary, clientId: c.clientId, amount: c.amount, otp: c.otp });

/** The request as the browser sends it: the mode said outright, a transfer without any bank fields. */
export function payloadOf(c: RequestContext): AddWithdrawalBody {
  const common = { client_filter: c.clientId ?? 0, amount: c.amount ?? 0, otp_num: c.otp };
  return c.mode === 'transfer'
    ? { type: 'transfer', ...common }
    : { type: 'withdrawal', bank_name: c.bankName, account_no: c.accountNo, bank_account_name: c.beneficiary.trim(), description: c.remarks.trim(), ...common };
}

/** How the dialog ended, for the page that invoked it: submitted (the money moved to pending) or not. */
export interface WithdrawalRequestOutput { submitted: boolean }

/**
 * Request Widthdrawal and Transfer to Disburse: one machine, two modes (spec sections 2 and 5).
 * It owns the form's rules: the slider's range and step, Min/Half/Max, digits-only inputs capped
 * at the maximum (saying so), the OTP. Whether it opens at all (the minimum balance) is the page's call.
 */
export const withdrawalRequestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as { mode: WithdrawalMode; clientId: number | null; available: number },
    output: {} as WithdrawalRequestOutput,
  },
  actors: {
    submit: fromPromise<string, { body: AddWithdrawalBody; key: string }>(async ({ input }) => (await api.addWithdrawal(input.body, input.key)).message),
  },
  actions: {
    /** Once errors are shown, each edit re-checks them, so the list always describes the form as it is. */
    revalidate: assign({
      errors: ({ context }) => (context.errors.length ? withdrawalErrors(formOf(context), context.max, { transfer: context.mode === 'transfer' }) : []),
    }),
  },
  guards: {
    isValid: ({ context }) => withdrawalErrors(formOf(context), context.max, { transfer: context.mode === 'transfer' }).length === 0
      && v.is(AddWithdrawalBody, payloadOf(context)),
    pasteIsCode: ({ event }) => event.type === 'PASTE_OTP' && new RegExp(`^\\d{${OTP_LENGTH}}$`).test(event.text.trim()),
  },
}).createMachine({
  id: 'withdrawalRequest',
  context: ({ input }) => ({
    mode: input.mode, clientId: input.clientId, max: input.available, bankName: '', accountNo: '', beneficiary: '', remarks: '',
    amount: MIN_WITHDRAWAL, amountNote: null, otp: '', errors: [], failure: null, idempotencyKey: newKey(), submitted: false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_BANK: { actions: [assign({ bankName: ({ event }) => event.value }), 'revalidate'] },
        SET_ACCOUNT: { actions: [assign({ accountNo: ({ event }) => digits(event.value) }), 'revalidate'] },
        SET_BENEFICIARY: { actions: [assign({ beneficiary: ({ event }) => event.value }), 'revalidate'] },
        SET_REMARKS: { actions: assign({ remarks: ({ event }) => event.value.slice(0, 255) }) },
        // Spec section 5 caps the typed amount at the maximum; issue 16 has the field say so.
        SET_AMOUNT_TEXT: {
          actions: [assign(({ context, event }) => {
            const typed = digits(event.value) === '' ? null : Number(digits(event.value));
            const capped = typed != null && typed > context.max;
            return { amount: capped ? context.max : typed, amountNote: capped ? amountCappedMessage(context.max) : null };
          }), 'revalidate'],
        },
        SET_AMOUNT: {
          actions: [assign({
            amount: ({ context, event }) => Math.min(context.max, Math.max(MIN_WITHDRAWAL, MIN_WITHDRAWAL + Math.round((event.value - MIN_WITHDRAWAL) / AMOUNT_STEP) * AMOUNT_STEP)),
            amountNote: null,
          }), 'revalidate'],
        },
        MIN: { actions: [assign({ amount: MIN_WITHDRAWAL, amountNote: null }), 'revalidate'] },
        HALF: { actions: [assign({ amount: ({ context }) => Math.min(context.max, halfAmount(context.max)), amountNote: null }), 'revalidate'] },
        MAX: { actions: [assign({ amount: ({ context }) => context.max, amountNote: null }), 'revalidate'] },
        SET_OTP: { actions: [assign({ otp: ({ event }) => digits(event.value).slice(0, OTP_LENGTH) }), 'revalidate'] },
        PASTE_OTP: [
          { guard: 'pasteIsCode', actions: assign({ otp: ({ event }) => event.text.trim(), errors: [] }) },
          { actions: assign({ errors: ['Invalid OTP'] }) },
        ],
        CONFIRM: [
          { guard: 'isValid', target: 'submitting', actions: assign({ errors: [] }) },
          { actions: assign({ errors: ({ context }) => withdrawalErrors(formOf(context), context.max, { transfer: context.mode === 'transfer' }) }) },
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
        onDone: { target: 'submitted', actions: assign({ submitted: true }) },
        onError: {
          target: 'editing',
          // The code was spent or refused either way: the user types the next one.
          actions: assign({ failure: ({ event }) => (messageOf(event.error, FAILED_FALLBACK)), otp: '' }),
        },
      },
    },
    submitted: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ submitted: context.submitted }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const withdrawalRequestGuardWords: GuardWords<typeof withdrawalRequestMachine> = {
  isValid: 'Submit only when the form passes every check: client, amount between the minimum and the maximum, six-digit OTP, and the bank account (withdrawal mode only).',
  pasteIsCode: 'A paste is taken as the OTP only when it is exactly the OTP length in digits.',
};
