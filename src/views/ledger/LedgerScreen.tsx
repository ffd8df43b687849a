import { Button, Card, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ledgerMachine } from '../../machines/ledgerMachine';
import { pageTitle } from '../../services/pages';
import { DateTimeField } from '../common/DateTimeField';
import { PageSection } from '../common/PageSection';
import { RetryBar } from '../common/RetryBar';
import { JournalDialog } from './JournalDialog';
import { StatementCard } from './StatementCard';
import { TrialBalanceTable } from './TrialBalanceTable';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
});

/** The Ledger (issue 28): renders the ledger machine, sends its events; nothing here moves money. */
export function LedgerScreen({ actor }: { actor: ActorRefFrom<typeof ledgerMachine> }) {
  const styles = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const show = () => actor.send({ type: 'SHOW_BALANCE' });
  return (
    <PageSection title={pageTitle('ledger')}>
      <Card className={styles.panel}>
        <div className={styles.filters}>
          <DateTimeField
            label="As of"
            value={c.atText}
            hint="Empty for now"
            validationMessage={c.atError ?? undefined}
            onChange={(value) => actor.send({ type: 'SET_AT', value })}
          />
          <Button appearance="primary" disabled={!s.can({ type: 'SHOW_BALANCE' })} onClick={show}>
            Show
          </Button>
        </div>
        {s.matches({ balance: 'failed' }) && (
          <RetryBar message={c.balanceError} onRetry={() => actor.send({ type: 'RETRY_BALANCE' })} />
        )}
        <TrialBalanceTable
          balance={c.balance}
          loading={s.matches({ balance: 'loading' })}
          onOpen={(id) => actor.send({ type: 'OPEN_ACCOUNT', id })}
        />
      </Card>
      {!s.matches({ statement: 'closed' }) && <StatementCard actor={actor} />}
      {!s.matches({ journal: 'closed' }) && (
        <JournalDialog
          reference={c.reference}
          journal={c.journal}
          loading={s.matches({ journal: 'loading' })}
          error={s.matches({ journal: 'failed' }) ? c.journalError : null}
          onClose={() => actor.send({ type: 'CLOSE_JOURNAL' })}
          onRetry={() => actor.send({ type: 'RETRY_JOURNAL' })}
        />
      )}
    </PageSection>
  );
}
