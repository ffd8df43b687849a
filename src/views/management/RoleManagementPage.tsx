import { useCallback, useMemo, useState } from 'react';
import { Button, Card, Dropdown, Field, Input, MessageBar, MessageBarBody, Option, Title2, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { roleListMachine } from '../../machines/managementListMachine';
import type { RoleFormInput } from '../../machines/roleFormMachine';
import { GENERIC_PAGE_SIZES } from '../../services/listQuery';
import { USER_TYPES } from '../../services/managementRules';
import { visibleModules } from '../../services/navigation';
import type { UserTypeName } from '../../services/schemas';
import { Pager } from '../common/Pager';
import { SessionContext } from '../SessionContext';
import { RoleFormDialog } from './RoleFormDialog';
import { RoleTable } from './RoleTable';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  filters: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  table: { padding: tokens.spacingHorizontalL },
});

/** Role Management (spec section 2): search, the paged roles table and New Role / Edit Role. */
export function RoleManagementPage() {
  const styles = useStyles();
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
        <Field label="Search Role Name" hint="Press Enter to search" className={styles.grow} style={{ minWidth: 220 }}>
          <Input value={filter.search} contentBefore={<SearchRegular />} onChange={(_, d) => list.send({ type: 'SET_SEARCH', value: d.value })}
            onKeyDown={(e) => { if (e.key === 'Enter') list.send({ type: 'SEARCH' }); }} />
        </Field>
        {superAdmin && (
          <Field label="Filter by User Type" style={{ minWidth: 180 }}>
            <Dropdown value={filter.type || 'All Types'} selectedOptions={[filter.type]}
              onOptionSelect={(_, d) => list.send({ type: 'SET_TYPE', value: (d.optionValue ?? '') as UserTypeName | '' })}>
              <Option value="">All Types</Option>
              {USER_TYPES.map((t) => <Option key={t} value={t}>{t}</Option>)}
            </Dropdown>
          </Field>
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
