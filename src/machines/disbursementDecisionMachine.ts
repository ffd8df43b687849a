import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import type { DisbursementRow } from '../services/disbursementQuery';
import { messageOf } from '../services/http';
import { disbursementDecidedMessage } from '../services/successTexts';

export type DisbursementDecision = 'COMPLETED' | 'REJECTED';

export interface DecisionInput {
  row: DisbursementRow;
  decision: DisbursementDecision;
}
/** What the page needs when the dialog ends: whether anything changed, and the words to show. */
export interface DecisionOutput {
  changed: boolean;
  message: string | null;
}

interface DecisionContext extends DecisionInput {
  message: string | null;
  error: string | null;
}

/**
 * A SUPER ADMIN finalizing (sent as COMPLETED) or rejecting one PENDING / PENDING_REQUEST
 * disbursement: 'Are you sure?', then the call. A refusal stays open with the server's words, so
 * the user can try again (a lost connection) or give up (a 409 because someone else decided first).
 */
export const disbursementDecisionMachine = setup({
  types: {
    context: {} as DecisionContext,
    events: {} as { type: 'CONFIRM' } | { type: 'RETRY' } | { type: 'CANCEL' },
    input: {} as DecisionInput,
    output: {} as DecisionOutput,
  },
  actors: {
    decide: fromPromise<string, { uuid: string; decision: DisbursementDecision }>(
      async ({ input }) => (await api.updateDisbursement(input.uuid, input.decision)).message,
    ),
  },
}).createMachine({
  id: 'disbursementDecision',
  context: ({ input }) => ({ row: input.row, decision: input.decision, message: null, error: null }),
  initial: 'confirming',
  states: {
    confirming: { on: { CONFIRM: 'submitting', CANCEL: 'cancelled' } },
    submitting: {
      entry: assign({ error: null }),
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ uuid: context.row.uuid, decision: context.decision }),
        onDone: {
          target: 'done',
          actions: assign({
            message: ({ context, event }) => event.output || disbursementDecidedMessage(context.decision),
          }),
        },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, 'An error has occurred. Please try again later.'),
          }),
        },
      },
    },
    failed: { on: { RETRY: 'submitting', CANCEL: 'cancelled' } },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ changed: context.message != null, message: context.message }),
});
