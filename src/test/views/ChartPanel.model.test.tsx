import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import fc from 'fast-check';
import type { AnyEventObject } from 'xstate';
import type { ChartLayout } from '../../machines/chartLayout';
import { chartViewportMachine } from '../../machines/chartViewportMachine';
import { ChartPanel } from '../../views/workflows/ChartPanel';
import { chartExtent } from '../../views/workflows/ChartSvg';
import { buildModel } from '../machines/modelCoverage';
import { drivePath, drivenPaths, type PageModel } from './pageModelHarness';

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
    else if (name === 'RESIZE') resizeTo(event.width, event.height);
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
    case 'RESIZE':
      return before;
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

/**
 * The panel as a model: each step shows at once; the view read after it must be where the spec moves the view read
 * before it (the world holds both).
 */
const panelModel: PageModel<{ view: View; want: View }> = {
  title: '',
  start: () => ({ view: readView(), want: { x: 0, y: 0, ...WHOLE } }),
  initial: () => 'panel',
  expectedAfter: () => 'panel',
  nextWorld: ({ view }, event) => ({ want: expected(view, event), view: readView() }),
  checkScreen: (_, { view, want }) => checkScreen(view, want),
  perform: (event) => perform(event),
  label: String,
};

async function drive(events: AnyEventObject[]) {
  await drivePath(panelModel, { events }, null, renderPanel, { ready: async () => {} });
  cleanup();
}

/**
 * jsdom lays nothing out: the panel's size is given here, as the browser's ResizeObserver reports it. The chart's own
 * size (one unit, one pixel) leaves the view as it was: the whole chart is readable whole, and a zoomed view keeps
 * its scale and centre.
 */
const observed = new Map<Element, (entries: unknown[]) => void>();
class MeasuringObserver {
  constructor(private readonly report: (entries: unknown[]) => void) {}
  observe(element: Element) {
    observed.set(element, this.report);
  }
  unobserve() {}
  disconnect() {}
}
beforeAll(() => vi.stubGlobal('ResizeObserver', MeasuringObserver));
afterAll(() => vi.unstubAllGlobals());
const resizeTo = (width: number, height: number) => observed.get(chart())?.([{ contentRect: { width, height } }]);

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
  { type: 'RESIZE', width: WHOLE.width, height: WHOLE.height },
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
  }, 90_000);

  it('ignores the keys it does not use and keys pressed with Ctrl, so the browser keeps its shortcuts', async () => {
    renderPanel();
    await act(async () => {
      fireEvent.keyDown(chart(), { key: '+', ctrlKey: true });
      fireEvent.keyDown(chart(), { key: 'a' });
    });
    checkScreen(readView(), { x: 0, y: 0, ...WHOLE });
  });
});

/**
 * Issue 45, part 9: a large chart (the Payments List machine's is about 4,000 units wide) fitted into a 1,100 × 500
 * panel drew its labels about 1 px tall. Now it opens at a readable scale at its initial state, the whole beside it
 * as an overview, and at Fit it leaves out every label too small to read.
 */
describe('Chart panel: a chart too large to read whole', () => {
  const box = (id: string, x: number, y: number, initial = false) => ({
    node: { id: `big.${id}`, key: id, parent: 'big', kind: 'atomic', initial, invokes: ['load'] },
    x,
    y,
    width: 160,
    height: 52,
  });
  const BIG = {
    width: 4_000,
    height: 1_200,
    boxes: [box('START', 20, 560, true), box('MIDDLE', 1_900, 40), box('END', 3_800, 1_100)],
    lines: [
      {
        edge: { id: 'e1', source: 'big.START', target: 'big.MIDDLE', event: 'GO', guard: null, label: 'GO' },
        points: [
          { x: 180, y: 586 },
          { x: 1_900, y: 66 },
        ],
        label: { x: 1_000, y: 300 },
      },
    ],
  } as unknown as ChartLayout;
  const PANEL = { width: 1_100, height: 500 };
  const svgOf = () => chart().querySelector('svg')!;
  const viewBox = () => svgOf().getAttribute('viewBox')!.split(' ').map(Number);
  /** Screen pixels per chart unit: the SVG fits its viewBox into the panel. */
  const scale = () => Math.min(PANEL.width / viewBox()[2], PANEL.height / viewBox()[3]);

  async function openBig() {
    render(
      <FluentProvider theme={webLightTheme}>
        <ChartPanel layout={BIG} title="demo chart" />
      </FluentProvider>,
    );
    await act(async () => resizeTo(PANEL.width, PANEL.height));
  }

  it('opens at a readable scale at its initial state, every label it draws at least 11 px, the whole in the overview', async () => {
    await openBig();
    expect(scale()).toBeGreaterThanOrEqual(1);
    const fonts = [...svgOf().querySelectorAll('text')].map((t) => Number(t.getAttribute('font-size')));
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font * scale()).toBeGreaterThanOrEqual(11);
    // The initial state (START at 20, 560 inside a 12-unit margin) is in view, near the top-left.
    const [x, y, w, h] = viewBox();
    expect(x).toBeLessThanOrEqual(32);
    expect(x + w).toBeGreaterThanOrEqual(32 + 160);
    expect(y).toBeLessThanOrEqual(572);
    expect(y + h).toBeGreaterThanOrEqual(572 + 52);
    const overview = document.querySelector('[data-chart-overview] svg')!;
    expect(overview.getAttribute('viewBox')).toBe(`0 0 ${4_024} ${1_224}`);
    expect(overview.querySelectorAll('rect[data-box]')).toHaveLength(3);
    expect(overview.querySelectorAll('text')).toHaveLength(0);
    const mark = overview.querySelector('rect[data-in-view]')!;
    expect(Number(mark.getAttribute('width'))).toBeCloseTo(w, 6);
    expect(button('Fit')).toBeEnabled();
  });

  it('at Fit shows the whole chart as boxes and arrows, no label too small to read; zooming in brings them back', async () => {
    await openBig();
    await act(async () => fireEvent.click(button('Fit')));
    expect(scale()).toBeCloseTo(PANEL.width / 4_024, 6);
    expect(svgOf().querySelectorAll('rect[data-box]')).toHaveLength(3);
    expect(svgOf().querySelectorAll('text')).toHaveLength(0);
    for (let i = 0; i < 8; i++) await act(async () => fireEvent.click(button('Zoom in')));
    expect(scale()).toBeGreaterThanOrEqual(1);
    expect(svgOf().querySelectorAll('text').length).toBeGreaterThan(0);
  });
});
