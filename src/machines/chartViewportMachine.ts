import { assign, setup } from 'xstate';
import type { GuardWords } from './guardWords';

/** A rectangle in the chart's own units. */
export interface ViewRect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface ChartViewportContext {
  /** The whole chart, margin included: what Fit shows. */
  readonly whole: ViewRect;
  /** What the panel shows now (the SVG's viewBox). */
  view: ViewRect;
}

/** Each Zoom in shows this much less; Zoom out undoes one. */
export const ZOOM_STEP = 1.25;
/** Closer than 8 times the fitted size is no longer reading a chart. */
export const MAX_ZOOM = 8;
/** An arrow key moves the view by this share of what is shown. */
export const PAN_SHARE = 0.2;

export type ChartViewportEvent =
  | { type: 'ZOOM_IN' }
  | { type: 'ZOOM_OUT' }
  | { type: 'FIT' }
  /** By chart units (a drag), or by PAN_SHARE steps of the view (an arrow key: -1, 0 or 1 each way). */
  | { type: 'PAN'; dx: number; dy: number }
  | { type: 'PAN_STEP'; x: -1 | 0 | 1; y: -1 | 0 | 1 };

/** How many times closer than Fit the view is. */
export const zoomOf = (c: ChartViewportContext) => c.whole.width / c.view.width;

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

/** The view scaled by `factor` about its centre (factor < 1 zooms in), never wider than the whole chart. */
function scaled(c: ChartViewportContext, factor: number): ViewRect {
  const wanted = Math.max(c.whole.width / MAX_ZOOM, c.view.width * factor);
  // Zooming out as many times as in lands on Fit exactly, not a rounding error short of it.
  const width = wanted > c.whole.width * 0.999 ? c.whole.width : wanted;
  const height = width * (c.whole.height / c.whole.width);
  const cx = c.view.x + c.view.width / 2;
  const cy = c.view.y + c.view.height / 2;
  return clamp(c.whole, { x: cx - width / 2, y: cy - height / 2, width, height });
}

const isFitted = (c: ChartViewportContext) =>
  c.view.width === c.whole.width && c.view.x === c.whole.x && c.view.y === c.whole.y;

/**
 * What a chart's panel shows: the whole chart at first (so every state, and a highlighted path,
 * is in view), then zoomed and panned by buttons, keys and drags. One state; the guards say what
 * can be done from here, so the view enables its buttons with `snapshot.can`.
 */
export const chartViewportMachine = setup({
  types: {
    context: {} as ChartViewportContext,
    input: {} as { width: number; height: number },
    events: {} as ChartViewportEvent,
  },
  guards: {
    canZoomIn: ({ context }) => zoomOf(context) < MAX_ZOOM,
    canZoomOut: ({ context }) => zoomOf(context) > 1,
    canPan: ({ context }) => zoomOf(context) > 1,
    notFitted: ({ context }) => !isFitted(context),
  },
}).createMachine({
  id: 'chartViewport',
  context: ({ input }) => {
    const whole = { x: 0, y: 0, width: Math.max(1, input.width), height: Math.max(1, input.height) };
    return { whole, view: whole };
  },
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        ZOOM_IN: { guard: 'canZoomIn', actions: assign({ view: ({ context }) => scaled(context, 1 / ZOOM_STEP) }) },
        ZOOM_OUT: { guard: 'canZoomOut', actions: assign({ view: ({ context }) => scaled(context, ZOOM_STEP) }) },
        FIT: { guard: 'notFitted', actions: assign({ view: ({ context }) => context.whole }) },
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
      },
    },
  },
});

export const chartViewportGuardWords: GuardWords<typeof chartViewportMachine> = {
  canZoomIn: 'The view is less than 8 times closer than the whole chart.',
  canZoomOut: 'The view is closer than the whole chart.',
  canPan: 'The view is zoomed in, so part of the chart is out of view.',
  notFitted: 'The view is not already the whole chart.',
};
