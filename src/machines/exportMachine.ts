import { assign, fromPromise, setup } from 'xstate';
import { api, type TransactionFilterParams } from '../services/api';
import { saveBase64File } from '../services/download';
import { GENERIC_ERROR, messageOf } from '../services/http';
import { msg } from '../i18n/msg';
import { FILE_DOWNLOADED } from '../services/successTexts';
import type { GuardWords } from './guardWords';

export const EMAIL_FAILED = msg({ defaultMessage: 'Email failed to send', id: '0hFlqy' });

/** Email is required and must contain @ and . (spec section 5, User form; the same rule here). */
export const emailError = (email: string) =>
  !email.trim()
    ? msg({ defaultMessage: 'Email is required', id: 'cU/aSG' })
    : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())
      ? null
      : msg({ defaultMessage: 'Email is invalid', id: 'kZ7kzU' });

/** How the export ended, for a page that alerts: no message when the user cancelled. */
export interface ExportOutput {
  message: string | null;
  failed: boolean;
}

interface ExportContext {
  filter: TransactionFilterParams;
  email: string;
  error: string | null;
  message: string | null;
  failed: boolean;
}

/** Export of the current search: an .xlsx downloaded now, or built and e-mailed by the server. */
export const exportMachine = setup({
  types: {
    context: {} as ExportContext,
    events: {} as
      | { type: 'DOWNLOAD' }
      | { type: 'CHOOSE_EMAIL' }
      | { type: 'SET_EMAIL'; value: string }
      | { type: 'SEND' }
      | { type: 'BACK' }
      | { type: 'CANCEL' },
    input: {} as { filter: TransactionFilterParams },
    output: {} as ExportOutput,
  },
  actors: {
    download: fromPromise<string, { filter: TransactionFilterParams }>(async ({ input }) => {
      const file = await api.downloadTransactions(input.filter);
      saveBase64File(file.content, file.filename);
      return FILE_DOWNLOADED;
    }),
    sendEmail: fromPromise<string, { filter: TransactionFilterParams; email: string }>(({ input }) =>
      api.emailTransactions(input.filter, input.email),
    ),
  },
  guards: { emailValid: ({ context }) => emailError(context.email) == null },
}).createMachine({
  id: 'export',
  context: ({ input }) => ({ filter: input.filter, email: '', error: null, message: null, failed: false }),
  initial: 'choosing',
  states: {
    choosing: { on: { DOWNLOAD: 'downloading', CHOOSE_EMAIL: 'enteringEmail', CANCEL: 'cancelled' } },
    downloading: {
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ context }) => ({ filter: context.filter }),
        onDone: { target: 'finished', actions: assign({ message: ({ event }) => event.output }) },
        onError: {
          target: 'finished',
          actions: assign({
            failed: true,
            message: ({ event }) => messageOf(event.error, GENERIC_ERROR),
          }),
        },
      },
    },
    enteringEmail: {
      on: {
        SET_EMAIL: { actions: assign({ email: ({ event }) => event.value, error: null }) },
        SEND: [
          { guard: 'emailValid', target: 'sending' },
          { actions: assign({ error: ({ context }) => emailError(context.email) }) },
        ],
        BACK: { target: 'choosing', actions: assign({ error: null }) },
        CANCEL: 'cancelled',
      },
    },
    sending: {
      invoke: {
        id: 'sendEmail',
        src: 'sendEmail',
        input: ({ context }) => ({ filter: context.filter, email: context.email.trim() }),
        onDone: { target: 'finished', actions: assign({ message: ({ event }) => event.output }) },
        onError: { target: 'finished', actions: assign({ failed: true, message: EMAIL_FAILED }) },
      },
    },
    finished: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ message: context.message, failed: context.failed }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const exportGuardWords: GuardWords<typeof exportMachine> = {
  emailValid: msg({
    defaultMessage: 'The export is e-mailed only to an address that passes the e-mail check.',
    id: 'dO6A10',
  }),
};
