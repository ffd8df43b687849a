import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { messageOf } from '../services/http';
import type { WithdrawalDecision as Decision } from '../services/withdrawalRules';

/** How the dialog ended, for a page that invokes it: decided (the server's words), failed (its refusal), or cancelled. */
export interface WithdrawalDecisionOutput {
  outcome: 'decided' | 'failed' | 'cancelled';
  message: string | null;
}

/** A SUPER ADMIN completing or rejecting one PENDING withdrawal: 'Are you sure?', then the call. */
export const withdrawalDecisionMachine = setup({
  types: {
    context: {} as { uuid: string; decision: Decision; error: string | null; message: string | null },
    events: {} as { type: 'CONFIRM' } | { type: 'CANCEL' },
    input: {} as { uuid: string; decision: Decision },
    output: {} as WithdrawalDecisionOutput,
  },
  actors: {
    decide: fromPromise<string, { uuid: string; decision: Decision }>(
      async ({ input }) => (await api.updateWithdrawal(input.uuid, input.decision)).message,
    ),
  },
}).createMachine({
  id: 'withdrawalDecision',
  context: ({ input }) => ({ uuid: input.uuid, decision: input.decision, error: null, message: null }),
  initial: 'confirming',
  states: {
    confirming: { on: { CONFIRM: 'deciding', CANCEL: 'cancelled' } },
    deciding: {
      invoke: {
        id: 'decide',
        src: 'decide',
        input: ({ context }) => ({ uuid: context.uuid, decision: context.decision }),
        onDone: { target: 'decided', actions: assign({ message: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) => messageOf(event.error, 'An error has occurred. Please try again later.'),
          }),
        },
      },
    },
    decided: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) =>
    context.message != null
      ? { outcome: 'decided', message: context.message }
      : context.error != null
        ? { outcome: 'failed', message: context.error }
        : { outcome: 'cancelled', message: null },
});
