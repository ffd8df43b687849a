import type { ReactNode } from 'react';
import { Button, Card, MessageBar, MessageBarBody } from '@fluentui/react-components';
import { AddRegular, EditRegular } from '@fluentui/react-icons';
import type { ManagementFilter, ManagementPageEvent } from '../../machines/managementPageMachine';
import { Pager } from '../common/Pager';
import { SearchField, UserTypeFilter, useListPageStyles } from './ListFilters';
import { PageSection } from '../common/PageSection';
import { SearchButton } from '../common/SearchButton';
import type { PageMeta } from '../../services/paging';
import { useSaid, useT } from '../../i18n/useT';

/** What one management page machine's snapshot gives the shared layout. */
export interface ManagementListState {
  filter: ManagementFilter;
  loading: boolean;
  loadError: string | null;
  meta: PageMeta | null;
  limit: number;
  canSetType: boolean;
  canNew: boolean;
}

/**
 * User Management and Role Management are one layout (spec section 2): search and type in the filter
 * bar, then the page's own filters, Search and New; the table card with its pager; the dialogs last.
 */
export function ManagementListScreen({
  title,
  search,
  state,
  send,
  filters,
  newLabel,
  table,
  children,
}: {
  title: string;
  search: { label: string; hint: string };
  state: ManagementListState;
  send: (event: ManagementPageEvent<never>) => void;
  filters?: ReactNode;
  newLabel: string;
  table: ReactNode;
  children?: ReactNode;
}) {
  const styles = useListPageStyles();
  const said = useSaid();
  const { filter } = state;
  return (
    <PageSection title={title}>
      <Card className={styles.filters}>
        <SearchField
          label={search.label}
          hint={search.hint}
          value={filter.search}
          onChange={(value) => send({ type: 'SET_SEARCH', value })}
          onSearch={() => send({ type: 'SEARCH' })}
        />
        {state.canSetType && (
          <UserTypeFilter value={filter.type} onChange={(value) => send({ type: 'SET_TYPE', value })} />
        )}
        {filters}
        <SearchButton appearance="secondary" onClick={() => send({ type: 'SEARCH' })} />
        <Button
          appearance="primary"
          icon={<AddRegular />}
          disabledFocusable={!state.canNew}
          onClick={() => send({ type: 'NEW' })}
        >
          {newLabel}
        </Button>
      </Card>
      {state.loadError && (
        <MessageBar intent="error">
          <MessageBarBody>{said(state.loadError)}</MessageBarBody>
        </MessageBar>
      )}
      <Card className={styles.table}>
        {table}
        <Pager meta={state.meta} limit={state.limit} disabled={state.loading} send={send} />
      </Card>
      {children}
    </PageSection>
  );
}

/** The shared layout's state, read from either management page's snapshot. */
export function listStateOf(s: {
  context: { filter: ManagementFilter; loadError: string | null; meta: PageMeta | null; limit: number };
  matches: (value: { list: 'loading' }) => boolean;
  can: (event: { type: 'SET_TYPE'; value: '' } | { type: 'NEW' }) => boolean;
}): ManagementListState {
  return {
    filter: s.context.filter,
    loading: s.matches({ list: 'loading' }),
    loadError: s.context.loadError,
    meta: s.context.meta,
    limit: s.context.limit,
    canSetType: s.can({ type: 'SET_TYPE', value: '' }),
    canNew: s.can({ type: 'NEW' }),
  };
}

/** A row's Edit, enabled when the page machine takes EDIT for that row. */
export function EditButton({ enabled, onEdit }: { enabled: boolean; onEdit: () => void }) {
  const t = useT();
  return (
    <Button size="small" icon={<EditRegular />} disabled={!enabled} onClick={onEdit}>
      {t({ defaultMessage: 'Edit', id: 'wEQDC6' })}
    </Button>
  );
}
