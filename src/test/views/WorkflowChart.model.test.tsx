import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AnyEventObject, StateValue } from 'xstate';
import type { ChartLayout } from '../../machines/chartLayout';
import { registeredMachine } from '../../machines/registry';
import { LAYOUT_FAILED, workflowChartMachine } from '../../machines/workflowChartMachine';
import { WorkflowPage } from '../../views/workflows/WorkflowPage';
import { buildModel, doneEvent, errorEvent, type ModelPath } from '../machines/modelCoverage';
import {
  CLIENTS,
  PendingCalls,
  click,
  drivePath,
  drivenPaths,
  region,
  renderPage,
  type PageModel,
} from './pageModelHarness';

/**
 * A workflow's chart page, driven through the page: every transition of the workflowChart machine
 * is taken by a generated path, the layout's answer given by settling the page's pending call, and
 * after every step the screen must show what issue 15 says: a spinner while laying out, the chart
 * (its states by name) once laid out, the failure in words with 'Try again' when it could not be.
 */

const TITLE = 'Workflow: withdrawal';
const workflow = registeredMachine('withdrawal')!;
const STATES = ['PENDING', 'COMPLETED', 'REJECTED'];

/** The layout in the generated paths; when settled, the page's own graph is laid out instead (columnOf). */
const ANY_LAYOUT: ChartLayout = { width: 0, height: 0, boxes: [], lines: [] };

const model = buildModel(workflowChartMachine, {
  // The machine as input, named in the test titles by its id rather than its whole definition.
  inputs: [{ workflow: { machine: workflow.machine, toJSON: () => workflow.id }, clients: CLIENTS }],
  events: [
    { type: 'RETRY' },
    doneEvent('layout', ANY_LAYOUT),
    errorEvent('layout', new Error('ELK ran out of memory')),
  ],
  serialize: (s) => JSON.stringify([s.value, s.context.error]),
});

type Screen = 'loading' | 'shown' | 'failed';

/** The spec's table, by hand. */
function expectedAfter(state: string, event: AnyEventObject): Screen {
  if (event.type === 'xstate.done.actor.layout') return 'shown';
  if (event.type === 'xstate.error.actor.layout') return 'failed';
  if (event.type === 'RETRY' && state === 'failed') return 'loading';
  return state as Screen;
}

const page = () => region(TITLE);

function readScreen(): Screen {
  if (within(page()).queryByRole('img', { name: 'withdrawal chart', hidden: true })) return 'shown';
  if (within(page()).queryByText(/could not be laid out/)) return 'failed';
  return 'loading';
}

function checkScreen(state: string) {
  if (state === 'loading') expect(within(page()).getByText('Drawing the chart…')).toBeInTheDocument();
  if (state === 'failed') {
    expect(within(page()).getByText(`${LAYOUT_FAILED} ELK ran out of memory`)).toBeInTheDocument();
    expect(within(page()).getByRole('button', { name: 'Try again', hidden: true })).toBeInTheDocument();
  }
  if (state === 'shown') {
    const chart = within(page()).getByRole('img', { name: 'withdrawal chart', hidden: true });
    for (const name of STATES) expect(within(chart).getByText(new RegExp(`${name}$`))).toBeInTheDocument();
  }
  // The guards in words are beside the chart whatever its state.
  expect(within(page()).getByText(workflow.guardWords.bySuperAdmin)).toBeInTheDocument();
}

const pageModel: PageModel<null> = {
  title: TITLE,
  start: () => null,
  initial: () => 'loading',
  expectedAfter: (state, event) => expectedAfter(state, event),
  nextWorld: () => null,
  readScreen,
  checkScreen: (state) => checkScreen(state),
  perform: async (event) => {
    if (event.type !== 'RETRY') throw new Error(`no way to perform ${event.type}`);
    await click(within(page()).getByRole('button', { name: 'Try again', hidden: true }));
  },
  label: (value: StateValue) => String(value),
};

describe('Workflow chart: every path of workflowChart, driven through the page', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(drivenPaths(workflowChartMachine, model.paths).map((p) => [p.description, p]))(
    '%s',
    async (_, path: ModelPath) => {
      const calls = new PendingCalls();
      const logic = workflowChartMachine.provide({ actors: { layout: calls.logic<ChartLayout>() } });
      // The layout answered is laid out from the page's own graph, as ELK would be.
      const settle = calls.settle.bind(calls);
      calls.settle = async (event) =>
        settle(event.type === 'xstate.done.actor.layout' ? { ...event, output: columnOf(calls) } : event);
      await drivePath(pageModel, path, calls, () =>
        renderPage(<WorkflowPage id="withdrawal" logic={logic} />, CLIENTS),
      );
      expect(screen.queryByText('No such workflow')).toBeNull();
    },
    30_000,
  );
});

/** The graph the page asked to lay out, as boxes in a column: what ELK returns, without ELK. */
function columnOf(calls: PendingCalls): ChartLayout {
  const graph = calls.inputs.filter((c) => c.id === 'layout').at(-1)!.input as {
    nodes: Array<{ id: string }>;
    edges: Array<{ source: string; target: string }>;
  };
  const boxes = graph.nodes.map((node, i) => ({ node, x: 0, y: 60 * i, width: 160, height: 40 }));
  return { width: 200, height: 60 * boxes.length, boxes, lines: [] } as unknown as ChartLayout;
}
