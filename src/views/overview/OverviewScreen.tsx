import { Caption1, Card, Link as FluentLink, Spinner, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { Link } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { overviewMachine } from '../../machines/overviewMachine';
import { asOfText } from '../../services/overviewFigures';
import { pageTitle } from '../../services/pages';
import { PageSection } from '../common/PageSection';
import { RetryBar } from '../common/RetryBar';
import { BalancesTable } from './BalancesTable';
import { DayCard } from './DayCard';
import { OverviewChartCards } from './OverviewChartCards';
import { PendingTiles } from './PendingTiles';
import { SettlementStatus } from './SettlementStatus';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '24px' },
  days: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  tables: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(340px, 1fr))',
    gap: tokens.spacingHorizontalL,
    alignItems: 'start',
  },
  card: { padding: tokens.spacingHorizontalM, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  cardHead: {
    display: 'flex',
    alignItems: 'baseline',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
  },
});

/**
 * The Overview (issue 29): renders the overview machine. The figures stay on screen while they are
 * read again (live changes, Retry), under the time they are of; a failure says so above them.
 */
export function OverviewScreen({ actor }: { actor: ActorRefFrom<typeof overviewMachine> }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { overview, links, error } = s.context;
  const loading = s.matches('loading');
  return (
    <PageSection title={said(pageTitle('overview'))}>
      <div className={styles.status} aria-live="polite">
        {overview && (
          <Caption1>{t({ defaultMessage: 'As of {time}', id: '3e3bSm' }, { time: asOfText(overview.as_of) })}</Caption1>
        )}
        {loading && overview && <Spinner size="extra-tiny" label={t({ defaultMessage: 'Updating…', id: 'K0sz9Z' })} />}
      </div>
      {loading && !overview && <Spinner label={t({ defaultMessage: 'Loading the overview…', id: 'mUUSfv' })} />}
      {s.matches('failed') && <RetryBar message={error && said(error)} onRetry={() => actor.send({ type: 'RETRY' })} />}
      {overview && (
        <>
          <div className={styles.days}>
            <DayCard day="today" figures={overview.today} href={links.today} compareWith={overview.yesterday} />
            <DayCard day="yesterday" figures={overview.yesterday} href={links.yesterday} />
          </div>
          <PendingTiles overview={overview} links={links} />
          <OverviewChartCards daily={overview.daily} channels={overview.today.by_channel} />
          <div className={styles.tables}>
            <Card className={styles.card} role="group" aria-labelledby="overview-balances">
              <Subtitle2 as="h2" id="overview-balances">
                {t({ defaultMessage: 'Balances', id: 'FVYhKc' })}
              </Subtitle2>
              <BalancesTable balances={overview.balances} />
            </Card>
            {overview.settlement && (
              <Card className={styles.card} role="group" aria-labelledby="overview-settlement">
                <div className={styles.cardHead}>
                  <Subtitle2 as="h2" id="overview-settlement">
                    {t({ defaultMessage: 'Settlement', id: 'XY4MjK' })}
                  </Subtitle2>
                  {links.settlement && (
                    <Link href={`~${links.settlement}`} asChild>
                      <FluentLink>{t({ defaultMessage: 'Open Settlement', id: 'q/0CaB' })}</FluentLink>
                    </Link>
                  )}
                </div>
                <SettlementStatus settlement={overview.settlement} />
              </Card>
            )}
          </div>
        </>
      )}
    </PageSection>
  );
}
