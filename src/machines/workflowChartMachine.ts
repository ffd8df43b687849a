import { assign, fromPromise, setup, type AnyStateMachine } from 'xstate';
import { machineGraph, type ChartGraph } from './chartGraph';
import { layoutChart, type ChartLayout } from './chartLayout';
import { msg } from '../i18n/msg';

export const LAYOUT_FAILED = msg({ defaultMessage: 'The chart could not be laid out.', id: 'sFIb98' });

export interface WorkflowChartContext {
  readonly graph: ChartGraph;
  layout: ChartLayout | null;
  error: string | null;
}

/**
 * The workflow page: the registered machine's graph, laid out by ELK (an invoked promise: the
 * view only draws what it is given). loading > shown | failed; RETRY lays it out again.
 */
export const workflowChartMachine = setup({
  types: {
    context: {} as WorkflowChartContext,
    // A registry entry's machine, typed here: this machine is registered, so it never imports the registry.
    input: {} as { workflow: { readonly machine: AnyStateMachine } },
    events: {} as { type: 'RETRY' },
  },
  actors: {
    layout: fromPromise<ChartLayout, ChartGraph>(({ input }) => layoutChart(input)),
  },
}).createMachine({
  id: 'workflowChart',
  context: ({ input }) => ({ graph: machineGraph(input.workflow.machine), layout: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'layout',
        src: 'layout',
        input: ({ context }) => context.graph,
        onDone: { target: 'shown', actions: assign({ layout: ({ event }) => event.output, error: null }) },
        onError: {
          target: 'failed',
          actions: assign({
            error: ({ event }) =>
              event.error instanceof Error && event.error.message
                ? msg(
                    { defaultMessage: 'The chart could not be laid out. {reason}', id: 'MSxJM7' },
                    { reason: event.error.message },
                  )
                : LAYOUT_FAILED,
          }),
        },
      },
    },
    shown: {},
    failed: { on: { RETRY: 'loading' } },
  },
});
