import { Button, Card, MessageBar, MessageBarBody, Title2 } from '@fluentui/react-components';
import { AddRegular, EditRegular, SearchRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { roleManagementMachine } from '../../machines/managementPageMachine';
import { GENERIC_PAGE_SIZES } from '../../services/listQuery';
import type { RoleRow } from '../../services/managementRules';
import { pageTitle } from '../../services/pages';
import { Pager } from '../common/Pager';
import { SearchField, UserTypeFilter, useListPageStyles } from './ListFilters';
import { RoleFormDialog, type RoleFormActor } from './RoleFormDialog';
import { RoleTable } from './RoleTable';

export type RoleManagementActor = ActorRefFrom<typeof roleManagementMachine>;

/** Role Management (spec section 2) as its page machine holds it: search, the paged roles and New Role / Edit Role. */
export function RoleManagementScreen({ actor }: { actor: RoleManagementActor }) {
  const styles = useListPageStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { filter } = s.context;
  const loading = s.matches({ list: 'loading' });
  const rowActions = (row: RoleRow) => (
    <Button
      size="small"
      icon={<EditRegular />}
      disabled={!s.can({ type: 'EDIT', row })}
      onClick={() => actor.send({ type: 'EDIT', row })}
    >
      Edit
    </Button>
  );

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {pageTitle('management-role')}
      </Title2>
      <Card className={styles.filters}>
        <SearchField
          label="Search Role Name"
          hint="Press Enter to search"
          value={filter.search}
          onChange={(value) => actor.send({ type: 'SET_SEARCH', value })}
          onSearch={() => actor.send({ type: 'SEARCH' })}
        />
        {s.can({ type: 'SET_TYPE', value: '' }) && (
          <UserTypeFilter value={filter.type} onChange={(value) => actor.send({ type: 'SET_TYPE', value })} />
        )}
        <Button icon={<SearchRegular />} onClick={() => actor.send({ type: 'SEARCH' })}>
          Search
        </Button>
        <Button
          appearance="primary"
          icon={<AddRegular />}
          disabledFocusable={!s.can({ type: 'NEW' })}
          onClick={() => actor.send({ type: 'NEW' })}
        >
          New Role
        </Button>
      </Card>
      {s.context.loadError && (
        <MessageBar intent="error">
          <MessageBarBody>{s.context.loadError}</MessageBarBody>
        </MessageBar>
      )}
      <Card className={styles.table}>
        <RoleTable rows={s.context.rows} loading={loading} showType={s.context.seesTypes} actions={rowActions} />
        <Pager
          meta={s.context.meta}
          sizes={GENERIC_PAGE_SIZES}
          limit={s.context.limit}
          disabled={loading}
          onPage={(page) => actor.send({ type: 'PAGE', page })}
          onSize={(limit) => actor.send({ type: 'PAGE_SIZE', limit })}
        />
      </Card>
      {s.matches({ dialog: 'form' }) && s.children.form && <RoleFormDialog actor={s.children.form as RoleFormActor} />}
    </section>
  );
}
