import { Button, Card, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { ledgerMachine } from '../../machines/ledgerMachine';
import { pageTitle } from '../../services/pages';
import type { ClientOption } from '../../services/schemas';
import { DateTimeField } from '../common/DateTimeField';
import { PageSection } from '../common/PageSection';
import { RetryBar } from '../common/RetryBar';
import { DailyProofCard } from './DailyProofCard';
import { JournalDialog } from './JournalDialog';
import { StatementCard } from './StatementCard';
import { TrialBalanceTable, asOfNotice } from './TrialBalanceTable';
import { BUSINESS_TIME_ZONE } from '../../services/businessClock';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  // Level with the pickers, below the field's label.
  show: { marginTop: '26px' },
  // The pickers' width: the hint wraps under them rather than pushing Show away.
  asOf: { maxWidth: '440px' },
});

/**
 * The Ledger (issue 28, 43): the trial balance, an account's statement, a reference's journal and a
 * client's daily proof. Renders the ledger machine, sends its events; nothing here moves money.
 */
export function LedgerScreen({
  actor,
  clients,
}: {
  actor: ActorRefFrom<typeof ledgerMachine>;
  clients: ClientOption[];
}) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const c = s.context;
  const show = () => actor.send({ type: 'SHOW_BALANCE' });
  const notice = c.balance && asOfNotice(c.balance, t);
  // What 'As of' means: the ledger is kept by posting time, so a moment counts only what was posted by then.
  const asOfHint = t(
    {
      defaultMessage:
        'Empty for now. The ledger is kept by posting time: as of a moment, only the entries posted by then count ({format}, {zone}).',
      id: '2uKNWv',
    },
    { format: 'YYYY-MM-DD HH:mm', zone: BUSINESS_TIME_ZONE },
  );
  return (
    <PageSection title={said(pageTitle('ledger'))}>
      <Card className={styles.panel} role="region" aria-labelledby="trial-balance-title">
        <Subtitle2 as="h2" id="trial-balance-title">
          {t({ defaultMessage: 'Trial balance', id: 'EXhKBi' })}
        </Subtitle2>
        <div className={styles.filters}>
          <div className={styles.asOf}>
            <DateTimeField
              label={t({ defaultMessage: 'As of', id: 'B8Zi2z' })}
              value={c.atText}
              hint={asOfHint}
              validationMessage={c.atError ? said(c.atError) : undefined}
              onChange={(value) => actor.send({ type: 'SET_AT', value })}
            />
          </div>
          <Button
            className={styles.show}
            appearance="primary"
            disabled={!s.can({ type: 'SHOW_BALANCE' })}
            onClick={show}
          >
            {t({ defaultMessage: 'Show', id: 'K7AkdL' })}
          </Button>
        </div>
        {s.matches({ balance: 'failed' }) && (
          <RetryBar
            message={c.balanceError && said(c.balanceError)}
            onRetry={() => actor.send({ type: 'RETRY_BALANCE' })}
          />
        )}
        {notice && (
          <MessageBar intent="info">
            <MessageBarBody>{notice}</MessageBarBody>
          </MessageBar>
        )}
        <TrialBalanceTable
          balance={c.balance}
          loading={s.matches({ balance: 'loading' })}
          onOpen={(id) => actor.send({ type: 'OPEN_ACCOUNT', id })}
        />
      </Card>
      {!s.matches({ statement: 'closed' }) && <StatementCard actor={actor} />}
      <DailyProofCard actor={actor} clients={clients} />
      {!s.matches({ journal: 'closed' }) && (
        <JournalDialog
          reference={c.reference}
          journal={c.journal}
          loading={s.matches({ journal: 'loading' })}
          error={s.matches({ journal: 'failed' }) && c.journalError ? said(c.journalError) : null}
          onClose={() => actor.send({ type: 'CLOSE_JOURNAL' })}
          onRetry={() => actor.send({ type: 'RETRY_JOURNAL' })}
        />
      )}
    </PageSection>
  );
}
