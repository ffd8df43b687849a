import { msg } from '../i18n/msg';
import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { messageOf } from '../services/http';
import type { GuardWords } from './guardWords';

interface FinalizeContext {
  correlationId: string;
  rrn: string;
  paidTime: string;
  errors: string[];
  failure: string | null;
  message: string | null;
  held: boolean;
  /** The policy will hold this finalize for a second SUPER ADMIN (the page read it): the form says so before Finalize. */
  heldAhead: boolean;
}

/**
 * How the modal ended, for the page that opened it: the server's words when it finalized or held
 * it for a second SUPER ADMIN (`held`, issue 25: nothing changed yet), none when cancelled.
 */
export interface ManualFinalizeOutput {
  finalized: boolean;
  held: boolean;
  message: string | null;
}

/**
 * The manual finalize modal (spec sections 2 and 5): correlation ID fixed, RRN required, paid time sent with :00
 * seconds.
 */
export const manualFinalizeMachine = setup({
  types: {
    context: {} as FinalizeContext,
    events: {} as
      | { type: 'SET_RRN'; value: string }
      | { type: 'SET_PAID_TIME'; value: string }
      | { type: 'SUBMIT' }
      | { type: 'CANCEL' },
    input: {} as { correlationId: string; paidTime: string; heldAhead?: boolean },
    output: {} as ManualFinalizeOutput,
  },
  actors: {
    finalize: fromPromise<
      { message: string; held: boolean },
      { correlation_id: string; rrn: string; paid_time: string }
    >(({ input }) => api.finalizeTransaction(input)),
  },
  guards: {
    complete: ({ context }) => errorsOf(context).length === 0,
  },
}).createMachine({
  id: 'manualFinalize',
  context: ({ input }) => ({
    correlationId: input.correlationId,
    rrn: '',
    paidTime: input.paidTime,
    errors: [],
    failure: null,
    message: null,
    held: false,
    heldAhead: input.heldAhead ?? false,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        SET_RRN: { actions: assign({ rrn: ({ event }) => event.value.slice(0, 32) }) },
        SET_PAID_TIME: { actions: assign({ paidTime: ({ event }) => event.value }) },
        SUBMIT: [
          { guard: 'complete', target: 'submitting', actions: assign({ errors: [], failure: null }) },
          { actions: assign({ errors: ({ context }) => errorsOf(context) }) },
        ],
        CANCEL: 'cancelled',
      },
    },
    submitting: {
      invoke: {
        id: 'finalize',
        src: 'finalize',
        input: ({ context }) => ({
          correlation_id: context.correlationId,
          rrn: context.rrn.trim(),
          paid_time: `${context.paidTime}:00`,
        }),
        onDone: {
          target: 'finalized',
          actions: assign({ message: ({ event }) => event.output.message, held: ({ event }) => event.output.held }),
        },
        onError: {
          target: 'editing',
          actions: assign({
            failure: ({ event }) =>
              messageOf(
                event.error,
                msg({ defaultMessage: 'An error has occurred. Please try again later.', id: 'GzxcSR' }),
              ),
          }),
        },
      },
    },
    finalized: { type: 'final' },
    cancelled: { type: 'final' },
  },
  // Only the server's success answer sets a message, so a message means finalized (or held).
  output: ({ context }) => ({
    finalized: context.message != null && !context.held,
    held: context.held,
    message: context.message,
  }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const manualFinalizeGuardWords: GuardWords<typeof manualFinalizeMachine> = {
  complete: msg({
    defaultMessage:
      'Finalize is sent only when the RRN and the paid time pass every check; otherwise the errors are shown.',
    id: 'J9O+wL',
  }),
};

export function errorsOf(c: Pick<FinalizeContext, 'rrn' | 'paidTime'>): string[] {
  const errors: string[] = [];
  if (!c.rrn.trim()) errors.push(msg({ defaultMessage: 'Please enter RRN', id: '8edic3' }));
  if (!/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(c.paidTime))
    errors.push(msg({ defaultMessage: 'Please enter the paid time', id: 'LTh2qV' }));
  return errors;
}
