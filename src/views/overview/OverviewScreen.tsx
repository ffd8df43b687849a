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
  const s = useSelector(actor, (snapshot) => snapshot);
  const { overview, links, error } = s.context;
  const loading = s.matches('loading');
  return (
    <PageSection title={pageTitle('overview')}>
      <div className={styles.status} aria-live="polite">
        {overview && <Caption1>As of {asOfText(overview.as_of)}</Caption1>}
        {loading && overview && <Spinner size="extra-tiny" label="Updating…" />}
      </div>
      {loading && !overview && <Spinner label="Loading the overview…" />}
      {s.matches('failed') && <RetryBar message={error} onRetry={() => actor.send({ type: 'RETRY' })} />}
      {overview && (
        <>
          <div className={styles.days}>
            <DayCard title="Today" figures={overview.today} href={links.today} compareWith={overview.yesterday} />
            <DayCard title="Yesterday" figures={overview.yesterday} href={links.yesterday} />
          </div>
          <PendingTiles overview={overview} links={links} />
          <OverviewChartCards daily={overview.daily} channels={overview.today.by_channel} />
          <div className={styles.tables}>
            <Card className={styles.card} role="group" aria-labelledby="overview-balances">
              <Subtitle2 as="h2" id="overview-balances">
                Balances
              </Subtitle2>
              <BalancesTable balances={overview.balances} />
            </Card>
            {overview.settlement && (
              <Card className={styles.card} role="group" aria-labelledby="overview-settlement">
                <div className={styles.cardHead}>
                  <Subtitle2 as="h2" id="overview-settlement">
                    Settlement
                  </Subtitle2>
                  {links.settlement && (
                    <Link href={`~${links.settlement}`} asChild>
                      <FluentLink>Open Settlement</FluentLink>
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
