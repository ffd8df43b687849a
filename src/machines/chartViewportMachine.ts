import { assign, setup } from 'xstate';
import { EDGE_FONT, INVOKE_FONT, STATE_FONT } from './chartLayout';
import type { GuardWords } from './guardWords';
import { msg } from '../i18n/msg';

/** A rectangle in the chart's own units. */
export interface ViewRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A size in screen (CSS) pixels. */
export interface BoxSize {
  readonly width: number;
  readonly height: number;
}

export interface ChartViewportContext {
  /** The whole chart, margin included: what Fit shows. */
  readonly whole: ViewRect;
  /** Where the chart starts (its initial state's corner): the first readable view opens there. */
  readonly anchor: { readonly x: number; readonly y: number };
  /** The panel's size on screen; the chart's own size until the panel is measured (one unit, one pixel). */
  box: BoxSize;
  /** The panel has been measured (RESIZE): the first measure places the first view. */
  measured: boolean;
  /** What the panel shows now (the SVG's viewBox), always of the panel's shape. */
  view: ViewRect;
}

/** Each Zoom in shows this much less; Zoom out undoes one. */
export const ZOOM_STEP = 1.25;
/** Closer than 8 times the fitted size is no longer reading a chart (or twice the readable size, if that is closer). */
export const MAX_ZOOM = 8;
/** An arrow key moves the view by this share of what is shown. */
export const PAN_SHARE = 0.2;
/** The smallest label a person reads on screen, in pixels (issue 45): a smaller one is not drawn. */
export const MIN_LABEL_PX = 11;
/** The chart's smallest label (a transition's, an invoke's: chartLayout's EDGE_FONT and INVOKE_FONT). */
export const SMALLEST_FONT = Math.min(EDGE_FONT, INVOKE_FONT, STATE_FONT);
/** Screen pixels per chart unit at which every label is readable. */
export const READABLE_SCALE = MIN_LABEL_PX / SMALLEST_FONT;
/** Room left of the initial state in the first readable view. */
const ANCHOR_ROOM = 24;

export type ChartViewportEvent =
  | { type: 'ZOOM_IN' }
  | { type: 'ZOOM_OUT' }
  | { type: 'FIT' }
  /** By chart units (a drag, a click on the overview), or by PAN_SHARE steps of the view (an arrow key: -1, 0 or 1). */
  | { type: 'PAN'; dx: number; dy: number }
  | { type: 'PAN_STEP'; x: -1 | 0 | 1; y: -1 | 0 | 1 }
  /** The panel's size on screen, in pixels: measured when it is drawn and whenever it changes. */
  | { type: 'RESIZE'; width: number; height: number };

const EPS = 1e-6;

/** Screen pixels per chart unit of a view shown in a box (the SVG fits the view into the box). */
const scaleIn = (box: BoxSize, view: ViewRect) => Math.min(box.width / view.width, box.height / view.height);
/** Screen pixels per chart unit now. */
export const scaleOf = (c: Pick<ChartViewportContext, 'box' | 'view'>) => scaleIn(c.box, c.view);
/** The scale at which the whole chart fits the panel. */
export const fitScaleOf = (c: Pick<ChartViewportContext, 'box' | 'whole'>) => scaleIn(c.box, c.whole);
/** How many times closer than Fit the view is. */
export const zoomOf = (c: ChartViewportContext) => scaleOf(c) / fitScaleOf(c);
const maxScaleOf = (c: ChartViewportContext) => Math.max(MAX_ZOOM * fitScaleOf(c), 2 * READABLE_SCALE);

/**
 * The smallest font drawn now: a label whose font is smaller would be under MIN_LABEL_PX on screen, so it is left
 * out (the chart is then boxes and arrows, to find one's way; zoom in to read).
 */
export const smallestDrawnFont = (c: Pick<ChartViewportContext, 'box' | 'view'>) => MIN_LABEL_PX / scaleOf(c) - EPS;

/**
 * The whole chart at Fit is too small to read: the panel then shows an overview beside it, the whole chart with the
 * part in view marked.
 */
export const needsOverview = (c: Pick<ChartViewportContext, 'box' | 'whole'>) => fitScaleOf(c) < READABLE_SCALE - EPS;

/** The view moved so it stays over the chart: no panning off into empty space. */
function clamp(whole: ViewRect, view: ViewRect): ViewRect {
  const within = (at: number, size: number, start: number, extent: number) =>
    size >= extent ? start + (extent - size) / 2 : Math.min(Math.max(at, start), start + extent - size);
  return {
    ...view,
    x: within(view.x, view.width, whole.x, whole.width),
    y: within(view.y, view.height, whole.y, whole.height),
  };
}

/** The view of the panel's shape showing the chart at `scale`, centred on (cx, cy), kept over the chart. */
function viewAt(c: Pick<ChartViewportContext, 'box' | 'whole'>, scale: number, cx: number, cy: number): ViewRect {
  const width = c.box.width / scale;
  const height = c.box.height / scale;
  return clamp(c.whole, { x: cx - width / 2, y: cy - height / 2, width, height });
}

/** Fit: the whole chart, centred in the panel. */
const fitView = (c: Pick<ChartViewportContext, 'box' | 'whole'>) =>
  viewAt(c, fitScaleOf(c), c.whole.x + c.whole.width / 2, c.whole.y + c.whole.height / 2);

/**
 * The first view once the panel is measured: the whole chart where it is readable so, else the readable scale
 * opened at the initial state (the overview shows the rest).
 */
function firstView(c: ChartViewportContext): ViewRect {
  if (!needsOverview(c)) return fitView(c);
  const width = c.box.width / READABLE_SCALE;
  const height = c.box.height / READABLE_SCALE;
  // The initial state near the left, a third of the way down: what leads to it above, what follows below and right.
  return clamp(c.whole, { x: c.anchor.x - ANCHOR_ROOM, y: c.anchor.y - height / 3, width, height });
}

/** The view scaled by `factor` about its centre (factor < 1 zooms in), between Fit and the closest scale. */
function scaled(c: ChartViewportContext, factor: number): ViewRect {
  const fit = fitScaleOf(c);
  const wanted = Math.min(maxScaleOf(c), scaleOf(c) / factor);
  // Zooming out as many times as in lands on Fit exactly, not a rounding error short of it.
  if (wanted < fit * 1.001) return fitView(c);
  return viewAt(c, wanted, c.view.x + c.view.width / 2, c.view.y + c.view.height / 2);
}

const isFitted = (c: ChartViewportContext) => {
  const fit = fitView(c);
  return (
    Math.abs(c.view.width - fit.width) < EPS && Math.abs(c.view.x - fit.x) < EPS && Math.abs(c.view.y - fit.y) < EPS
  );
};
/** Part of the chart is out of view: there is somewhere to pan to. */
const isPartial = (c: ChartViewportContext) =>
  c.view.width < c.whole.width - EPS || c.view.height < c.whole.height - EPS;

/** The panel measured: the first measure places the first view; a later one keeps the scale and centre. */
function resized(c: ChartViewportContext, box: BoxSize): Partial<ChartViewportContext> {
  if (box.width < 1 || box.height < 1) return {};
  const next = { ...c, box, measured: true };
  if (!c.measured)
    return { box, measured: true, view: isFitted(c) ? firstView(next) : viewAt(next, scaleOf(c), ...centre(c.view)) };
  const scale = Math.max(fitScaleOf(next), Math.min(maxScaleOf(next), scaleOf(c)));
  return { box, view: isFitted(c) ? fitView(next) : viewAt(next, scale, ...centre(c.view)) };
}
const centre = (v: ViewRect): [number, number] => [v.x + v.width / 2, v.y + v.height / 2];

/**
 * What a chart's panel shows (issue 45): once the panel is measured, the whole chart where it is readable whole, else
 * the chart at a readable scale from its initial state, the whole beside it as an overview; then zoomed and panned
 * by buttons, keys and drags, Fit showing the whole (its labels too small to read left out). One state; the guards
 * say what can be done from here, so the view enables its buttons with `snapshot.can`.
 */
export const chartViewportMachine = setup({
  types: {
    context: {} as ChartViewportContext,
    input: {} as { width: number; height: number; anchor?: { x: number; y: number } },
    events: {} as ChartViewportEvent,
  },
  guards: {
    canZoomIn: ({ context }) => scaleOf(context) < maxScaleOf(context) - EPS,
    canZoomOut: ({ context }) => scaleOf(context) > fitScaleOf(context) * 1.001,
    canPan: ({ context }) => isPartial(context),
    notFitted: ({ context }) => !isFitted(context),
  },
}).createMachine({
  id: 'chartViewport',
  context: ({ input }) => {
    const whole = { x: 0, y: 0, width: Math.max(1, input.width), height: Math.max(1, input.height) };
    return { whole, anchor: input.anchor ?? { x: 0, y: 0 }, box: whole, measured: false, view: whole };
  },
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        ZOOM_IN: { guard: 'canZoomIn', actions: assign({ view: ({ context }) => scaled(context, 1 / ZOOM_STEP) }) },
        ZOOM_OUT: { guard: 'canZoomOut', actions: assign({ view: ({ context }) => scaled(context, ZOOM_STEP) }) },
        FIT: { guard: 'notFitted', actions: assign({ view: ({ context }) => fitView(context) }) },
        PAN: {
          guard: 'canPan',
          actions: assign({
            view: ({ context, event }) =>
              clamp(context.whole, { ...context.view, x: context.view.x + event.dx, y: context.view.y + event.dy }),
          }),
        },
        PAN_STEP: {
          guard: 'canPan',
          actions: assign({
            view: ({ context: { whole, view }, event }) =>
              clamp(whole, {
                ...view,
                x: view.x + event.x * PAN_SHARE * view.width,
                y: view.y + event.y * PAN_SHARE * view.height,
              }),
          }),
        },
        RESIZE: { actions: assign(({ context, event }) => resized(context, event)) },
      },
    },
  },
});

export const chartViewportGuardWords: GuardWords<typeof chartViewportMachine> = {
  canZoomIn: msg({
    defaultMessage: 'The view is less than 8 times closer than the whole chart (or than twice the readable size).',
    id: 'hitWoS',
  }),
  canZoomOut: msg({ defaultMessage: 'The view is closer than the whole chart.', id: 'Nj+gpe' }),
  canPan: msg({ defaultMessage: 'The view is zoomed in, so part of the chart is out of view.', id: 'YUcJeM' }),
  notFitted: msg({ defaultMessage: 'The view is not already the whole chart.', id: 'AHwomn' }),
};
