import { Button, Card, MessageBar, MessageBarBody, Title3, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowSwapRegular, MoneyRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useSearch } from 'wouter';
import { SavedViewsMenu, type SavedViewsActor } from '../common/SavedViewsMenu';
import { paymentsBalanceMachine, WITHDRAWAL_STATUSES } from '../../machines/paymentsBalanceMachine';
import type { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import type { withdrawalRequestMachine } from '../../machines/withdrawalRequestMachine';
import { useSaid, useT } from '../../i18n/useT';
import { pageTitle } from '../../services/pages';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { DateRangeField } from '../common/DateRangeField';
import { Pager } from '../common/Pager';
import { SessionContext } from '../SessionContext';
import { BalanceCards } from './BalanceCards';
import { ClientSelect } from '../common/ClientSelect';
import { WithdrawalDecisionDialog } from './WithdrawalDecisionDialog';
import { WithdrawalHistoryTable, type RowAction } from './WithdrawalHistoryTable';
import { WithdrawalRequestDialog } from './WithdrawalRequestDialog';
import { PageSection } from '../common/PageSection';
import { SearchButton } from '../common/SearchButton';
import { ChoiceField } from '../common/ChoiceField';

const useStyles = makeStyles({
  toolbar: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalL,
    flexWrap: 'wrap',
  },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  history: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
  },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { marginTop: '26px' },
});

const ROW_ACTIONS: RowAction[] = ['COMPLETE', 'REJECT'];

/** Payments Balance (spec section 2): renders the balance page machine and its dialogs; sends events. */
export function PaymentsBalancePage({ logic = paymentsBalanceMachine }: { logic?: typeof paymentsBalanceMachine }) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  const banks = SessionContext.useSelector((s) => s.context.options?.banks ?? []);
  const user = SessionContext.useSelector((s) => s.context.user);
  // The address's query (issue 29) is read once, as the page opens; the machine keeps it in step after.
  const query = useSearch();
  const page = useActorRef(logic, { input: { clients, user, live: user != null, query } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const loading = s.matches({ figures: 'loading' });
  const client = c.clients.find((x) => x.id === c.clientId);
  const views = s.children.views as SavedViewsActor | undefined;
  const actionsOf = (row: WithdrawalRow) => ROW_ACTIONS.filter((type) => s.can({ type, row }));

  return (
    <PageSection title={said(pageTitle('balance'))}>
      {s.matches({ figures: 'noClient' }) && (
        <MessageBar intent="warning">
          <MessageBarBody>
            {t({ defaultMessage: 'No client is assigned to your account.', id: 'zdFPmU' })}
          </MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.toolbar}>
        <ClientSelect
          clients={c.clients}
          value={c.clientId}
          onChange={(clientId) => page.send({ type: 'SELECT_CLIENT', clientId })}
          allClients={{
            chosen: c.allClients,
            offered: c.offersAll,
            onChoose: () => page.send({ type: 'SELECT_ALL_CLIENTS' }),
          }}
        />
        {c.requests && (
          <div className={styles.buttons}>
            <Button
              appearance="primary"
              icon={<MoneyRegular />}
              disabled={!s.can({ type: 'OPEN_REQUEST', mode: 'withdrawal' })}
              onClick={() => page.send({ type: 'OPEN_REQUEST', mode: 'withdrawal' })}
            >
              {t({ defaultMessage: 'Request Widthdrawal', id: 'x/o4v+' })}
            </Button>
            <Button
              icon={<ArrowSwapRegular />}
              disabled={!s.can({ type: 'OPEN_REQUEST', mode: 'transfer' })}
              onClick={() => page.send({ type: 'OPEN_REQUEST', mode: 'transfer' })}
            >
              {t({ defaultMessage: 'Transfer to Disburse', id: '8Qdv4C' })}
            </Button>
          </div>
        )}
      </div>
      {c.loadError && (
        <MessageBar intent="error">
          <MessageBarBody>{said(c.loadError)}</MessageBarBody>
        </MessageBar>
      )}
      {c.allClients ? (
        // The cards and the request buttons are one client's (the machine's allClients says why).
        <MessageBar intent="info">
          <MessageBarBody>
            {t({
              defaultMessage: 'Choose a client to see its balance and to request a withdrawal or transfer.',
              id: 'QGkLmc',
            })}
          </MessageBarBody>
        </MessageBar>
      ) : (
        <BalanceCards summary={c.summary} />
      )}
      <Card className={styles.history}>
        <Title3 as="h2">{t({ defaultMessage: 'Withdrawal History', id: 'X6mbVV' })}</Title3>
        <div className={styles.filters}>
          <DateRangeField
            value={c.rangeText}
            error={c.rangeError}
            onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })}
            onEnter={() => page.send({ type: 'SEARCH' })}
          />
          <ChoiceField
            label={t({ defaultMessage: 'Status', id: 'tzMNF3' })}
            minWidth={180}
            options={WITHDRAWAL_STATUSES}
            noneText={t({ defaultMessage: 'All Status', id: 'rOCnRE' })}
            value={c.status}
            onChange={(value) => page.send({ type: 'SET_STATUS', value })}
          />
          <SearchButton
            className={styles.search}
            disabled={!s.can({ type: 'SEARCH' })}
            onClick={() => page.send({ type: 'SEARCH' })}
          />
          {views && (
            <div className={styles.search}>
              <SavedViewsMenu actor={views} />
            </div>
          )}
        </div>
        <WithdrawalHistoryTable
          rows={c.rows}
          loading={loading}
          decides={c.decidesRows}
          clientNames={c.allClients ? c.clients : null}
          journals={c.journals}
          actionsOf={actionsOf}
          onAction={(type, row) => page.send({ type, row })}
        />
        <Pager meta={c.meta} limit={c.limit} disabled={!s.can({ type: 'PAGE', page: 1 })} send={page.send} />
      </Card>
      {s.matches({ dialog: 'requesting' }) && s.children.request && (
        <WithdrawalRequestDialog
          actor={s.children.request as ActorRefFrom<typeof withdrawalRequestMachine>}
          clientName={client?.client_name ?? ''}
          banks={banks}
        />
      )}
      {s.matches({ dialog: 'deciding' }) && s.children.decision && c.target && (
        <WithdrawalDecisionDialog
          actor={s.children.decision as ActorRefFrom<typeof withdrawalDecisionMachine>}
          withdrawal={{ kind: c.target.type, amount: c.target.amount, account: c.target }}
        />
      )}
    </PageSection>
  );
}
