import { assign, fromPromise, setup } from 'xstate';
import { messageOf } from '../services/http';

/**
 * One call on one row (refresh status, re-send callback, add to withdrawable, process in bulk):
 * an optional 'Are you sure?' first, then the call, ending with the server's message either way.
 * `run` is provided by the view, so one machine serves every such action.
 */
export const oneShotActionMachine = setup({
  types: {
    context: {} as { confirm: boolean; message: string | null; failed: boolean; cancelled: boolean },
    events: {} as { type: 'CONFIRM' } | { type: 'CANCEL' },
    input: {} as { confirm: boolean },
    output: {} as { message: string | null; failed: boolean; cancelled: boolean },
  },
  actors: {
    run: fromPromise<string>(async () => 'Done'),
  },
  guards: { needsConfirmation: ({ context }) => context.confirm },
}).createMachine({
  id: 'oneShotAction',
  context: ({ input }) => ({ confirm: input.confirm, message: null, failed: false, cancelled: false }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'needsConfirmation', target: 'confirming' }, { target: 'running' }] },
    confirming: { on: { CONFIRM: 'running', CANCEL: { target: 'cancelled', actions: assign({ cancelled: true }) } } },
    running: {
      invoke: {
        id: 'run',
        src: 'run',
        onDone: { target: 'succeeded', actions: assign({ message: ({ event }) => event.output }) },
        onError: {
          target: 'failed',
          actions: assign({ failed: true, message: ({ event }) => messageOf(event.error, 'Something went wrong, please try again later.') }),
        },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
  output: ({ context }) => ({ message: context.message, failed: context.failed, cancelled: context.cancelled }),
});
