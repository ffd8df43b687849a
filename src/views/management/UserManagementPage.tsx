import { useCallback, useState } from 'react';
import { Button, Card, Dropdown, Field, MessageBar, MessageBarBody, Option, Title2 } from '@fluentui/react-components';
import { AddRegular, SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { userListMachine } from '../../machines/managementListMachine';
import type { UserFormInput } from '../../machines/userFormMachine';
import { api } from '../../services/api';
import { GENERIC_PAGE_SIZES } from '../../services/listQuery';
import { AUTHENTICATOR_RESET, type UserRow } from '../../services/managementRules';
import { OneShotAction } from '../common/OneShotAction';
import { Pager } from '../common/Pager';
import { SearchField, UserTypeFilter, useListPageStyles } from './ListFilters';
import { SessionContext } from '../SessionContext';
import { UserFormDialog } from './UserFormDialog';
import { UserTable } from './UserTable';

/** User Management (spec section 2): filters, the paged users table, New User / Edit User and the authenticator reset. */
export function UserManagementPage() {
  const styles = useListPageStyles();
  const { ownType, clients, sessionRoles } = SessionContext.useSelector((s) => ({
    ownType: s.context.user?.type ?? 'CLIENT', clients: s.context.options?.clients ?? [], sessionRoles: s.context.options?.roles ?? [],
  }), (a, b) => a.ownType === b.ownType && a.clients === b.clients && a.sessionRoles === b.sessionRoles);
  const list = useActorRef(userListMachine, { input: { roles: sessionRoles } });
  const s = useSelector(list, (snapshot) => snapshot);
  const { filter, roles } = s.context;
  const [form, setForm] = useState<UserFormInput | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const superAdmin = ownType === 'SUPER ADMIN';
  const loading = s.matches('loading');
  const filterRoles = filter.type ? roles.filter((r) => r.type === filter.type) : roles;
  const filterRole = roles.find((r) => r.id === filter.roleId);
  const filterClient = clients.find((c) => c.id === filter.clientId);

  const closeForm = useCallback((saved: boolean) => { setForm(null); if (saved) list.send({ type: 'REFRESH' }); }, [list]);
  const closeReset = useCallback((changed: boolean) => { setResetting(null); if (changed) list.send({ type: 'REFRESH' }); }, [list]);

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">User Management</Title2>
      <Card className={styles.filters}>
        <SearchField label="Search" hint="Name or email; press Enter to search" value={filter.search}
          onChange={(value) => list.send({ type: 'SET_SEARCH', value })} onSearch={() => list.send({ type: 'SEARCH' })} />
        {superAdmin && (
          <UserTypeFilter value={filter.type} onChange={(value) => list.send({ type: 'SET_TYPE', value })} />
        )}
        <Field label="Filter by Role" style={{ minWidth: 180 }}>
          <Dropdown value={filterRole?.name ?? 'All Roles'} selectedOptions={[String(filter.roleId ?? '')]}
            onOptionSelect={(_, d) => list.send({ type: 'SET_ROLE', value: d.optionValue ? Number(d.optionValue) : null })}>
            <Option value="">All Roles</Option>
            {filterRoles.map((r) => <Option key={r.id} value={String(r.id)}>{r.name}</Option>)}
          </Dropdown>
        </Field>
        <Field label="Filter by Client" style={{ minWidth: 220 }}>
          <Dropdown value={filterClient?.client_name ?? 'All Clients'} selectedOptions={[String(filter.clientId ?? '')]}
            onOptionSelect={(_, d) => list.send({ type: 'SET_CLIENT', value: d.optionValue ? Number(d.optionValue) : null })}>
            <Option value="">All Clients</Option>
            {clients.map((c) => <Option key={c.id} value={String(c.id)}>{c.client_name}</Option>)}
          </Dropdown>
        </Field>
        <Button icon={<SearchRegular />} onClick={() => list.send({ type: 'SEARCH' })}>Search</Button>
        {/* The role options arrive with each load; a form opened before then would miss a role just made. */}
        <Button appearance="primary" icon={<AddRegular />} disabledFocusable={loading && s.context.meta === null}
          onClick={() => setForm({ mode: 'create', ownType, roles })}>New User</Button>
      </Card>
      {s.context.loadError && <MessageBar intent="error"><MessageBarBody>{s.context.loadError}</MessageBarBody></MessageBar>}
      <Card className={styles.table}>
        <UserTable rows={s.context.rows} loading={loading} showType={superAdmin}
          onEdit={(user) => setForm({ mode: 'edit', ownType, roles, user })} onResetAuthenticator={setResetting} />
        <Pager meta={s.context.meta} sizes={GENERIC_PAGE_SIZES} limit={s.context.limit} disabled={loading}
          onPage={(page) => list.send({ type: 'PAGE', page })} onSize={(limit) => list.send({ type: 'PAGE_SIZE', limit })} />
      </Card>
      {form && <UserFormDialog input={form} clients={clients} onClose={closeForm} />}
      {resetting && (
        <OneShotAction key={resetting.id} confirmLabel="Reset"
          question={`Reset the authenticator of ${resetting.name} (${resetting.email})? They will set it up again at their next sign-in.`}
          run={async () => (await api.removeAuthenticator(resetting.id)).message || AUTHENTICATOR_RESET} onFinished={closeReset} />
      )}
    </section>
  );
}
