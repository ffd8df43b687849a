import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { GENERIC_ERROR, messageOf } from '../services/http';
import { msg } from '../i18n/msg';
import { tooLarge, tooManyFiles, type ReconciliationResult } from '../services/reconciliationRules';
import type { GuardWords } from './guardWords';

interface UploadContext {
  maxFiles: number;
  maxMb: number;
  files: File[];
  settlementType: string;
  errors: string[];
  result: ReconciliationResult | null;
}

type UploadEvent =
  | { type: 'ADD_FILES'; files: File[] }
  | { type: 'REMOVE_FILE'; index: number }
  | { type: 'SET_TYPE'; value: string }
  | { type: 'UPLOAD' }
  | { type: 'BACK' }
  | { type: 'CLOSE' };

const ACCEPTED = /\.(csv|xlsx|xls)$/i;

/** Every reason the chosen files cannot be sent, in the product's words (spec section 5, Upload). */
export function uploadErrors(c: Pick<UploadContext, 'files' | 'maxFiles' | 'maxMb' | 'settlementType'>): string[] {
  const errors: string[] = [];
  if (!c.settlementType) errors.push(msg({ defaultMessage: 'Choose a settlement type', id: 'k0jE12' }));
  if (c.files.length === 0) errors.push(msg({ defaultMessage: 'Choose at least one file', id: 'tqvLAj' }));
  if (c.files.length > c.maxFiles) errors.push(tooManyFiles(c.maxFiles));
  if (c.files.some((f) => f.size > c.maxMb * 1024 * 1024)) errors.push(tooLarge(c.maxMb));
  for (const f of c.files)
    if (!ACCEPTED.test(f.name))
      errors.push(
        msg({ defaultMessage: '{file}: only CSV or Excel files are accepted', id: 'pfRG5C' }, { file: f.name }),
      );
  return errors;
}

/** Check Transactions: choose provider reports, send them, read the matched results. */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { maxFiles: number; maxMb: number },
  },
  actors: {
    upload: fromPromise<ReconciliationResult, { files: File[]; settlementType: string }>(({ input }) =>
      api.checkTransactionsFile(input.files, input.settlementType),
    ),
  },
  guards: { sendable: ({ context }) => uploadErrors(context).length === 0 },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({
    maxFiles: input.maxFiles,
    maxMb: input.maxMb,
    files: [],
    settlementType: '',
    errors: [],
    result: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        ADD_FILES: {
          actions: assign({ files: ({ context, event }) => [...context.files, ...event.files], errors: [] }),
        },
        REMOVE_FILE: {
          actions: assign({
            files: ({ context, event }) => context.files.filter((_, i) => i !== event.index),
            errors: [],
          }),
        },
        SET_TYPE: { actions: assign({ settlementType: ({ event }) => event.value, errors: [] }) },
        UPLOAD: [
          { guard: 'sendable', target: 'uploading' },
          { actions: assign({ errors: ({ context }) => uploadErrors(context) }) },
        ],
        CLOSE: 'closed',
      },
    },
    uploading: {
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ files: context.files, settlementType: context.settlementType }),
        onDone: { target: 'showingResults', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'choosing',
          actions: assign({
            errors: ({ event }) => [messageOf(event.error, GENERIC_ERROR)],
          }),
        },
      },
    },
    showingResults: {
      on: { BACK: { target: 'choosing', actions: assign({ files: [], result: null }) }, CLOSE: 'closed' },
    },
    closed: { type: 'final' },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const uploadGuardWords: GuardWords<typeof uploadMachine> = {
  sendable: msg({
    defaultMessage:
      'The reports are sent only when a settlement type is chosen and the files pass every check (at least one, not ' +
      'too many, not too large, CSV or Excel).',
    id: '0irLfB',
  }),
};
