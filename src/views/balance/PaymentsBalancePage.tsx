import { useCallback, useState } from 'react';
import {
  Button, Card, Dropdown, Field, MessageBar, MessageBarBody, Option, Title2, Title3, makeStyles, tokens,
} from '@fluentui/react-components';
import { ArrowSwapRegular, MoneyRegular, SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { balancePageMachine, WITHDRAWAL_STATUSES } from '../../machines/balancePageMachine';
import type { WithdrawalMode } from '../../machines/withdrawalRequestMachine';
import { GENERIC_PAGE_SIZES } from '../../services/listQuery';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { ClientSelect } from '../common/ClientSelect';
import { DateRangeField } from '../common/DateRangeField';
import { Pager } from '../common/Pager';
import { SessionContext } from '../SessionContext';
import { BalanceCards } from './BalanceCards';
import { WithdrawalDecisionDialog } from './WithdrawalDecisionDialog';
import { WithdrawalHistoryTable } from './WithdrawalHistoryTable';
import { WithdrawalRequestDialog } from './WithdrawalRequestDialog';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  toolbar: { display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
  history: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  filters: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  search: { marginTop: '26px' },
});

/** Payments Balance (spec section 2): four figures per client, withdrawals and their history. */
export function PaymentsBalancePage() {
  const styles = useStyles();
  const { clients, banks, role } = SessionContext.useSelector((s) => ({
    clients: s.context.options?.clients ?? [], banks: s.context.options?.banks ?? [], role: s.context.user?.type ?? 'CLIENT',
  }), (a, b) => a.clients === b.clients && a.banks === b.banks && a.role === b.role);
  const page = useActorRef(balancePageMachine, { input: { clients } });
  const s = useSelector(page, (snapshot) => snapshot);
  const c = s.context;
  const [request, setRequest] = useState<WithdrawalMode | null>(null);
  const [decision, setDecision] = useState<{ row: WithdrawalRow; decision: 'COMPLETED' | 'REJECTED' } | null>(null);
  const closeRequest = useCallback((moved: boolean) => { setRequest(null); if (moved) page.send({ type: 'REFRESH' }); }, [page]);
  const closeDecision = useCallback((changed: boolean) => { setDecision(null); if (changed) page.send({ type: 'REFRESH' }); }, [page]);
  const loading = s.matches('loading');
  const client = clients.find((x) => x.id === c.clientId);

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">Payments Balance</Title2>
      {s.matches('noClient') && <MessageBar intent="warning"><MessageBarBody>No client is assigned to your account.</MessageBarBody></MessageBar>}
      <div className={styles.toolbar}>
        <ClientSelect clients={clients} value={c.clientId} onChange={(clientId) => page.send({ type: 'SELECT_CLIENT', clientId })} />
        <div className={styles.buttons}>
          <Button appearance="primary" icon={<MoneyRegular />} disabled={!c.summary || loading} onClick={() => setRequest('withdrawal')}>Request Widthdrawal</Button>
          <Button icon={<ArrowSwapRegular />} disabled={!c.summary || loading} onClick={() => setRequest('transfer')}>Transfer to Disburse</Button>
        </div>
      </div>
      {c.loadError && <MessageBar intent="error"><MessageBarBody>{c.loadError}</MessageBarBody></MessageBar>}
      <BalanceCards summary={c.summary} />
      <Card className={styles.history}>
        <Title3 as="h2">Withdrawal History</Title3>
        <div className={styles.filters}>
          <DateRangeField value={c.rangeText} error={c.rangeError} onChange={(value) => page.send({ type: 'SET_RANGE_TEXT', value })} onEnter={() => page.send({ type: 'SEARCH' })} />
          <Field label="Status" style={{ minWidth: 180 }}>
            <Dropdown placeholder="All Status" value={c.status} selectedOptions={c.status ? [c.status] : ['']}
              onOptionSelect={(_, d) => page.send({ type: 'SET_STATUS', value: d.optionValue ?? '' })}>
              <Option value="">All Status</Option>
              {WITHDRAWAL_STATUSES.map((status) => <Option key={status} value={status}>{status}</Option>)}
            </Dropdown>
          </Field>
          <Button className={styles.search} appearance="primary" icon={<SearchRegular />} disabled={loading} onClick={() => page.send({ type: 'SEARCH' })}>Search</Button>
        </div>
        <WithdrawalHistoryTable rows={c.rows} loading={loading} role={role} onDecide={(row, d) => setDecision({ row, decision: d })} />
        <Pager meta={c.meta} sizes={GENERIC_PAGE_SIZES} limit={c.limit} disabled={loading}
          onPage={(p) => page.send({ type: 'PAGE', page: p })} onSize={(limit) => page.send({ type: 'PAGE_SIZE', limit })} />
      </Card>
      {request && c.summary && c.clientId != null && (
        <WithdrawalRequestDialog mode={request} clientId={c.clientId} clientName={client?.client_name ?? ''} available={c.summary.withdrawable_balance} banks={banks} onClose={closeRequest} />
      )}
      {decision && <WithdrawalDecisionDialog row={decision.row} decision={decision.decision} onClose={closeDecision} />}
    </section>
  );
}
