import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { ApiError } from '../services/http';
import { OTP_LENGTH, RecoveryCode, digitsOf, otpDigits, type CurrentUser } from '../services/schemas';
import { msg } from '../i18n/msg';
import type { GuardWords } from './guardWords';

export const INVALID_OTP = msg({ defaultMessage: 'Invalid OTP', id: 'I3smtz' });
export const INVALID_RECOVERY_CODE = msg({ defaultMessage: 'Invalid recovery code', id: 'Mk6fu+' });

/** What the recovery code field says is wrong with what was typed, or null when it is a code's shape. */
const recoveryCodeProblem = (text: string) => {
  const result = v.safeParse(RecoveryCode, text);
  return result.success ? null : result.issues[0].message;
};

interface LoginContext {
  email: string;
  password: string;
  otp: string;
  /** What was typed in the recovery code field (issue 44), as typed. */
  recoveryCode: string;
  error: string | null;
  /** Why the user is here again (two-factor just set up or turned off): shown until they sign in. */
  notice: string | null;
  /** The user as auth/login returned it, until the OTP step passes (the pre-OTP session is the cookie). */
  pending: CurrentUser | null;
  user: CurrentUser | null;
}

type LoginEvent =
  | { type: 'EDIT_EMAIL'; value: string }
  | { type: 'EDIT_PASSWORD'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'OTP_CHANGE'; value: string }
  | { type: 'PASTE'; text: string }
  | { type: 'BACK' }
  | { type: 'USE_RECOVERY_CODE' }
  | { type: 'USE_AUTHENTICATOR' }
  | { type: 'RECOVERY_CODE_CHANGE'; value: string };

/**
 * What a digit box's input event means (mobile keyboards and autofill arrive as input, not keys): a
 * whole code replaces what was typed, as a paste does; a part is appended; no digits, nothing.
 */
export function typedOtp(otp: string, text: string): LoginEvent | null {
  const typed = digitsOf(text);
  if (typed.length >= OTP_LENGTH) return { type: 'PASTE', text: typed };
  return typed ? { type: 'OTP_CHANGE', value: otp + typed } : null;
}

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : msg({ defaultMessage: 'Error', id: 'KN7zKn' });
const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : 0);

/**
 * Sign-in: credentials, then the six-digit OTP when two-factor is active (spec sections 2 Login, 4, 5).
 * The session machine invokes it while signed out and takes its output, the signed-in user.
 */
export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as { notice: string | null },
    output: {} as CurrentUser,
  },
  actors: {
    signIn: fromPromise<CurrentUser, { email: string; password: string }>(({ input }) => api.login(input)),
    validateOtp: fromPromise<CurrentUser, { passcode: string }>(({ input }) => api.validateOtp(input.passcode)),
    signInWithRecoveryCode: fromPromise<CurrentUser, { recoveryCode: string }>(({ input }) =>
      api.signInWithRecoveryCode(input.recoveryCode),
    ),
  },
  guards: {
    credentialsFilled: ({ context }) => context.email.trim() !== '' && context.password !== '',
    needsOtp: (_, user: CurrentUser) => user.two_factor_active,
    otpComplete: ({ context }) => context.otp.length === OTP_LENGTH,
    pasteIsCode: ({ event }) => event.type === 'PASTE' && /^\d{6}$/.test(event.text.trim()),
    preOtpSessionGone: (_, error: unknown) => statusOf(error) === 401,
    recoveryCodeWellFormed: ({ context }) => recoveryCodeProblem(context.recoveryCode) == null,
  },
}).createMachine({
  id: 'login',
  context: ({ input }) => ({
    email: '',
    password: '',
    otp: '',
    recoveryCode: '',
    error: null,
    notice: input.notice,
    pending: null,
    user: null,
  }),
  initial: 'editingCredentials',
  states: {
    editingCredentials: {
      on: {
        EDIT_EMAIL: { actions: assign({ email: ({ event }) => event.value }) },
        EDIT_PASSWORD: { actions: assign({ password: ({ event }) => event.value }) },
        SUBMIT: [
          { guard: 'credentialsFilled', target: 'submittingCredentials' },
          { actions: assign({ error: msg({ defaultMessage: 'Please enter your email and password', id: 'w1nslv' }) }) },
        ],
      },
    },
    submittingCredentials: {
      entry: assign({ error: null, notice: null }),
      invoke: {
        id: 'signIn',
        src: 'signIn',
        input: ({ context }) => ({ email: context.email.trim(), password: context.password }),
        onDone: [
          {
            guard: { type: 'needsOtp', params: ({ event }) => event.output },
            target: 'enteringOtp',
            actions: assign({ pending: ({ event }) => event.output, otp: '' }),
          },
          // Without two-factor the user is stored as is and sent to set it up.
          { target: 'signedIn', actions: assign({ user: ({ event }) => event.output }) },
        ],
        onError: {
          target: 'editingCredentials',
          actions: assign({ error: ({ event }) => messageOf(event.error), password: '' }),
        },
      },
    },
    enteringOtp: {
      always: { guard: 'otpComplete', target: 'submittingOtp' },
      on: {
        OTP_CHANGE: { actions: assign({ otp: ({ event }) => otpDigits(event.value), error: null }) },
        PASTE: [
          {
            guard: 'pasteIsCode',
            target: 'submittingOtp',
            actions: assign({ otp: ({ event }) => event.text.trim(), error: null }),
          },
          { actions: assign({ error: INVALID_OTP }) },
        ],
        BACK: { target: 'editingCredentials', actions: assign({ otp: '', pending: null, error: null, password: '' }) },
        USE_RECOVERY_CODE: {
          target: 'enteringRecoveryCode',
          actions: assign({ otp: '', recoveryCode: '', error: null }),
        },
      },
    },
    /** Issue 44: the authenticator is lost; a single-use recovery code stands in for the OTP. */
    enteringRecoveryCode: {
      on: {
        RECOVERY_CODE_CHANGE: {
          actions: assign({ recoveryCode: ({ event }) => event.value.slice(0, 64), error: null }),
        },
        SUBMIT: [
          { guard: 'recoveryCodeWellFormed', target: 'submittingRecoveryCode' },
          { actions: assign({ error: ({ context }) => recoveryCodeProblem(context.recoveryCode) }) },
        ],
        USE_AUTHENTICATOR: { target: 'enteringOtp', actions: assign({ recoveryCode: '', error: null }) },
        BACK: {
          target: 'editingCredentials',
          actions: assign({ recoveryCode: '', pending: null, error: null, password: '' }),
        },
      },
    },
    submittingRecoveryCode: {
      invoke: {
        id: 'signInWithRecoveryCode',
        src: 'signInWithRecoveryCode',
        input: ({ context }) => ({ recoveryCode: context.recoveryCode }),
        onDone: {
          target: 'signedIn',
          actions: assign({ user: ({ event }) => event.output, pending: null, recoveryCode: '' }),
        },
        onError: [
          {
            guard: { type: 'preOtpSessionGone', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editingCredentials',
            actions: assign({
              error: msg({ defaultMessage: 'Your session has ended. Please sign in again.', id: 'IsUPlh' }),
              recoveryCode: '',
              pending: null,
              password: '',
            }),
          },
          {
            target: 'enteringRecoveryCode',
            actions: assign({
              recoveryCode: '',
              error: ({ event }) => (statusOf(event.error) === 422 ? INVALID_RECOVERY_CODE : messageOf(event.error)),
            }),
          },
        ],
      },
    },
    submittingOtp: {
      invoke: {
        id: 'validateOtp',
        src: 'validateOtp',
        input: ({ context }) => ({ passcode: context.otp }),
        onDone: { target: 'signedIn', actions: assign({ user: ({ event }) => event.output, pending: null }) },
        onError: [
          {
            guard: { type: 'preOtpSessionGone', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editingCredentials',
            actions: assign({
              error: msg({ defaultMessage: 'Your session has ended. Please sign in again.', id: 'IsUPlh' }),
              otp: '',
              pending: null,
              password: '',
            }),
          },
          {
            target: 'enteringOtp',
            actions: assign({
              otp: '',
              error: ({ event }) => (statusOf(event.error) === 422 ? INVALID_OTP : messageOf(event.error)),
            }),
          },
        ],
      },
    },
    signedIn: { type: 'final' },
  },
  output: ({ context }) => context.user!,
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const loginGuardWords: GuardWords<typeof loginMachine> = {
  credentialsFilled: msg({
    defaultMessage: 'Sign in is sent only when both the e-mail and the password are filled in.',
    id: 'vvvXrz',
  }),
  needsOtp: msg({
    defaultMessage:
      "The credentials were accepted and the user's two-factor is active: the six-digit OTP is asked next.",
    id: 'nKVHfZ',
  }),
  otpComplete: msg({ defaultMessage: 'All six OTP digits are typed: the code is sent at once.', id: 'QnnfHr' }),
  pasteIsCode: msg({ defaultMessage: 'A paste is taken as the OTP only when it is exactly six digits.', id: 'r0rsUv' }),
  preOtpSessionGone: msg({
    defaultMessage:
      'The OTP was refused with 401: the session the credentials opened is gone, so the user signs in again.',
    id: '/NNZKM',
  }),
  recoveryCodeWellFormed: msg({
    defaultMessage:
      'A recovery code is sent only when it has the shape of one: 12 letters and digits, dashes and spaces aside.',
    id: 's0LzTV',
  }),
};
