import type { CSSProperties, PointerEvent, ReactNode } from 'react';
import { tokens } from '@fluentui/react-components';
import type { ChartBox, ChartLayout, ChartLine } from '../../machines/chartLayout';
import { EDGE_FONT, INVOKE_FONT, STATE_FONT, stateTitle } from '../../machines/chartLayout';
import type { ViewRect } from '../../machines/chartViewportMachine';
import { useT } from '../../i18n/useT';

/** Room around the laid-out chart, so the outermost strokes and badges are not cut. */
export const CHART_MARGIN = 12;

function StateBox({ box, steps, minFont }: { box: ChartBox; steps?: readonly number[]; minFont: number }) {
  const t = useT();
  const { node } = box;
  const container = node.kind === 'compound' || node.kind === 'parallel';
  const visited = !container && steps != null && steps.length > 0;
  return (
    <g
      data-state={node.id}
      data-visited={visited ? steps.join(',') : undefined}
      aria-label={
        visited
          ? t(
              { defaultMessage: 'state {state}, step {steps}', id: 'XifCbF' },
              { state: node.key, steps: steps.join(', ') },
            )
          : t({ defaultMessage: 'state {state}', id: 'LxpFJt' }, { state: node.key })
      }
    >
      <rect
        data-box
        x={box.x}
        y={box.y}
        width={box.width}
        height={box.height}
        rx={8}
        fill={container ? 'none' : visited ? tokens.colorBrandBackground2 : tokens.colorNeutralBackground1}
        stroke={
          visited
            ? tokens.colorBrandStroke1
            : node.kind === 'final'
              ? tokens.colorPaletteGreenBorder2
              : tokens.colorNeutralStroke1
        }
        strokeWidth={visited ? 3 : node.kind === 'final' ? 2 : 1}
        strokeDasharray={node.kind === 'parallel' ? '6 4' : undefined}
      />
      {node.kind === 'final' && (
        <rect
          x={box.x + 3}
          y={box.y + 3}
          width={box.width - 6}
          height={box.height - 6}
          rx={6}
          fill="none"
          stroke={tokens.colorPaletteGreenBorder2}
        />
      )}
      {STATE_FONT >= minFont && (
        <text data-name x={box.x + 10} y={box.y + 20} fontWeight={600} fontSize={STATE_FONT}>
          {stateTitle(node)}
        </text>
      )}
      {INVOKE_FONT >= minFont &&
        node.invokes.map((src, i) => (
          <text
            key={src + i}
            x={box.x + 10}
            y={box.y + 36 + 16 * i}
            fontSize={INVOKE_FONT}
            fill={tokens.colorNeutralForeground3}
          >
            {t({ defaultMessage: 'invoke {service}', id: 'mdTI+C' }, { service: src })}
          </text>
        ))}
      {visited && STATE_FONT >= minFont && (
        // The step numbers in a badge on the box's top-right corner, clear of the state's name.
        <g aria-hidden="true">
          <rect
            x={box.x + box.width - 10}
            y={box.y - 10}
            width={12 + 8 * steps.join(',').length}
            height={20}
            rx={10}
            fill={tokens.colorBrandBackground}
          />
          <text
            x={box.x + box.width - 4}
            y={box.y + 4}
            fontWeight={700}
            fontSize={12}
            fill={tokens.colorNeutralForegroundOnBrand}
          >
            {steps.join(',')}
          </text>
        </g>
      )}
    </g>
  );
}

function Transition({ line, minFont }: { line: ChartLine; minFont: number }) {
  if (line.points.length < 2) return null;
  const d = line.points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');
  return (
    <g data-edge={line.edge.id}>
      <path d={d} fill="none" stroke={tokens.colorBrandStroke1} markerEnd="url(#arrow)" />
      {line.label && EDGE_FONT >= minFont && (
        <text x={line.label.x} y={line.label.y} fontSize={EDGE_FONT} fill={tokens.colorNeutralForeground2}>
          {line.edge.label}
        </text>
      )}
    </g>
  );
}

/** The whole chart's size with its margin: what the panel's Fit shows. */
export const chartExtent = (layout: ChartLayout) => ({
  width: layout.width + 2 * CHART_MARGIN,
  height: layout.height + 2 * CHART_MARGIN,
});

/**
 * The machine as SVG, drawn from a finished layout and showing `view` of it, scaled to the SVG's
 * box (the panel sizes it). `visited` (optional) highlights states by their key, each numbered with
 * the steps (1-based) at which it was reached. A label whose font is below `minFont` is not drawn
 * (it would be too small to read at the scale shown: the viewport machine says which).
 */
export function ChartSvg({
  layout,
  title,
  view,
  visited,
  className,
  minFont = 0,
  children,
  onPointerDown,
  style,
}: {
  layout: ChartLayout;
  title: string;
  view: ViewRect;
  visited?: ReadonlyMap<string, readonly number[]>;
  className?: string;
  minFont?: number;
  /** Drawn over the chart in the view's own units (the overview's mark of what is in view). */
  children?: ReactNode;
  onPointerDown?: (e: PointerEvent<SVGSVGElement>) => void;
  style?: CSSProperties;
}) {
  const outer = layout.boxes.filter((b) => b.node.kind === 'compound' || b.node.kind === 'parallel');
  const leaves = layout.boxes.filter((b) => !outer.includes(b));
  return (
    <svg
      role="img"
      aria-label={title}
      className={className}
      style={style}
      onPointerDown={onPointerDown}
      fontFamily={tokens.fontFamilyBase}
      viewBox={`${view.x} ${view.y} ${view.width} ${view.height}`}
      preserveAspectRatio="xMidYMid meet"
    >
      <defs>
        <marker
          id="arrow"
          viewBox="0 0 10 10"
          refX="10"
          refY="5"
          markerWidth="8"
          markerHeight="8"
          orient="auto-start-reverse"
        >
          <path d="M0,0 L10,5 L0,10 z" fill={tokens.colorBrandStroke1} />
        </marker>
      </defs>
      <g transform={`translate(${CHART_MARGIN},${CHART_MARGIN})`}>
        {outer.map((b) => (
          <StateBox key={b.node.id} box={b} minFont={minFont} />
        ))}
        {leaves.map((b) => (
          <StateBox
            key={b.node.id}
            box={b}
            minFont={minFont}
            steps={b.node.parent != null ? visited?.get(b.node.key) : undefined}
          />
        ))}
        {layout.lines.map((l) => (
          <Transition key={l.edge.id} line={l} minFont={minFont} />
        ))}
      </g>
      {children}
    </svg>
  );
}
