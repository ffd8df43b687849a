import { lazy, Suspense, type ReactNode } from 'react';
import { Card, Spinner, Subtitle2, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { channelLabel, countOf, shortDay, statusesOf } from '../../services/overviewFigures';
import type { ChannelFigure, DailyVolume } from '../../services/overviewRules';
import { formatRupiah } from '../../services/money';
import { countText } from '../../i18n/countText';
import { useSaid, useT } from '../../i18n/useT';

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

/** The 14-day volume chart and today's channel breakdown, each with its figures as a table beside the drawing. */
export function OverviewChartCards({
  daily,
  channels,
}: {
  daily: readonly DailyVolume[];
  channels: readonly ChannelFigure[];
}) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const statuses = statusesOf(daily);
  const chartLoading = <Spinner size="small" label={t({ defaultMessage: 'Loading the chart…', id: '/6CFlm' })} />;
  return (
    <div className={styles.grid}>
      <ChartCard
        title={t({ defaultMessage: 'Last 14 business days', id: 'C/2iCF' })}
        id="overview-volume"
        className={styles.wide}
      >
        <div className={styles.chart}>
          <Suspense fallback={chartLoading}>
            <VolumeChart daily={daily} />
          </Suspense>
        </div>
        <table className={styles.visuallyHidden}>
          <caption>{t({ defaultMessage: 'Pay-ins of the last 14 business days by status', id: 'Os/bvu' })}</caption>
          <thead>
            <tr>
              <th scope="col">{t({ defaultMessage: 'Day', id: '7pXrnq' })}</th>
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
                  <td key={s}>{countText(countOf(day, s))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ChartCard>
      <ChartCard title={t({ defaultMessage: 'Today by channel', id: 'w5aDv+' })} id="overview-channels">
        {channels.length === 0 ? (
          <Text className={styles.empty}>{t({ defaultMessage: 'No finalized pay-ins yet today.', id: 'T1ptmz' })}</Text>
        ) : (
          <>
            <div className={styles.chart}>
              <Suspense fallback={chartLoading}>
                <ChannelChart channels={channels} />
              </Suspense>
            </div>
            <table className={styles.visuallyHidden}>
              <caption>{t({ defaultMessage: "Today's finalized pay-ins by channel", id: '3DMWMP' })}</caption>
              <thead>
                <tr>
                  <th scope="col">{t({ defaultMessage: 'Channel', id: 'KeO51o' })}</th>
                  <th scope="col">{t({ defaultMessage: 'Pay-ins', id: '/vj8sT' })}</th>
                  <th scope="col">{t({ defaultMessage: 'Amount', id: '/0TOL5' })}</th>
                </tr>
              </thead>
              <tbody>
                {channels.map((c) => (
                  <tr key={c.channel}>
                    <th scope="row">{said(channelLabel(c.channel))}</th>
                    <td>{countText(c.count)}</td>
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
