import { useCallback, useState } from 'react';
import { Button, Card, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowExportRegular, DocumentSearchRegular, SearchRegular, WalletRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { paymentsListMachine } from '../../machines/paymentsListMachine';
import { TRANSACTION_PAGE_SIZES } from '../../services/listQuery';
import { api } from '../../services/api';
import { SEARCH_BY, TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionRow } from '../../services/transactionQuery';
import { formatRupiah } from '../../services/money';
import { OneShotAction } from '../common/OneShotAction';
import { DateRangeField } from '../common/DateRangeField';
import { Pager } from '../common/Pager';
import { SessionContext } from '../SessionContext';
import { CheckTransactionsDialog } from './CheckTransactionsDialog';
import { ExportDialog } from './ExportDialog';
import { InvoiceDialog } from './InvoiceDialog';
import { ManualFinalizeDialog } from './ManualFinalizeDialog';
import { StatTiles } from './StatTiles';
import { TransactionRowActions, type RowAction } from './TransactionRowActions';
import { TransactionTable } from './TransactionTable';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  filters: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
});

/** Payments List (spec section 2): filters, the three tiles and the paged table. */
export function PaymentsListPage() {
  const styles = useStyles();
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  const role = SessionContext.useSelector((s) => s.context.user?.type ?? 'CLIENT');
  const list = useActorRef(paymentsListMachine, { input: {} });
  const [active, setActive] = useState<{ kind: RowAction | 'process' | 'check' | 'export'; row?: TransactionRow } | null>(null);
  const finished = useCallback((changed: boolean) => { setActive(null); if (changed) list.send({ type: 'REFRESH' }); }, [list]);
  const onAction = useCallback((kind: RowAction, row: TransactionRow) => setActive({ kind, row }), []);
  const s = useSelector(list, (snapshot) => snapshot);
  const { form } = s.context;
  const loading = s.matches('loading');
  const selectedClient = clients.find((c) => c.id === form.clientId);

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">Payments List</Title2>
      <Card className={styles.filters}>
        <Field label="Search by" style={{ minWidth: 160 }}>
          <Dropdown value={form.searchBy} selectedOptions={[form.searchBy]} onOptionSelect={(_, d) => d.optionValue && list.send({ type: 'SET_SEARCH_BY', value: d.optionValue as typeof form.searchBy })}>
            {SEARCH_BY.map((b) => <Option key={b} value={b}>{b}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Search" style={{ minWidth: 220 }}>
          <Input value={form.search} placeholder={`Exact ${form.searchBy}`} onChange={(_, d) => list.send({ type: 'SET_SEARCH', value: d.value })}
            onKeyDown={(e) => { if (e.key === 'Enter') list.send({ type: 'SEARCH' }); }} />
        </Field>
        <Field label="Payment method" style={{ minWidth: 220 }}>
          <Dropdown multiselect placeholder="All methods" value={form.methods.join(', ')} selectedOptions={form.methods}
            onOptionSelect={(_, d) => list.send({ type: 'SET_METHODS', value: d.selectedOptions })}>
            {TRANSACTION_TYPES.map((t) => <Option key={t} value={t}>{t}</Option>)}
          </Dropdown>
        </Field>
        <DateRangeField value={form.rangeText} error={s.context.rangeError} onChange={(value) => list.send({ type: 'SET_RANGE_TEXT', value })} onEnter={() => list.send({ type: 'SEARCH' })} />
        <Field label="Client" style={{ minWidth: 240 }}>
          <Dropdown value={selectedClient?.client_name ?? 'All Clients'} selectedOptions={[String(form.clientId ?? '')]}
            onOptionSelect={(_, d) => list.send({ type: 'SET_CLIENT', value: d.optionValue ? Number(d.optionValue) : null })}>
            <Option value="">All Clients</Option>
            {clients.map((c) => <Option key={c.id} value={String(c.id)}>{c.client_name}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Status" style={{ minWidth: 180 }}>
          <Dropdown value={form.status || 'All Status'} selectedOptions={[form.status]} onOptionSelect={(_, d) => list.send({ type: 'SET_STATUS', value: d.optionValue ?? '' })}>
            <Option value="">All Status</Option>
            {TRANSACTION_STATUSES.map((t) => <Option key={t} value={t}>{t}</Option>)}
          </Dropdown>
        </Field>
        <div className={styles.actions}>
          <Button appearance="primary" icon={<SearchRegular />} disabled={loading} onClick={() => list.send({ type: 'SEARCH' })}>Search</Button>
          <Button icon={<ArrowExportRegular />} disabled={loading || !s.context.stats?.total_transaction_count} onClick={() => setActive({ kind: 'export' })}>Export</Button>
          {role === 'SUPER ADMIN' && (
            <Button icon={<WalletRegular />} disabled={loading || s.context.applied.status !== 'FINALIZED' || !s.context.stats?.total_transaction_count}
              title="Add every FINALIZED pay-in of this search to the withdrawable balance" onClick={() => setActive({ kind: 'process' })}>
              Process Transactions
            </Button>
          )}
          {role === 'SUPER ADMIN' && <Button icon={<DocumentSearchRegular />} onClick={() => setActive({ kind: 'check' })}>Check Transactions</Button>}
        </div>
      </Card>
      {s.context.loadError && <MessageBar intent="error"><MessageBarBody>{s.context.loadError}</MessageBarBody></MessageBar>}
      <StatTiles stats={s.context.stats} />
      <TransactionTable rows={s.context.rows} loading={loading} actions={(row) => <TransactionRowActions row={row} role={role} onAction={onAction} />} />
      <Pager meta={s.context.meta} sizes={TRANSACTION_PAGE_SIZES} limit={s.context.limit} disabled={loading}
        onPage={(page) => list.send({ type: 'PAGE', page })} onSize={(limit) => list.send({ type: 'PAGE_SIZE', limit })} />
      {active?.kind === 'check' && <CheckTransactionsDialog onClose={() => setActive(null)} />}
      {active?.kind === 'export' && <ExportDialog filter={s.context.applied} total={s.context.stats?.total_transaction_count ?? 0} onClose={() => setActive(null)} />}
      {active?.kind === 'finalize' && active.row && <ManualFinalizeDialog correlationId={active.row.correlation_id} onClose={finished} />}
      {active?.kind === 'invoice' && active.row && <InvoiceDialog correlationId={active.row.correlation_id} onClose={() => setActive(null)} />}
      {active?.kind === 'refresh' && active.row && (
        <OneShotAction key={active.row.uuid} run={async () => (await api.refreshTransactionStatus(active.row!.correlation_id)).message} onFinished={finished} />
      )}
      {active?.kind === 'resend' && active.row && (
        <OneShotAction key={active.row.uuid} run={async () => (await api.resendCallback([active.row!.correlation_id])).message} onFinished={finished} />
      )}
      {active?.kind === 'withdrawable' && active.row && (
        <OneShotAction key={active.row.uuid} confirmLabel="Add"
          question={`Add ${formatRupiah(active.row.amount - active.row.fee_amount)} of ${active.row.correlation_id} to the withdrawable balance? This cannot be undone.`}
          run={async () => (await api.addToWithdrawable(active.row!.correlation_id)).message} onFinished={finished} />
      )}
      {active?.kind === 'process' && (
        <OneShotAction confirmLabel="Process" question="Add every FINALIZED pay-in of this search that is not yet withdrawable to the withdrawable balance? This cannot be undone."
          run={async () => (await api.processTransactions(s.context.applied)).message} onFinished={finished} />
      )}
    </section>
  );
}
