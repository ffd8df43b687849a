import { Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { KeyResetRegular, SignOutRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { isOwnRow, type userManagementMachine } from '../../machines/managementPageMachine';
import type { UserRow } from '../../services/managementRules';
import { pageTitle } from '../../services/pages';
import type { ClientOption } from '../../services/schemas';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { FilterDropdown } from '../common/FilterDropdown';
import { EditButton, ManagementListScreen, listStateOf } from './ManagementListScreen';
import { UserFormDialog, type UserFormActor } from './UserFormDialog';
import { UserTable } from './UserTable';
import { useSaid, useT } from '../../i18n/useT';

export type UserManagementActor = ActorRefFrom<typeof userManagementMachine>;

const useStyles = makeStyles({ actions: { display: 'flex', gap: tokens.spacingHorizontalS } });

/**
 * User Management (spec section 2) as its page machine holds it: filters, the paged users, New / Edit User
 * the authenticator reset and a SUPER ADMIN's End sessions (issue 44).
 */
export function UserManagementScreen({ actor, clients }: { actor: UserManagementActor; clients: ClientOption[] }) {
  const own = useStyles();
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const { filter, roles, target } = s.context;
  const state = listStateOf(s);
  const filterRoles = filter.type ? roles.filter((r) => r.type === filter.type) : roles;
  const resetting = s.matches({ dialog: 'resetting' });
  const endingSessions = s.matches({ dialog: 'endingSessions' });
  // The machine's guard decides; the button is offered on the rows it may ever take (a SUPER ADMIN's, not their own).
  const offersEndSessions = (row: UserRow) => s.context.seesTypes && !isOwnRow(s.context, row);
  const rowActions = (row: UserRow) => (
    <div className={own.actions}>
      {row.two_factor_active && (
        <Button
          size="small"
          icon={<KeyResetRegular />}
          disabled={!s.can({ type: 'RESET_AUTHENTICATOR', row })}
          onClick={() => actor.send({ type: 'RESET_AUTHENTICATOR', row })}
        >
          {t({ defaultMessage: 'Reset Authenticator', id: '+lHpLm' })}
        </Button>
      )}
      {offersEndSessions(row) && (
        <Button
          size="small"
          icon={<SignOutRegular />}
          aria-label={t({ defaultMessage: 'End sessions of {name}', id: 'DEz08t' }, { name: row.name })}
          disabled={!s.can({ type: 'END_SESSIONS', row })}
          onClick={() => actor.send({ type: 'END_SESSIONS', row })}
        >
          {t({ defaultMessage: 'End sessions', id: 'Xs8YdH' })}
        </Button>
      )}
      <EditButton enabled={s.can({ type: 'EDIT', row })} onEdit={() => actor.send({ type: 'EDIT', row })} />
    </div>
  );

  return (
    <ManagementListScreen
      title={said(pageTitle('management-user'))}
      search={{
        label: t({ defaultMessage: 'Search', id: 'xmcVZ0' }),
        hint: t({ defaultMessage: 'Name or email; press Enter to search', id: 'b0NrU8' }),
      }}
      state={state}
      send={actor.send}
      filters={
        <>
          <FilterDropdown
            label={t({ defaultMessage: 'Filter by Role', id: '8zuZcG' })}
            allText={t({ defaultMessage: 'All Roles', id: '9nrF+x' })}
            options={filterRoles}
            value={filter.roleId}
            onChange={(value) => actor.send({ type: 'SET_ROLE', value })}
            minWidth={180}
          />
          <FilterDropdown
            label={t({ defaultMessage: 'Filter by Client', id: 'fXt2Jr' })}
            allText={t({ defaultMessage: 'All Clients', id: '/04a1C' })}
            options={clients.map((c) => ({ id: c.id, name: c.client_name }))}
            value={filter.clientId}
            onChange={(value) => actor.send({ type: 'SET_CLIENT', value })}
            minWidth={220}
          />
        </>
      }
      newLabel={t({ defaultMessage: 'New User', id: 'MMr5YH' })}
      table={
        <UserTable rows={s.context.rows} loading={state.loading} showType={s.context.seesTypes} actions={rowActions} />
      }
    >
      {s.matches({ dialog: 'form' }) && s.children.form && (
        <UserFormDialog actor={s.children.form as UserFormActor} clients={clients} record={target} />
      )}
      {(s.matches({ dialog: 'confirmingReset' }) || resetting) && target && (
        <ConfirmDialog
          busy={resetting}
          busyLabel={t({ defaultMessage: 'Resetting…', id: '26SvXG' })}
          confirmLabel={t({ defaultMessage: 'Reset', id: 'jm/spn' })}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            {t(
              {
                defaultMessage:
                  'Reset the authenticator of {name} ({email})? They will set it up again at their next sign-in.',
                id: 'nEWu3l',
              },
              { name: target.name, email: target.email },
            )}
          </Text>
        </ConfirmDialog>
      )}
      {(s.matches({ dialog: 'confirmingEndSessions' }) || endingSessions) && target && (
        <ConfirmDialog
          busy={endingSessions}
          busyLabel={t({ defaultMessage: 'Ending sessions…', id: 'k2xWGF' })}
          confirmLabel={t({ defaultMessage: 'End sessions', id: 'Xs8YdH' })}
          onConfirm={() => actor.send({ type: 'CONFIRM' })}
          onCancel={() => actor.send({ type: 'CANCEL' })}
        >
          <Text>
            {t(
              {
                defaultMessage:
                  'End every session of {name} ({email})? They are signed out at once, on every device, and sign in ' +
                  'again to go on.',
                id: 'wAuWaW',
              },
              { name: target.name, email: target.email },
            )}
          </Text>
        </ConfirmDialog>
      )}
    </ManagementListScreen>
  );
}
