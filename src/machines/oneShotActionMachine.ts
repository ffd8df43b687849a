import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from '../services/http';
import type { GuardWords } from './guardWords';

/**
 * One call on one row (refresh status, re-send callback, add to withdrawable, process in bulk):
 * an optional 'Are you sure?' first, then the call, ending with the server's message either way.
 * `run` is provided by the view (or the machine that invokes this one), so one machine serves every
 * such action; it is given the input's `args` (the row's correlation id, say) when it needs them.
 */
export const oneShotActionMachine = setup({
  types: {
    context: {} as { confirm: boolean; args: unknown; message: string | null; failed: boolean; cancelled: boolean },
    events: {} as { type: 'CONFIRM' } | { type: 'CANCEL' },
    input: {} as { confirm: boolean; args?: unknown },
    output: {} as { message: string | null; failed: boolean; cancelled: boolean },
  },
  actors: {
    run: fromPromise<string>(async () => 'Done'),
  },
  guards: { needsConfirmation: ({ context }) => context.confirm },
}).createMachine({
  id: 'oneShotAction',
  context: ({ input }) => ({
    confirm: input.confirm,
    args: input.args,
    message: null,
    failed: false,
    cancelled: false,
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'needsConfirmation', target: 'confirming' }, { target: 'running' }] },
    confirming: { on: { CONFIRM: 'running', CANCEL: { target: 'cancelled', actions: assign({ cancelled: true }) } } },
    running: {
      invoke: {
        id: 'run',
        src: 'run',
        input: ({ context }) => context.args,
        onDone: { target: 'succeeded', actions: assign({ message: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({
            failed: true,
            message: ({ event }) => messageOf(event.error, 'Something went wrong, please try again later.'),
          }),
        },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ message: context.message, failed: context.failed, cancelled: context.cancelled }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const oneShotActionGuardWords: GuardWords<typeof oneShotActionMachine> = {
  needsConfirmation: "The action asks 'Are you sure?' before the call.",
};
