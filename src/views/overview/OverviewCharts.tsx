// Why @fluentui/react-charts (issue 29): it is Fluent UI's own chart library (v9), drawn with the same
// design tokens and theme as every other control here, so the charts follow the app's colours, type and
// focus styles with no second design system to keep in step; its d3 parts are tree-shaken per chart.
// It covers both charts we draw (stacked bars, donut), each keyboard-reachable as one arrow-key group.
// This module is its own chunk, loaded lazily by OverviewChartCards, so the library never weighs on the
// first screen or on the Overview's tiles.
import {
  DataVizPalette,
  DonutChart,
  VerticalStackedBarChart,
  getColorFromToken,
  getNextColor,
  type ChartDataPoint,
} from '@fluentui/react-charts';
import { makeStyles } from '@fluentui/react-components';
import { channelIndex, channelLabel, countOf, shortDay, statusesOf } from '../../services/overviewFigures';
import type { ChannelFigure, DailyVolume } from '../../services/overviewRules';
import { formatRupiah } from '../../services/money';
import { countText } from '../../i18n/countText';
import { useSaid, useT } from '../../i18n/useT';

const CHART_HEIGHT = 240;

// The donut draws its title inside the SVG above its first line (cut off in a card); the card's own
// heading says it, and the title stays the drawing's accessible name.
const useStyles = makeStyles({ hidden: { display: 'none' } });

/**
 * The statuses in the colours their badges use (success, brand, warning, danger, subtle). The charts
 * take a colour, not a palette token, so each token is resolved here.
 */
const STATUS_COLOURS: Record<string, string> = {
  FINALIZED: getColorFromToken(DataVizPalette.success),
  SETTLED: getColorFromToken(DataVizPalette.color1),
  PENDING: getColorFromToken(DataVizPalette.warning),
  REQUEST_TIMEOUT: getColorFromToken(DataVizPalette.error),
  VA_EXPIRED: getColorFromToken(DataVizPalette.disabled),
};

/** Pay-ins of the last 14 business days, one bar a day stacked by status (counts; the callout adds the amount). */
export function VolumeChart({ daily }: { daily: readonly DailyVolume[] }) {
  const t = useT();
  const statuses = statusesOf(daily);
  const data = daily.map((day) => ({
    xAxisPoint: shortDay(day.day),
    chartData: statuses.map((status) => {
      const amount = day.by_status.find((s) => s.status === status)?.amount ?? 0;
      return {
        legend: status,
        data: countOf(day, status),
        color: STATUS_COLOURS[status] ?? getNextColor(statuses.indexOf(status)),
        yAxisCalloutData: `${countText(countOf(day, status))} · ${formatRupiah(amount)}`,
      };
    }),
  }));
  return (
    <VerticalStackedBarChart
      data={data}
      height={CHART_HEIGHT}
      chartTitle={t({ defaultMessage: 'Pay-ins of the last 14 business days by status', id: 'Os/bvu' })}
      yAxisTitle={t({ defaultMessage: 'Pay-ins', id: '/vj8sT' })}
      hideLabels
      roundCorners
    />
  );
}

/** Today's finalized pay-ins per channel: each slice their count, the callout their amount; a channel keeps its colour. */
export function ChannelChart({ channels }: { channels: readonly ChannelFigure[] }) {
  const t = useT();
  const said = useSaid();
  const chartData: ChartDataPoint[] = channels.map((c) => ({
    legend: said(channelLabel(c.channel)),
    color: getNextColor(channelIndex(c.channel)),
    data: c.count,
    yAxisCalloutData: `${countText(c.count)} · ${formatRupiah(c.amount)}`,
  }));
  const total = channels.reduce((sum, c) => sum + c.count, 0);
  const styles = useStyles();
  return (
    <DonutChart
      data={{ chartTitle: t({ defaultMessage: "Today's finalized pay-ins by channel", id: '3DMWMP' }), chartData }}
      innerRadius={55}
      height={CHART_HEIGHT}
      valueInsideDonut={countText(total)}
      styles={{ chartTitle: styles.hidden, legendContainer: '' }}
      hideLabels
    />
  );
}
