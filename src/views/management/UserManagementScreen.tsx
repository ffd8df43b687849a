import {
  Button,
  Card,
  Dropdown,
  Field,
  MessageBar,
  MessageBarBody,
  Option,
  Text,
  Title2,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, EditRegular, KeyResetRegular, SearchRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { userManagementMachine } from '../../machines/managementPageMachine';
import { GENERIC_PAGE_SIZES } from '../../services/listQuery';
import type { UserRow } from '../../services/managementRules';
import { pageTitle } from '../../services/pages';
import type { ClientOption } from '../../services/schemas';
import { Pager } from '../common/Pager';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { SearchField, UserTypeFilter, useListPageStyles } from './ListFilters';
import { UserFormDialog, type UserFormActor } from './UserFormDialog';
import { UserTable } from './UserTable';

export type UserManagementActor = ActorRefFrom<typeof userManagementMachine>;

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalS } });

/** User Management (spec section 2) as its page machine holds it: filters, the paged users, New / Edit User and the authenticator reset. */
export function UserManagementScreen({ actor, clients }: { actor: UserManagementActor; clients: ClientOption[] }) {
  const styles = useListPageStyles();
  const own = useStyles();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { filter, roles, target } = s.context;
  const loading = s.matches({ list: 'loading' });
  const filterRoles = filter.type ? roles.filter((r) => r.type === filter.type) : roles;
  const filterRole = roles.find((r) => r.id === filter.roleId);
  const filterClient = clients.find((c) => c.id === filter.clientId);
  const resetting = s.matches({ dialog: 'resetting' });
  const rowActions = (row: UserRow) => (
    <div className={own.actions}>
      {row.two_factor_active && (
        <Button
          size="small"
          icon={<KeyResetRegular />}
          disabled={!s.can({ type: 'RESET_AUTHENTICATOR', row })}
          onClick={() => actor.send({ type: 'RESET_AUTHENTICATOR', row })}
        >
          Reset Authenticator
        </Button>
      )}
      <Button
        size="small"
        icon={<EditRegular />}
        disabled={!s.can({ type: 'EDIT', row })}
        onClick={() => actor.send({ type: 'EDIT', row })}
      >
        Edit
      </Button>
    </div>
  );

  return (
    <section className={styles.page} aria-labelledby="page-title">
      <Title2 as="h1" id="page-title">
        {pageTitle('management-user')}
      </Title2>
      <Card className={styles.filters}>
        <SearchField
          label="Search"
          hint="Name or email; press Enter to search"
          value={filter.search}
          onChange={(value) => actor.send({ type: 'SET_SEARCH', value })}
          onSearch={() => actor.send({ type: 'SEARCH' })}
        />
        {s.can({ type: 'SET_TYPE', value: '' }) && (
          <UserTypeFilter value={filter.type} onChange={(value) => actor.send({ type: 'SET_TYPE', value })} />
        )}
        <Field label="Filter by Role" style={{ minWidth: 180 }}>
          <Dropdown
            value={filterRole?.name ?? 'All Roles'}
            selectedOptions={[String(filter.roleId ?? '')]}
            onOptionSelect={(_, d) =>
              actor.send({ type: 'SET_ROLE', value: d.optionValue ? Number(d.optionValue) : null })
            }
          >
            <Option value="">All Roles</Option>
            {filterRoles.map((r) => (
              <Option key={r.id} value={String(r.id)}>
                {r.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label="Filter by Client" style={{ minWidth: 220 }}>
          <Dropdown
            value={filterClient?.client_name ?? 'All Clients'}
            selectedOptions={[String(filter.clientId ?? '')]}
            onOptionSelect={(_, d) =>
              actor.send({ type: 'SET_CLIENT', value: d.optionValue ? Number(d.optionValue) : null })
            }
          >
            <Option value="">All Clients</Option>
            {clients.map((c) => (
              <Option key={c.id} value={String(c.id)}>
                {c.client_name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button icon={<SearchRegular />} onClick={() => actor.send({ type: 'SEARCH' })}>
          Search
        </Button>
        <Button
          appearance="primary"
          icon={<AddRegular />}
          disabledFocusable={!s.can({ type: 'NEW' })}
          onClick={() => actor.send({ type: 'NEW' })}
        >
          New User
        </Button>
      </Card>
      {s.context.loadError && (
        <MessageBar intent="error">
          <MessageBarBody>{s.context.loadError}</MessageBarBody>
        </MessageBar>
      )}
      <Card className={styles.table}>
        <UserTable rows={s.context.rows} loading={loading} showType={s.context.seesTypes} actions={rowActions} />
        <Pager
          meta={s.context.meta}
          sizes={GENERIC_PAGE_SIZES}
          limit={s.context.limit}
          disabled={loading}
          onPage={(page) => actor.send({ type: 'PAGE', page })}
          onSize={(limit) => actor.send({ type: 'PAGE_SIZE', limit })}
        />
      </Card>
      {s.matches({ dialog: 'form' }) && s.children.form && (
        <UserFormDialog actor={s.children.form as UserFormActor} clients={clients} record={target} />
      )}
      {(s.matches({ dialog: 'confirmingReset' }) || resetting) && target && (
        <ConfirmDialog
          busy={resetting}
          busyLabel="Resetting…"
          confirmLabel="Reset"
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            Reset the authenticator of {target.name} ({target.email})? They will set it up again at their next sign-in.
          </Text>
        </ConfirmDialog>
      )}
    </section>
  );
}
