import { useEffect, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Text, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import type { ChartLayout } from '../../machines/chartLayout';
import {
  chartViewportMachine,
  needsOverview,
  smallestDrawnFont,
  type ChartViewportEvent,
} from '../../machines/chartViewportMachine';
import { CHART_MARGIN, ChartSvg, chartExtent } from './ChartSvg';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  // Nothing scrolls inside: the view is moved by the machine, so there is no scrollable region to reach.
  frame: {
    minHeight: '120px',
    overflow: 'hidden',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    touchAction: 'none',
    cursor: 'grab',
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  svg: { display: 'block', width: '100%', height: '100%' },
  stage: { position: 'relative', minWidth: 0 },
  // The overview sits in the panel's corner, over the chart: a small card a person can press to move the view.
  overview: {
    position: 'absolute',
    right: tokens.spacingHorizontalS,
    bottom: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalXS,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    cursor: 'pointer',
    opacity: 0.95,
  },
});

/** The keys the chart takes while it has the focus. */
const KEYS: Record<string, ChartViewportEvent> = {
  ArrowLeft: { type: 'PAN_STEP', x: -1, y: 0 },
  ArrowRight: { type: 'PAN_STEP', x: 1, y: 0 },
  ArrowUp: { type: 'PAN_STEP', x: 0, y: -1 },
  ArrowDown: { type: 'PAN_STEP', x: 0, y: 1 },
  '+': { type: 'ZOOM_IN' },
  '=': { type: 'ZOOM_IN' },
  '-': { type: 'ZOOM_OUT' },
  '0': { type: 'FIT' },
};

/**
 * Where the chart starts, in the whole chart's units (the SVG draws the layout inside its margin): the state entered
 * first, found from the root down through each initial child (a parallel state's first region).
 */
function anchorOf(layout: ChartLayout) {
  const root = layout.boxes.find((b) => b.node.parent == null);
  let at = root;
  for (let depth = 0; at && depth < 20; depth++) {
    const parent = at.node.id;
    const children = layout.boxes.filter((b) => b.node.parent === parent);
    const next = children.find((b) => b.node.initial) ?? children[0];
    if (!next) break;
    at = next;
  }
  const first = at ?? layout.boxes[0];
  return first ? { x: first.x + CHART_MARGIN, y: first.y + CHART_MARGIN } : { x: 0, y: 0 };
}

/** The overview's room, in pixels: a long chart gets the width, a tall one the height. */
const OVERVIEW = { width: 360, height: 140 };

/**
 * A laid-out chart in a panel as tall as the room it is given (`maxHeight`, no taller than the chart at full size).
 * Its viewport machine opens it whole where it is readable so, else at a readable scale from its initial state with
 * an overview of the whole in the corner (the part in view marked; a click there moves the view). It zooms and pans
 * by the buttons, the keys above (the panel is one Tab stop), a drag, and Fit shows the whole, leaving out the
 * labels too small to read.
 */
export function ChartPanel({
  layout,
  title,
  visited,
  maxHeight = '60vh',
}: {
  layout: ChartLayout;
  title: string;
  visited?: ReadonlyMap<string, readonly number[]>;
  maxHeight?: string;
}) {
  const styles = useStyles();
  const t = useT();
  const extent = chartExtent(layout);
  const viewport = useActorRef(chartViewportMachine, { input: { ...extent, anchor: anchorOf(layout) } });
  const snapshot = useSelector(viewport, (s) => s);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const frame = useRef<HTMLDivElement>(null);
  const hintId = `${title.replace(/\W+/g, '-')}-keys`;
  const { view, whole } = snapshot.context;

  // The panel's size on screen goes to the machine, which decides the scale from it (the view only measures).
  useEffect(() => {
    const element = frame.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      viewport.send({ type: 'RESIZE', width, height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [viewport]);

  const onKeyDown = (e: KeyboardEvent) => {
    const event = KEYS[e.key];
    if (!event || e.altKey || e.ctrlKey || e.metaKey) return;
    e.preventDefault();
    viewport.send(event);
  };
  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (!snapshot.can({ type: 'PAN', dx: 0, dy: 0 })) return;
    drag.current = { x: e.clientX, y: e.clientY };
    // The drag goes on when the pointer leaves the panel, until the button is let go.
    e.currentTarget.setPointerCapture?.(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    const box = e.currentTarget.getBoundingClientRect();
    // Screen pixels to chart units at the scale the SVG draws (it fits the view in its box).
    const scale = Math.min(box.width / view.width, box.height / view.height) || 1;
    viewport.send({ type: 'PAN', dx: (drag.current.x - e.clientX) / scale, dy: (drag.current.y - e.clientY) / scale });
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  // A press on the overview centres the view there: the point, in chart units, less the view's centre.
  const onOverviewDown = (e: PointerEvent<SVGSVGElement>) => {
    const matrix = e.currentTarget.getScreenCTM?.();
    if (!matrix) return;
    const at = new DOMPoint(e.clientX, e.clientY).matrixTransform(matrix.inverse());
    viewport.send({ type: 'PAN', dx: at.x - (view.x + view.width / 2), dy: at.y - (view.y + view.height / 2) });
  };
  const overviewScale = Math.min(OVERVIEW.width / whole.width, OVERVIEW.height / whole.height);

  return (
    <div className={styles.panel}>
      <div className={styles.bar}>
        <Toolbar aria-label={t({ defaultMessage: '{chart} view', id: 'Yml3Ze' }, { chart: title })} size="small">
          <Button
            size="small"
            icon={<ZoomInRegular />}
            disabled={!snapshot.can({ type: 'ZOOM_IN' })}
            onClick={() => viewport.send({ type: 'ZOOM_IN' })}
          >
            {t({ defaultMessage: 'Zoom in', id: 'xbi38c' })}
          </Button>
          <Button
            size="small"
            icon={<ZoomOutRegular />}
            disabled={!snapshot.can({ type: 'ZOOM_OUT' })}
            onClick={() => viewport.send({ type: 'ZOOM_OUT' })}
          >
            {t({ defaultMessage: 'Zoom out', id: '/UnJ3S' })}
          </Button>
          <Button
            size="small"
            icon={<ArrowMaximizeRegular />}
            disabled={!snapshot.can({ type: 'FIT' })}
            onClick={() => viewport.send({ type: 'FIT' })}
          >
            {t({ defaultMessage: 'Fit', id: 'N2HbmZ' })}
          </Button>
        </Toolbar>
        <Text size={200} id={hintId} className={styles.hint}>
          {t({ defaultMessage: 'On the chart: arrow keys pan, + and − zoom, 0 fits.', id: '6j0+Wj' })}
        </Text>
      </div>
      <div className={styles.stage}>
        <div
          ref={frame}
          className={styles.frame}
          tabIndex={0}
          role="group"
          aria-label={t({ defaultMessage: '{chart}: zoom and pan', id: 'DAAusD' }, { chart: title })}
          aria-describedby={hintId}
          style={{ height: `min(${maxHeight}, ${Math.ceil(extent.height)}px)` }}
          onKeyDown={onKeyDown}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
        >
          <ChartSvg
            layout={layout}
            title={title}
            view={view}
            visited={visited}
            minFont={smallestDrawnFont(snapshot.context)}
            className={styles.svg}
          />
        </div>
        {needsOverview(snapshot.context) && (
          // The whole chart, too small to read, to find one's way: a pointer aid beside the keys, so hidden from
          // assistive technology (the group above is the chart).
          <div className={styles.overview} data-chart-overview aria-hidden="true">
            <ChartSvg
              layout={layout}
              title={t({ defaultMessage: '{chart} overview', id: 'FPZYOx' }, { chart: title })}
              view={whole}
              minFont={Infinity}
              className={styles.svg}
              onPointerDown={onOverviewDown}
              style={{ width: whole.width * overviewScale, height: whole.height * overviewScale }}
            >
              <rect
                data-in-view
                x={Math.max(view.x, whole.x)}
                y={Math.max(view.y, whole.y)}
                width={Math.min(view.x + view.width, whole.width) - Math.max(view.x, whole.x)}
                height={Math.min(view.y + view.height, whole.height) - Math.max(view.y, whole.y)}
                fill={tokens.colorBrandBackground2}
                fillOpacity={0.35}
                stroke={tokens.colorBrandStroke1}
                strokeWidth={2 / overviewScale}
              />
            </ChartSvg>
          </div>
        )}
      </div>
    </div>
  );
}
