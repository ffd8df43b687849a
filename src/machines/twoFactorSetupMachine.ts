import { assign, enqueueActions, fromPromise, setup, type ActorRef, type Snapshot } from 'xstate';
import { api } from '../services/api';
import { ApiError } from '../services/http';
import { OTP_LENGTH, otpDigits, readsOnly, roleOf, type PageUser, type RecoveryCodes } from '../services/schemas';
import { OTP_DISABLED, OTP_VERIFIED } from '../services/successTexts';
import { msg } from '../i18n/msg';
import type { GuardWords } from './guardWords';
import type { ReauthenticateEvent } from './sessionMachine';

export const REDIRECT_DELAY_MS = 2500;

/** The app's session: told to sign the user in again once two-factor changed. */
type SessionRef = ActorRef<Snapshot<unknown>, ReauthenticateEvent>;

interface SetupContext {
  startsActive: boolean;
  /** Signed in with a recovery code (issue 44): the active authenticator is lost, so set-up is offered again. */
  mustReset: boolean;
  mayReset: boolean;
  session: SessionRef | null;
  qrcode: string | null;
  secret: string | null;
  code: string;
  error: string | null;
  /** The recovery codes set-up answered: shown once, until the user says they saved them. */
  codes: string[];
}

type SetupEvent =
  | { type: 'CODE_CHANGE'; value: string }
  | { type: 'VERIFY' }
  | { type: 'RETRY' }
  | { type: 'RESET' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CODES_SAVED' };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : msg({ defaultMessage: 'Error', id: 'KN7zKn' });

/** User Settings' two-factor panel: three-step set-up when not active, Reset when it is (spec section 2). */
export const twoFactorSetupMachine = setup({
  types: {
    context: {} as SetupContext,
    events: {} as SetupEvent,
    input: {} as {
      twoFactorActive: boolean;
      session: SessionRef | null;
      user?: (NonNullable<PageUser> & { must_reset_two_factor?: boolean }) | null;
    },
  },
  actors: {
    generateSecret: fromPromise(() => api.generateOtp()),
    verifyCode: fromPromise<RecoveryCodes, { passcode: string }>(({ input }) => api.verifyOtp(input.passcode)),
    disableTwoFactor: fromPromise<void>(async () => {
      await api.disableOtp();
    }),
  },
  actions: {
    // Set-up and reset both end every session on the server: the session sends the user to sign in again, told why.
    reauthenticate: enqueueActions(({ context, enqueue }, params: { notice: string }) => {
      if (context.session) enqueue.sendTo(context.session, { type: 'REAUTHENTICATE', notice: params.notice });
    }),
  },
  guards: {
    codeComplete: ({ context }) => context.code.length === OTP_LENGTH,
    startsActive: ({ context }) => context.startsActive && !context.mustReset,
    mayReset: ({ context }) => context.mayReset,
  },
  delays: { redirect: REDIRECT_DELAY_MS },
}).createMachine({
  id: 'twoFactorSetup',
  context: ({ input }) => ({
    startsActive: input.twoFactorActive,
    mustReset: input.user?.must_reset_two_factor === true,
    // Removing one's second factor changes the account: an AUDITOR asks a SUPER ADMIN (Remove Authenticator).
    mayReset: !readsOnly(roleOf(input.user)),
    session: input.session,
    qrcode: null,
    secret: null,
    code: '',
    error: null,
    codes: [],
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'startsActive', target: 'active' }, { target: 'loadingSecret' }],
    },
    loadingSecret: {
      invoke: {
        id: 'generateSecret',
        src: 'generateSecret',
        onDone: {
          target: 'awaitingCode',
          actions: assign({
            qrcode: ({ event }) => event.output.qrcode,
            secret: ({ event }) => event.output.secret,
            error: null,
          }),
        },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    loadFailed: { on: { RETRY: 'loadingSecret' } },
    awaitingCode: {
      on: {
        CODE_CHANGE: { actions: assign({ code: ({ event }) => otpDigits(event.value), error: null }) },
        VERIFY: [
          { guard: 'codeComplete', target: 'verifying' },
          { actions: assign({ error: msg({ defaultMessage: 'OTP must be 6 digits', id: 'NlTU5O' }) }) },
        ],
      },
    },
    verifying: {
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({ passcode: context.code }),
        onDone: { target: 'showingCodes', actions: assign({ codes: ({ event }) => event.output.recovery_codes }) },
        onError: {
          target: 'awaitingCode',
          actions: assign({
            code: '',
            error: ({ event }) =>
              event.error instanceof ApiError && event.error.status === 422
                ? msg({ defaultMessage: 'OTP is invalid.', id: 'EOtd6W' })
                : messageOf(event.error),
          }),
        },
      },
    },
    /** Issue 44: the ten recovery codes, shown this once; the user says when they have saved them. */
    showingCodes: { on: { CODES_SAVED: { target: 'verified', actions: assign({ codes: [] }) } } },
    /** The spec's message shows for a moment before the redirect (and again on the sign-in page). */
    verified: {
      after: {
        redirect: { target: 'reconfirm', actions: { type: 'reauthenticate', params: { notice: OTP_VERIFIED } } },
      },
    },
    active: { on: { RESET: { guard: 'mayReset', target: 'confirmingReset' } } },
    confirmingReset: { on: { CONFIRM: 'disabling', CANCEL: 'active' } },
    disabling: {
      invoke: {
        id: 'disableTwoFactor',
        src: 'disableTwoFactor',
        onDone: 'disabled',
        onError: { target: 'active', actions: assign({ error: ({ event }) => messageOf(event.error) }) },
      },
    },
    disabled: {
      after: {
        redirect: { target: 'reconfirm', actions: { type: 'reauthenticate', params: { notice: OTP_DISABLED } } },
      },
    },
    /** The server ended every session: the session machine sends the user to sign in again. */
    reconfirm: { type: 'final' },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const twoFactorSetupGuardWords: GuardWords<typeof twoFactorSetupMachine> = {
  startsActive: msg({
    defaultMessage:
      "The user's two-factor is already active and not lost (no recovery code signed them in): the panel offers Reset " +
      'instead of set-up.',
    id: 'pMNnmX',
  }),
  codeComplete: msg({ defaultMessage: 'Verify only when all six digits of the code are typed.', id: 'QWSuw5' }),
  mayReset: msg({
    defaultMessage:
      'Anyone may reset their own two-factor but an AUDITOR, who changes nothing: a SUPER ADMIN removes their ' +
      'authenticator instead.',
    id: 'gTMM6s',
  }),
};
