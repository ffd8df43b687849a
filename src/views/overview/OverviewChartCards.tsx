import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Spinner, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { channelLabel, countOf, shortDay, statusesOf } from '../../services/overviewFigures';
import type { ChannelFigure, DailyVolume } from '../../services/overviewRules';
import { formatRupiah, groupDigits } from '../../services/money';

// The chart library is its own chunk, fetched as the charts first show (see OverviewCharts.tsx for why
// @fluentui/react-charts). A failed download reaches the page's own boundary, which offers a reload.
const VolumeChart = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.VolumeChart })));
const ChannelChart = lazy(() => import('./OverviewCharts').then((m) => ({ default: m.ChannelChart })));

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(300px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  wide: { '@media (min-width: 1100px)': { gridColumn: 'span 2' } },
  card: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  chart: { height: '260px', minWidth: 0, overflow: 'hidden' },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalXL, textAlign: 'center' },
  // The drawing is for the eye; the same figures as a table for a screen reader (and for text-only copies).
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    padding: 0,
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
    border: 0,
  },
});

function ChartCard({
  title,
  id,
  className,
  children,
}: {
  title: string;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={mergeClasses(styles.card, className)} role="group" aria-labelledby={id}>
      <Subtitle2 as="h2" id={id}>
        {title}
      </Subtitle2>
      {children}
    </Card>
  );
}

const chartLoading = <Spinner size="small" label="Loading the chart…" />;

/** The 14-day volume chart and today's channel breakdown, each with its figures as a table beside the drawing. */
export function OverviewChartCards({
  daily,
  channels,
}: {
  daily: readonly DailyVolume[];
  channels: readonly ChannelFigure[];
}) {
  const styles = useStyles();
  const statuses = statusesOf(daily);
  return (
    <div className={styles.grid}>
      <ChartCard title="Last 14 business days" id="overview-volume" className={styles.wide}>
        <div className={styles.chart}>
          <Suspense fallback={chartLoading}>
            <VolumeChart daily={daily} />
          </Suspense>
        </div>
        <table className={styles.visuallyHidden}>
          <caption>Pay-ins of the last 14 business days by status</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {statuses.map((s) => (
                <th key={s} scope="col">
                  {s}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {daily.map((day) => (
              <tr key={day.day}>
                <th scope="row">{shortDay(day.day)}</th>
                {statuses.map((s) => (
                  <td key={s}>{groupDigits(countOf(day, s))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ChartCard>
      <ChartCard title="Today by channel" id="overview-channels">
        {channels.length === 0 ? (
          <Text className={styles.empty}>No finalized pay-ins yet today.</Text>
        ) : (
          <>
            <div className={styles.chart}>
              <Suspense fallback={chartLoading}>
                <ChannelChart channels={channels} />
              </Suspense>
            </div>
            <table className={styles.visuallyHidden}>
              <caption>Today&apos;s finalized pay-ins by channel</caption>
              <thead>
                <tr>
                  <th scope="col">Channel</th>
                  <th scope="col">Pay-ins</th>
                  <th scope="col">Amount</th>
                </tr>
              </thead>
              <tbody>
                {channels.map((c) => (
                  <tr key={c.channel}>
                    <th scope="row">{channelLabel(c.channel)}</th>
                    <td>{groupDigits(c.count)}</td>
                    <td>{formatRupiah(c.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </ChartCard>
    </div>
  );
}
