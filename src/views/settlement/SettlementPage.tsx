import {
  Button,
  Card,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { MoneyRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { settleConfirmMachine } from '../../machines/settleConfirmMachine';
import { settlementMachine } from '../../machines/settlementMachine';
import { useSaid, useT } from '../../i18n/useT';
import { formatRupiah } from '../../services/money';
import { pageTitle } from '../../services/pages';
import { NOTHING_TO_SETTLE, SETTLEMENT_TYPE_LABELS, SETTLEMENT_TYPES } from '../../services/settlementRules';
import { DateRangeField } from '../common/DateRangeField';
import { SessionContext } from '../SessionContext';
import { RecentSettlements } from './RecentSettlements';
import { SettleDialog } from './SettleDialog';
import { SettlementProgress } from './SettlementProgress';
import { SettlementTable } from './SettlementTable';
import { RetryBar } from '../common/RetryBar';
import { PageSection } from '../common/PageSection';
import { SearchButton } from '../common/SearchButton';
import { ChoiceField } from '../common/ChoiceField';

const useStyles = makeStyles({
  panel: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { marginTop: '26px' },
  actions: { display: 'flex', justifyContent: 'flex-end' },
});

/** Settlement (spec section 2; SUPER ADMIN, and an AUDITOR to read, by the route guard). Renders the settlement machine; sends events. */
export function SettlementPage({ logic = settlementMachine }: { logic?: typeof settlementMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const user = SessionContext.useSelector((s) => s.context.user);
  const page = useActorRef(logic, { input: { live: user != null, user } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const search = () => page.send({ type: 'SEARCH' });
  const rowsLoading = s.matches({ flow: 'loadingRows' }) || s.matches({ flow: { done: 'loading' } });
  const searched = s.matches({ flow: 'empty' }) || s.matches({ flow: { done: 'showing' } });
  const note = searched
    ? said(NOTHING_TO_SETTLE)
    : s.matches({ flow: 'choosingType' }) || s.matches({ flow: 'choosingRange' })
      ? t({ defaultMessage: 'Choose a settlement type and a date range, then press Search.', id: 'YA0We1' })
      : null;
  const press = s.matches({ flow: 'pressing' }) ? s.children.settlePress : undefined;

  return (
    <PageSection title={said(pageTitle('settlement'))}>
      <Card className={styles.panel}>
        <div className={styles.filters}>
          <ChoiceField
            label={t({ defaultMessage: 'Settlement Type', id: 'kkya5y' })}
            minWidth={260}
            options={SETTLEMENT_TYPES}
            labelOf={(type) => said(SETTLEMENT_TYPE_LABELS[type])}
            placeholder={t({ defaultMessage: 'Choose a settlement type', id: 'k0jE12' })}
            value={c.type}
            disabled={!s.can({ type: 'SELECT_TYPE', settlementType: c.type ?? SETTLEMENT_TYPES[0] })}
            onChange={(type) => type && page.send({ type: 'SELECT_TYPE', settlementType: type })}
          />
          <DateRangeField
            value={c.filter.text}
            error={c.filter.error}
            disabled={!s.can({ type: 'SET_RANGE_TEXT', value: c.filter.text })}
            onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={search}
          />
          <SearchButton className={styles.search} disabled={!s.can({ type: 'SEARCH' })} onClick={search} />
        </div>
        {s.matches({ flow: 'loadFailed' }) && (
          <RetryBar message={c.loadError && said(c.loadError)} onRetry={() => page.send({ type: 'RETRY' })} />
        )}
        <SettlementTable rows={c.rows} loading={rowsLoading} note={note} />
        {c.settles && (
          <div className={styles.actions}>
            <Button
              appearance="primary"
              icon={<MoneyRegular />}
              disabled={!s.can({ type: 'SETTLE' })}
              onClick={() => page.send({ type: 'SETTLE' })}
            >
              {t({ defaultMessage: 'Settle All Transactions', id: 'x0iDMu' })}
            </Button>
          </div>
        )}
        {s.matches({ flow: 'settling' }) && c.run && <SettlementProgress run={c.run} joined={c.joined} />}
        {s.matches({ flow: 'done' }) && c.run && (
          <MessageBar intent="success">
            <MessageBarBody>
              {t(
                {
                  defaultMessage:
                    '{count, plural, one {# transaction settled} other {# transactions settled}}, {amount} moved to withdrawable',
                  id: 'lfDmDr',
                },
                { count: c.run.settled_transaction, amount: formatRupiah(c.run.moved_amount) },
              )}
            </MessageBarBody>
          </MessageBar>
        )}
        {s.matches({ flow: { done: 'showing' } }) && c.loadError && (
          <MessageBar intent="warning">
            <MessageBarBody>{said(c.loadError)}</MessageBarBody>
          </MessageBar>
        )}
        {s.matches({ flow: 'failed' }) && (
          <MessageBar intent="error">
            <MessageBarBody>{c.failure && said(c.failure)}</MessageBarBody>
            {c.settles && (
              <MessageBarActions>
                <Button disabled={!s.can({ type: 'RETRY' })} onClick={() => page.send({ type: 'RETRY' })}>
                  {t({ defaultMessage: 'Retry', id: '62nsdy' })}
                </Button>
              </MessageBarActions>
            )}
          </MessageBar>
        )}
      </Card>
      <RecentSettlements
        runs={c.runs}
        loading={s.matches({ recent: 'loading' })}
        error={s.matches({ recent: 'loadFailed' }) && c.runsError ? said(c.runsError) : null}
        onReload={() => page.send({ type: 'RELOAD_RUNS' })}
        canDownload={(runId) => s.can({ type: 'DOWNLOAD_REPORT', runId })}
        downloadingId={s.matches({ report: 'downloading' }) ? c.reportRunId : null}
        reportError={s.matches({ report: 'failed' }) && c.reportError ? said(c.reportError) : null}
        onDownload={(runId) => page.send({ type: 'DOWNLOAD_REPORT', runId })}
      />
      {press && c.shown && (
        <SettleDialog actor={press as ActorRefFrom<typeof settleConfirmMachine>} window={c.shown} rows={c.rows} />
      )}
    </PageSection>
  );
}
