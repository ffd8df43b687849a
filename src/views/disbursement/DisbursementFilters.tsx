import { Button, Card, Dropdown, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowExportRegular, ArrowUploadRegular, SearchRegular } from '@fluentui/react-icons';
import type { DisbursementFilterForm, DisbursementListEvent } from '../../machines/disbursementListMachine';
import { DISBURSEMENT_METHODS, DISBURSEMENT_SEARCH_BY, DISBURSEMENT_STATUSES } from '../../services/disbursementQuery';
import type { ClientOption } from '../../services/schemas';
import { DateRangeField } from '../common/DateRangeField';

const useStyles = makeStyles({
  filters: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
});

/** The Payments List's filter layout, over the disbursement fields; Export and Upload Void Transaction beside Search. */
export function DisbursementFilters({ form, rangeError, clients, canExport, canUploadVoid, send }: {
  form: DisbursementFilterForm; rangeError: string | null; clients: ClientOption[]; canExport: boolean; canUploadVoid: boolean;
  send: (event: DisbursementListEvent) => void;
}) {
  const styles = useStyles();
  const selectedClient = clients.find((c) => c.id === form.clientId);
  return (
    <Card className={styles.filters} role="search" aria-label="Disbursement filters">
      <Field label="Search by" style={{ minWidth: 180 }}>
        <Dropdown value={form.searchBy} selectedOptions={[form.searchBy]} onOptionSelect={(_, d) => d.optionValue && send({ type: 'SET_SEARCH_BY', value: d.optionValue as typeof form.searchBy })}>
          {DISBURSEMENT_SEARCH_BY.map((b) => <Option key={b} value={b}>{b}</Option>)}
        </Dropdown>
      </Field>
      <Field label="Search" style={{ minWidth: 220 }}>
        <Input value={form.search} placeholder={`Exact ${form.searchBy}`} onChange={(_, d) => send({ type: 'SET_SEARCH', value: d.value })}
          onKeyDown={(e) => { if (e.key === 'Enter') send({ type: 'SEARCH' }); }} />
      </Field>
      <Field label="Payment method" style={{ minWidth: 200 }}>
        <Dropdown multiselect placeholder="All methods" value={form.methods.join(', ')} selectedOptions={form.methods}
          onOptionSelect={(_, d) => send({ type: 'SET_METHODS', value: d.selectedOptions })}>
          {DISBURSEMENT_METHODS.map((t) => <Option key={t} value={t}>{t}</Option>)}
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
        <Dropdown value={form.status || 'All Status'} selectedOptions={[form.status]}
          onOptionSelect={(_, d) => send({ type: 'SET_STATUS', value: (d.optionValue ?? '') as typeof form.status })}>
          <Option value="">All Status</Option>
          {DISBURSEMENT_STATUSES.map((t) => <Option key={t} value={t}>{t}</Option>)}
        </Dropdown>
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" icon={<SearchRegular />} onClick={() => send({ type: 'SEARCH' })}>Search</Button>
        <Button icon={<ArrowExportRegular />} disabled={!canExport} onClick={() => send({ type: 'OPEN_EXPORT' })}>Export</Button>
        {canUploadVoid && <Button icon={<ArrowUploadRegular />} onClick={() => send({ type: 'OPEN_VOID_UPLOAD' })}>Upload Void Transaction</Button>}
      </div>
    </Card>
  );
}
