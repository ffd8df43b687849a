import type { ReactNode } from 'react';
import { Button, Card, Dropdown, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowExportRegular } from '@fluentui/react-icons';
import type { ListFilterEvent as ListFilterBarEvent, ListFilterForm } from '../../machines/listPageMachine';
import type { ClientOption } from '../../services/schemas';
import { DateRangeField } from './DateRangeField';
import { FilterDropdown } from './FilterDropdown';
import { SearchButton } from './SearchButton';
import { useT } from '../../i18n/useT';

const useStyles = makeStyles({
  filters: {
    padding: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
  },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginTop: '26px' },
});

/** The events every such bar sends its page machine; each machine narrows the values to its own lists. */
export type ListFilterEvent = ListFilterBarEvent<ListFilterForm> | { type: 'SEARCH' } | { type: 'OPEN_EXPORT' };

interface Props {
  label: string;
  form: ListFilterForm;
  rangeError: string | null;
  clients: ClientOption[];
  searchBy: readonly string[];
  /** The methods under the name their list gives them (a disbursement's is its Withdrawal Method column). */
  methodLabel: string;
  methods: readonly string[];
  statuses: readonly string[];
  send: (event: ListFilterEvent) => void;
  /** Whether the page machine takes Search and Export now. */
  canSearch: boolean;
  canExport: boolean;
  /** The list's own buttons, after Search and Export. */
  children?: ReactNode;
}

/** A list's filter bar (spec section 2): every change goes to the page machine; Search, or Enter, applies it. */
export function ListFilterCard({
  label,
  form,
  rangeError,
  clients,
  searchBy,
  methodLabel,
  methods,
  statuses,
  send,
  canSearch,
  canExport,
  children,
}: Props) {
  const styles = useStyles();
  const t = useT();
  const search = () => send({ type: 'SEARCH' });
  const allStatus = t({ defaultMessage: 'All Status', id: 'rOCnRE' });
  return (
    <Card className={styles.filters} role="search" aria-label={label}>
      <Field label={t({ defaultMessage: 'Search by', id: 'Vd/5xJ' })} style={{ minWidth: 180 }}>
        <Dropdown
          value={form.searchBy}
          selectedOptions={[form.searchBy]}
          onOptionSelect={(_, d) => d.optionValue && send({ type: 'SET_SEARCH_BY', value: d.optionValue })}
        >
          {searchBy.map((b) => (
            <Option key={b} value={b}>
              {b}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t({ defaultMessage: 'Search', id: 'xmcVZ0' })} style={{ minWidth: 220 }}>
        <Input
          value={form.search}
          placeholder={t({ defaultMessage: 'Exact {field}', id: 'kFyx/8' }, { field: form.searchBy })}
          onChange={(_, d) => send({ type: 'SET_SEARCH', value: d.value })}
          onKeyDown={(e) => {
            if (e.key === 'Enter') search();
          }}
        />
      </Field>
      <Field label={methodLabel} style={{ minWidth: 220 }}>
        <Dropdown
          multiselect
          placeholder={t({ defaultMessage: 'All methods', id: 'oaOr8Q' })}
          value={form.methods.join(', ')}
          selectedOptions={form.methods}
          onOptionSelect={(_, d) => send({ type: 'SET_METHODS', value: d.selectedOptions })}
        >
          {methods.map((t) => (
            <Option key={t} value={t}>
              {t}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <DateRangeField
        value={form.rangeText}
        error={rangeError}
        onChange={(value) => send({ type: 'SET_RANGE_TEXT', value })}
        onEnter={search}
      />
      <FilterDropdown
        label={t({ defaultMessage: 'Client', id: 'JX0502' })}
        allText={t({ defaultMessage: 'All Clients', id: '/04a1C' })}
        options={clients.map((c) => ({ id: c.id, name: c.client_name }))}
        value={form.clientId}
        onChange={(value) => send({ type: 'SET_CLIENT', value })}
        minWidth={240}
      />
      <Field label={t({ defaultMessage: 'Status', id: 'tzMNF3' })} style={{ minWidth: 180 }}>
        <Dropdown
          value={form.status || allStatus}
          selectedOptions={[form.status]}
          onOptionSelect={(_, d) => send({ type: 'SET_STATUS', value: d.optionValue ?? '' })}
        >
          <Option value="">{allStatus}</Option>
          {statuses.map((t) => (
            <Option key={t} value={t}>
              {t}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <div className={styles.actions}>
        <SearchButton disabled={!canSearch} onClick={search} />
        <Button icon={<ArrowExportRegular />} disabled={!canExport} onClick={() => send({ type: 'OPEN_EXPORT' })}>
          {t({ defaultMessage: 'Export', id: 'SVwJTM' })}
        </Button>
        {children}
      </div>
    </Card>
  );
}
