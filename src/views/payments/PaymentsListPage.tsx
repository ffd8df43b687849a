import { Button, Card, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { paymentsListMachine } from '../../machines/paymentsListMachine';
import { TRANSACTION_PAGE_SIZES } from '../../services/listQuery';
import { SEARCH_BY, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../services/transactionQuery';
import { DateRangeField } from '../common/DateRangeField';
import { Pager } from '../common/Pager';
import { SessionContext } from '../SessionContext';
import { StatTiles } from './StatTiles';
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
  const list = useActorRef(paymentsListMachine, { input: {} });
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
        </div>
      </Card>
      {s.context.loadError && <MessageBar intent="error"><MessageBarBody>{s.context.loadError}</MessageBarBody></MessageBar>}
      <StatTiles stats={s.context.stats} />
      <TransactionTable rows={s.context.rows} loading={loading} />
      <Pager meta={s.context.meta} sizes={TRANSACTION_PAGE_SIZES} limit={s.context.limit} disabled={loading}
        onPage={(page) => list.send({ type: 'PAGE', page })} onSize={(limit) => list.send({ type: 'PAGE_SIZE', limit })} />
    </section>
  );
}
