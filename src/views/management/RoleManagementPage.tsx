import { useCallback, useMemo, useState } from 'react';
import { Button, Card, MessageBar, MessageBarBody, Title2 } from '@fluentui/react-components';
import { AddRegular, SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { roleListMachine } from '../../machines/managementListMachine';
import type { RoleFormInput } from '../../machines/roleFormMachine';
import { GENERIC_PAGE_SIZES } from '../../services/listQuery';
import { visibleModules } from '../../services/navigation';
import { Pager } from '../common/Pager';
import { SearchField, UserTypeFilter, useListPageStyles } from './ListFilters';
import { SessionContext } from '../SessionContext';
import { RoleFormDialog } from './RoleFormDialog';
import { RoleTable } from './RoleTable';

/** Role Management (spec section 2): search, the paged roles table and New Role / Edit Role. */
export function RoleManagementPage() {
  const styles = useListPageStyles();
  const user = SessionContext.useSelector((s) => s.context.user);
  const modules = SessionContext.useSelector((s) => s.context.options?.modules ?? []);
  const ownType = user?.type ?? 'CLIENT';
  const superAdmin = ownType === 'SUPER ADMIN';
  // Nobody grants a module they do not hold (the server refuses it): a SUPER ADMIN holds them all.
  const tree = useMemo(() => (superAdmin || !user ? modules : visibleModules(modules, user)), [superAdmin, modules, user]);
  const list = useActorRef(roleListMachine, { input: {} });
  const s = useSelector(list, (snapshot) => snapshot);
  const { filter } = s.context;
  const [form, setForm] = useState<RoleFormInput | null>(null);
  const loading = s.matches('loading');
  const closeForm = useCallback((saved: boolean) => { setForm(null); if (saved) list.send({ type: 'REFRESH' }); }, [list]);

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">Role Management</Title2>
      <Card className={styles.filters}>
        <SearchField label="Search Role Name" hint="Press Enter to search" value={filter.search}
          onChange={(value) => list.send({ type: 'SET_SEARCH', value })} onSearch={() => list.send({ type: 'SEARCH' })} />
        {superAdmin && (
          <UserTypeFilter value={filter.type} onChange={(value) => list.send({ type: 'SET_TYPE', value })} />
        )}
        <Button icon={<SearchRegular />} onClick={() => list.send({ type: 'SEARCH' })}>Search</Button>
        <Button appearance="primary" icon={<AddRegular />} onClick={() => setForm({ mode: 'create', ownType, tree })}>New Role</Button>
      </Card>
      {s.context.loadError && <MessageBar intent="error"><MessageBarBody>{s.context.loadError}</MessageBarBody></MessageBar>}
      <Card className={styles.table}>
        <RoleTable rows={s.context.rows} loading={loading} showType={superAdmin} onEdit={(role) => setForm({ mode: 'edit', ownType, tree, role })} />
        <Pager meta={s.context.meta} sizes={GENERIC_PAGE_SIZES} limit={s.context.limit} disabled={loading}
          onPage={(page) => list.send({ type: 'PAGE', page })} onSize={(limit) => list.send({ type: 'PAGE_SIZE', limit })} />
      </Card>
      {form && <RoleFormDialog input={form} onClose={closeForm} />}
    </section>
  );
}
