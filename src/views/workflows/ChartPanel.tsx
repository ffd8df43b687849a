import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Text, Toolbar, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowMaximizeRegular, ZoomInRegular, ZoomOutRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import type { ChartLayout } from '../../machines/chartLayout';
import { chartViewportMachine, type ChartViewportEvent } from '../../machines/chartViewportMachine';
import { ChartSvg, chartExtent } from './ChartSvg';

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  bar: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  hint: { color: tokens.colorNeutralForeground3 },
  // Nothing scrolls inside: the view is moved by the machine, so there is no scrollable region to reach.
  frame: {
    overflow: 'hidden',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    touchAction: 'none',
    cursor: 'grab',
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
  svg: { display: 'block', width: '100%', height: '100%' },
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
 * A laid-out chart in a panel that first shows it whole (every state, and any highlighted path, in
 * view), then zooms and pans by the buttons, the keys above (the panel is one Tab stop) or a drag.
 * The panel has the chart's shape, as wide as the page and no taller than the chart at full size or
 * `maxHeight`: a chart wider than the page is scaled down to fit, a small one is not blown up.
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
  const extent = chartExtent(layout);
  const viewport = useActorRef(chartViewportMachine, { input: extent });
  const snapshot = useSelector(viewport, (s) => s);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const hintId = `${title.replace(/\W+/g, '-')}-keys`;

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
    const { view } = snapshot.context;
    const box = e.currentTarget.getBoundingClientRect();
    // Screen pixels to chart units at the scale the SVG draws (it fits the view in its box).
    const scale = Math.min(box.width / view.width, box.height / view.height) || 1;
    viewport.send({ type: 'PAN', dx: (drag.current.x - e.clientX) / scale, dy: (drag.current.y - e.clientY) / scale });
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    <div className={styles.panel}>
      <div className={styles.bar}>
        <Toolbar aria-label={`${title} view`} size="small">
          <Button
            size="small"
            icon={<ZoomInRegular />}
            disabled={!snapshot.can({ type: 'ZOOM_IN' })}
            onClick={() => viewport.send({ type: 'ZOOM_IN' })}
          >
            Zoom in
          </Button>
          <Button
            size="small"
            icon={<ZoomOutRegular />}
            disabled={!snapshot.can({ type: 'ZOOM_OUT' })}
            onClick={() => viewport.send({ type: 'ZOOM_OUT' })}
          >
            Zoom out
          </Button>
          <Button
            size="small"
            icon={<ArrowMaximizeRegular />}
            disabled={!snapshot.can({ type: 'FIT' })}
            onClick={() => viewport.send({ type: 'FIT' })}
          >
            Fit
          </Button>
        </Toolbar>
        <Text size={200} id={hintId} className={styles.hint}>
          On the chart: arrow keys pan, + and − zoom, 0 fits.
        </Text>
      </div>
      <div
        className={styles.frame}
        tabIndex={0}
        role="group"
        aria-label={`${title}: zoom and pan`}
        aria-describedby={hintId}
        style={{
          aspectRatio: `${extent.width} / ${extent.height}`,
          maxHeight: `min(${maxHeight}, ${Math.ceil(extent.height)}px)`,
          minHeight: 160,
        }}
        onKeyDown={onKeyDown}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
      >
        <ChartSvg layout={layout} title={title} view={snapshot.context.view} visited={visited} className={styles.svg} />
      </div>
    </div>
  );
}
