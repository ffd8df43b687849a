import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { roleManagementMachine } from '../../machines/managementPageMachine';
import type { RoleRow } from '../../services/managementRules';
import { pageTitle } from '../../services/pages';
import { EditButton, ManagementListScreen, listStateOf } from './ManagementListScreen';
import { RoleFormDialog, type RoleFormActor } from './RoleFormDialog';
import { RoleTable } from './RoleTable';
import { useSaid, useT } from '../../i18n/useT';

export type RoleManagementActor = ActorRefFrom<typeof roleManagementMachine>;

/** Role Management (spec section 2) as its page machine holds it: search, the paged roles and New Role / Edit Role. */
export function RoleManagementScreen({ actor }: { actor: RoleManagementActor }) {
  const t = useT();
  const said = useSaid();
  const s = useSelector(actor, (snapshot) => snapshot);
  const state = listStateOf(s);
  const rowActions = (row: RoleRow) => (
    <EditButton enabled={s.can({ type: 'EDIT', row })} onEdit={() => actor.send({ type: 'EDIT', row })} />
  );

  return (
    <ManagementListScreen
      title={said(pageTitle('management-role'))}
      search={{
        label: t({ defaultMessage: 'Search Role Name', id: 'kEw9+R' }),
        hint: t({ defaultMessage: 'Press Enter to search', id: 'D/ZSoc' }),
      }}
      state={state}
      send={actor.send}
      newLabel={t({ defaultMessage: 'New Role', id: 'fvZe5X' })}
      table={
        <RoleTable rows={s.context.rows} loading={state.loading} showType={s.context.seesTypes} actions={rowActions} />
      }
    >
      {s.matches({ dialog: 'form' }) && s.children.form && <RoleFormDialog actor={s.children.form as RoleFormActor} />}
    </ManagementListScreen>
  );
}
