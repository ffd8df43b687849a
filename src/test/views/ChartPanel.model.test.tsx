import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import fc from 'fast-check';
import type { AnyEventObject } from 'xstate';
import type { ChartLayout } from '../../machines/chartLayout';
import { chartViewportMachine } from '../../machines/chartViewportMachine';
import { ChartPanel } from '../../views/workflows/ChartPanel';
import { chartExtent } from '../../views/workflows/ChartSvg';
import { buildModel } from '../machines/modelCoverage';
import { drivenPaths } from './pageModelHarness';

/**
 * A chart's panel, driven as a person does: the Zoom in / Fit buttons, the keys on the focused chart
 * (+, −, 0, arrows) and a drag. After every step the SVG's viewBox (what is on screen) and the buttons
 * must be what the issue asks, written here by hand rather than read from the machine: the whole
 * chart at first, each zoom 1.25 times closer up to 8, never panned off the chart, Fit back to whole.
 */

const LAYOUT: ChartLayout = {
  width: 976,
  height: 376,
  boxes: [
    {
      node: { id: 'demo.A', key: 'A', parent: 'demo', kind: 'atomic', initial: true, invokes: [] },
      x: 0,
      y: 0,
      width: 120,
      height: 40,
    },
  ] as unknown as ChartLayout['boxes'],
  lines: [],
};
const WHOLE = chartExtent(LAYOUT);
const EPS = 1e-6;

interface View {
  x: number;
  y: number;
  width: number;
  height: number;
}

const chart = () => screen.getByRole('group', { name: 'demo chart: zoom and pan' });
function readView(): View {
  const [x, y, width, height] = screen
    .getByRole('img', { name: 'demo chart' })
    .getAttribute('viewBox')!
    .split(' ')
    .map(Number);
  return { x, y, width, height };
}
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

const KEY_OF: Record<string, string> = {
  ZOOM_OUT: '-',
  'PAN_STEP 1,0': 'ArrowRight',
  'PAN_STEP 0,1': 'ArrowDown',
  'PAN_STEP -1,0': 'ArrowLeft',
  'PAN_STEP 0,-1': 'ArrowUp',
};
const nameOf = (e: AnyEventObject) => (e.type === 'PAN_STEP' ? `PAN_STEP ${e.x},${e.y}` : e.type);

async function perform(event: AnyEventObject) {
  const name = nameOf(event);
  await act(async () => {
    if (name === 'ZOOM_IN') fireEvent.click(button('Zoom in'));
    else if (name === 'FIT') fireEvent.click(button('Fit'));
    else if (name === 'PAN') {
      // A drag: the chart follows the pointer (jsdom draws nothing, so one pixel is one chart unit).
      fireEvent.pointerDown(chart(), { pointerId: 1, clientX: 300, clientY: 200 });
      fireEvent.pointerMove(chart(), { pointerId: 1, clientX: 300 - event.dx, clientY: 200 - event.dy });
      fireEvent.pointerUp(chart(), { pointerId: 1 });
    } else fireEvent.keyDown(chart(), { key: KEY_OF[name] });
  });
}

/** What the screen must show after `event`, from what it showed before: the rules by hand. */
function expected(before: View, event: AnyEventObject): View {
  const zoomed = before.width < WHOLE.width - EPS;
  const centre = { x: before.x + before.width / 2, y: before.y + before.height / 2 };
  const around = (width: number): View => {
    const height = (width * WHOLE.height) / WHOLE.width;
    const x = Math.min(Math.max(centre.x - width / 2, 0), WHOLE.width - width);
    const y = Math.min(Math.max(centre.y - height / 2, 0), WHOLE.height - height);
    return { x, y, width, height };
  };
  switch (nameOf(event)) {
    case 'ZOOM_IN':
      return around(Math.max(before.width / 1.25, WHOLE.width / 8));
    case 'ZOOM_OUT': {
      const wider = before.width * 1.25;
      return wider > WHOLE.width * 0.999 ? { x: 0, y: 0, ...WHOLE } : around(wider);
    }
    case 'FIT':
      return { x: 0, y: 0, ...WHOLE };
    default: {
      if (!zoomed) return before;
      const step =
        event.type === 'PAN'
          ? { x: event.dx, y: event.dy }
          : { x: event.x * 0.2 * before.width, y: event.y * 0.2 * before.height };
      return {
        ...before,
        x: Math.min(Math.max(before.x + step.x, 0), WHOLE.width - before.width),
        y: Math.min(Math.max(before.y + step.y, 0), WHOLE.height - before.height),
      };
    }
  }
}

function checkScreen(view: View, want: View) {
  for (const k of ['x', 'y', 'width', 'height'] as const) expect(view[k]).toBeCloseTo(want[k], 6);
  // Always over the chart, always its shape.
  expect(view.x).toBeGreaterThanOrEqual(-EPS);
  expect(view.y).toBeGreaterThanOrEqual(-EPS);
  expect(view.x + view.width).toBeLessThanOrEqual(WHOLE.width + EPS);
  expect(view.y + view.height).toBeLessThanOrEqual(WHOLE.height + EPS);
  expect(view.width / view.height).toBeCloseTo(WHOLE.width / WHOLE.height, 6);
  const whole = Math.abs(view.width - WHOLE.width) < EPS;
  expect(button('Zoom out').disabled).toBe(whole);
  expect(button('Fit').disabled).toBe(whole && Math.abs(view.x) < EPS && Math.abs(view.y) < EPS);
  expect(button('Zoom in').disabled).toBe(view.width <= WHOLE.width / 8 + EPS);
}

const renderPanel = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <ChartPanel layout={LAYOUT} title="demo chart" />
    </FluentProvider>,
  );

async function drive(events: AnyEventObject[]) {
  renderPanel();
  let view = readView();
  checkScreen(view, { x: 0, y: 0, ...WHOLE });
  for (const event of events) {
    const want = expected(view, event);
    await perform(event);
    view = readView();
    checkScreen(view, want);
  }
  cleanup();
}

const PANS = [
  { type: 'PAN_STEP', x: 1, y: 0 },
  { type: 'PAN_STEP', x: 0, y: 1 },
  { type: 'PAN_STEP', x: -1, y: 0 },
  { type: 'PAN_STEP', x: 0, y: -1 },
];
const EVENTS: AnyEventObject[] = [
  { type: 'ZOOM_IN' },
  { type: 'ZOOM_OUT' },
  { type: 'FIT' },
  ...PANS,
  { type: 'PAN', dx: 100, dy: -40 },
];

// Two zoom levels keep the model's state space small; the property test below goes to the limit.
const model = buildModel(chartViewportMachine, {
  inputs: [WHOLE],
  events: (s) => EVENTS.filter((e) => e.type !== 'ZOOM_IN' || s.context.whole.width / s.context.view.width < 1.5),
  serialize: (s) => JSON.stringify(Object.values(s.context.view).map((n) => Math.round(Number(n) * 1000))),
});

afterEach(cleanup);

describe('Chart panel: every transition of chartViewport, driven through the buttons and keys', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  for (const path of drivenPaths(chartViewportMachine, model.paths)) {
    it(path.description, async () => {
      await drive(path.events);
    });
  }

  it('keeps every rule for any sequence a person could press, zooming to the limit and back', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...EVENTS, { type: 'ZOOM_IN' }, { type: 'ZOOM_IN' }), { maxLength: 25 }),
        drive,
      ),
      { numRuns: 40 },
    );
  });

  it('ignores the keys it does not use and keys pressed with Ctrl, so the browser keeps its shortcuts', async () => {
    renderPanel();
    await act(async () => {
      fireEvent.keyDown(chart(), { key: '+', ctrlKey: true });
      fireEvent.keyDown(chart(), { key: 'a' });
    });
    checkScreen(readView(), { x: 0, y: 0, ...WHOLE });
  });
});
