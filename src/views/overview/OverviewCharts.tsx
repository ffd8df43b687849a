// Why @fluentui/react-charts (issue 29): it is Fluent UI's own chart library (v9), drawn with the same
// design tokens and theme as every other control here, so the charts follow the app's colours, type and
// focus styles with no second design system to keep in step; its d3 parts are tree-shaken per chart.
// It covers both charts we draw (stacked bars, donut). This module is its own lazy chunk
// (OverviewCharts below), so the library never weighs on the first screen or the Overview's tiles.
import { DataVizPalette, DonutChart, VerticalStackedBarChart, type ChartDataPoint } from '@fluentui/react-charts';
import { countOf, shortDay, statusesOf } from '../../services/overviewFigures';
import type { ChannelFigure, DailyVolume } from '../../services/overviewRules';
import { formatRupiah, groupDigits } from '../../services/money';

const CHART_HEIGHT = 240;

/** The statuses in the colours their badges use (success, brand, warning, danger, subtle). */
const STATUS_COLOURS: Record<string, string> = {
  FINALIZED: DataVizPalette.success,
  SETTLED: DataVizPalette.color1,
  PENDING: DataVizPalette.warning,
  REQUEST_TIMEOUT: DataVizPalette.error,
  VA_EXPIRED: DataVizPalette.disabled,
};

/** Pay-ins of the last 14 business days, one bar a day stacked by status (counts; the callout adds the amount). */
export function VolumeChart({ daily }: { daily: readonly DailyVolume[] }) {
  const statuses = statusesOf(daily);
  const data = daily.map((day) => ({
    xAxisPoint: shortDay(day.day),
    chartData: statuses.map((status) => {
      const amount = day.by_status.find((s) => s.status === status)?.amount ?? 0;
      return {
        legend: status,
        data: countOf(day, status),
        color: STATUS_COLOURS[status],
        yAxisCalloutData: `${groupDigits(countOf(day, status))} · ${formatRupiah(amount)}`,
      };
    }),
  }));
  return (
    <VerticalStackedBarChart
      data={data}
      height={CHART_HEIGHT}
      chartTitle="Pay-ins of the last 14 business days by status"
      yAxisTitle="Pay-ins"
      hideLabels
      roundCorners
    />
  );
}

/** Today's finalized pay-ins per channel: each slice their count, the callout their amount. */
export function ChannelChart({ channels }: { channels: readonly ChannelFigure[] }) {
  const chartData: ChartDataPoint[] = channels.map((c) => ({
    legend: c.channel,
    data: c.count,
    yAxisCalloutData: `${groupDigits(c.count)} · ${formatRupiah(c.amount)}`,
  }));
  const total = channels.reduce((sum, c) => sum + c.count, 0);
  return (
    <DonutChart
      data={{ chartTitle: "Today's finalized pay-ins by channel", chartData }}
      innerRadius={55}
      height={CHART_HEIGHT}
      valueInsideDonut={groupDigits(total)}
      hideLabels
    />
  );
}
