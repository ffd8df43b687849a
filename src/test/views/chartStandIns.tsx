import type { DonutChartProps, VerticalStackedBarChartProps } from '@fluentui/react-charts';

/**
 * @fluentui/react-charts measures SVG text (getComputedTextLength), which jsdom does not lay out. A
 * view test stands in for its two drawings only (a third party's, not our logic), each saying in
 * text what it was given, so our mapping of the figures is still checked:
 *
 *   vi.mock('@fluentui/react-charts', async (original) => ({ ...(await original()), ...(await import('./chartStandIns')) }));
 */
export function VerticalStackedBarChart({ data, chartTitle }: VerticalStackedBarChartProps) {
  const bars = data.map(
    (d) => `${String(d.xAxisPoint)}: ${d.chartData.map((p) => `${p.legend} ${p.yAxisCalloutData}`).join(', ')}`,
  );
  return <div data-chart={chartTitle}>{bars.join('; ')}</div>;
}

export function DonutChart({ data, valueInsideDonut }: DonutChartProps) {
  const slices = (data?.chartData ?? []).map((p) => `${p.legend} ${p.yAxisCalloutData}`);
  return (
    <div data-chart={data?.chartTitle}>
      {valueInsideDonut}: {slices.join(', ')}
    </div>
  );
}
