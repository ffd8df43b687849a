import { assign, fromPromise, setup } from 'xstate';
import { alerts } from '../services/alerts';
import { api } from '../services/api';
import { ApiError } from '../services/http';
import { OTP_LENGTH, otpDigits, type RecoveryCodes } from '../services/schemas';
import { RECOVERY_CODES_CREATED } from '../services/successTexts';
import { msg } from '../i18n/msg';
import type { GuardWords } from './guardWords';
import { INVALID_OTP } from './loginMachine';

interface RecoveryCodesContext {
  code: string;
  codes: string[];
  error: string | null;
}

type RecoveryCodesEvent =
  | { type: 'START' }
  | { type: 'CODE_CHANGE'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'CODES_SAVED' };

const messageOf = (error: unknown) =>
  error instanceof ApiError ? error.message : msg({ defaultMessage: 'Error', id: 'KN7zKn' });

/**
 * User Settings' "New recovery codes" (issue 44): a current authenticator code, then the new set, shown
 * once; the old codes stop working. The server asks for the code so that a session left open is not enough.
 */
export const recoveryCodesMachine = setup({
  types: { context: {} as RecoveryCodesContext, events: {} as RecoveryCodesEvent },
  actors: {
    newRecoveryCodes: fromPromise<RecoveryCodes, { passcode: string }>(({ input }) =>
      api.newRecoveryCodes(input.passcode),
    ),
  },
  actions: {
    announce: () => alerts.success(RECOVERY_CODES_CREATED),
  },
  guards: {
    codeComplete: ({ context }) => context.code.length === OTP_LENGTH,
  },
}).createMachine({
  id: 'recoveryCodes',
  context: { code: '', codes: [], error: null },
  initial: 'idle',
  states: {
    idle: { on: { START: { target: 'askingCode', actions: assign({ code: '', error: null }) } } },
    askingCode: {
      on: {
        CODE_CHANGE: { actions: assign({ code: ({ event }) => otpDigits(event.value), error: null }) },
        SUBMIT: [
          { guard: 'codeComplete', target: 'creating' },
          { actions: assign({ error: msg({ defaultMessage: 'OTP must be 6 digits', id: 'NlTU5O' }) }) },
        ],
        CANCEL: { target: 'idle', actions: assign({ code: '', error: null }) },
      },
    },
    creating: {
      invoke: {
        id: 'newRecoveryCodes',
        src: 'newRecoveryCodes',
        input: ({ context }) => ({ passcode: context.code }),
        onDone: {
          target: 'showingCodes',
          actions: [assign({ codes: ({ event }) => event.output.recovery_codes, code: '' }), 'announce'],
        },
        onError: {
          target: 'askingCode',
          actions: assign({
            code: '',
            error: ({ event }) =>
              event.error instanceof ApiError && event.error.status === 422 ? INVALID_OTP : messageOf(event.error),
          }),
        },
      },
    },
    /** Shown this once: the machine forgets them when the user says they saved them. */
    showingCodes: { on: { CODES_SAVED: { target: 'idle', actions: assign({ codes: [] }) } } },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const recoveryCodesGuardWords: GuardWords<typeof recoveryCodesMachine> = {
  codeComplete: msg({
    defaultMessage: 'New codes are asked for only with all six digits of a current authenticator code.',
    id: 'V3rANs',
  }),
};
