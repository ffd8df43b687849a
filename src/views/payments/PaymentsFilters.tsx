import { Button, Card, Dropdown, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowExportRegular, DocumentSearchRegular, SearchRegular, WalletRegular } from '@fluentui/react-icons';
import type { PaymentsFilterForm, PaymentsListEvent } from '../../machines/paymentsListMachine';
import type { ClientOption } from '../../services/schemas';
import { SEARCH_BY, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../services/transactionQuery';
import { DateRangeField } from '../common/DateRangeField';

const useStyles = makeStyles({
  filters: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
});

/** Which of the bar's buttons the page machine takes now, and which it offers this user at all. */
export interface FilterButtons { search: boolean; export: boolean; process: boolean | null; check: boolean | null }

/** The Payments List's filter bar: every change goes to the page machine; Search applies it. */
export function PaymentsFilters({ form, rangeError, clients, buttons, send }: {
  form: PaymentsFilterForm; rangeError: string | null; clients: ClientOption[]; buttons: FilterButtons; send: (event: PaymentsListEvent) => void;
}) {
  const styles = useStyles();
  const selectedClient = clients.find((c) => c.id === form.clientId);
  return (
    <Card className={styles.filters}>
      <Field label="Search by" style={{ minWidth: 160 }}>
        <Dropdown value={form.searchBy} selectedOptions={[form.searchBy]} onOptionSelect={(_, d) => d.optionValue && send({ type: 'SET_SEARCH_BY', value: d.optionValue as typeof form.searchBy })}>
          {SEARCH_BY.map((b) => <Option key={b} value={b}>{b}</Option>)}
        </Dropdown>
      </Field>
      <Field label="Search" style={{ minWidth: 220 }}>
        <Input value={form.search} placeholder={`Exact ${form.searchBy}`} onChange={(_, d) => send({ type: 'SET_SEARCH', value: d.value })}
          onKeyDown={(e) => { if (e.key === 'Enter') send({ type: 'SEARCH' }); }} />
      </Field>
      <Field label="Payment method" style={{ minWidth: 220 }}>
        <Dropdown multiselect placeholder="All methods" value={form.methods.join(', ')} selectedOptions={form.methods}
          onOptionSelect={(_, d) => send({ type: 'SET_METHODS', value: d.selectedOptions })}>
          {TRANSACTION_TYPES.map((t) => <Option key={t} value={t}>{t}</Option>)}
        </Dropdown>
      </Field>
      <DateRangeField value={form.rangeText} error={rangeError} onChange={(value) => send({ type: 'SET_RANGE_TEXT', value })} onEnter={() => send({ type: 'SEARCH' })} />
      <Field label="Client" style={{ minWidth: 240 }}>
        <Dropdown value={selectedClient?.client_name ?? 'All Clients'} selectedOptions={[String(form.clientId ?? '')]}
          onOptionSelect={(_, d) => send({ type: 'SET_CLIENT', value: d.optionValue ? Number(d.optionValue) : null })}>
          <Option value="">All Clients</Option>
          {clients.map((c) => <Option key={c.id} value={String(c.id)}>{c.client_name}</Option>)}
        </Dropdown>
      </Field>
      <Field label="Status" style={{ minWidth: 180 }}>
        <Dropdown value={form.status || 'All Status'} selectedOptions={[form.status]} onOptionSelect={(_, d) => send({ type: 'SET_STATUS', value: d.optionValue ?? '' })}>
          <Option value="">All Status</Option>
          {TRANSACTION_STATUSES.map((t) => <Option key={t} value={t}>{t}</Option>)}
        </Dropdown>
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<SearchRegular />} disabled={!buttons.search} onClick={() => send({ type: 'SEARCH' })}>Search</Button>
        <Button icon={<ArrowExportRegular />} disabled={!buttons.export} onClick={() => send({ type: 'OPEN_EXPORT' })}>Export</Button>
        {buttons.process != null && (
          <Button icon={<WalletRegular />} disabled={!buttons.process} title="Add every FINALIZED pay-in of this search to the withdrawable balance"
            onClick={() => send({ type: 'OPEN_PROCESS' })}>
            Process Transactions
          </Button>
        )}
        {buttons.check != null && <Button icon={<DocumentSearchRegular />} disabled={!buttons.check} onClick={() => send({ type: 'OPEN_CHECK' })}>Check Transactions</Button>}
      </div>
    </Card>
  );
}
