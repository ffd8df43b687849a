import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { roleManagementMachine } from '../../machines/managementPageMachine';
import type { RoleRow } from '../../services/managementRules';
import { pageTitle } from '../../services/pages';
import { EditButton, ManagementListScreen, listStateOf } from './ManagementListScreen';
import { RoleFormDialog, type RoleFormActor } from './RoleFormDialog';
import { RoleTable } from './RoleTable';

export type RoleManagementActor = ActorRefFrom<typeof roleManagementMachine>;

/** Role Management (spec section 2) as its page machine holds it: search, the paged roles and New Role / Edit Role. */
export function RoleManagementScreen({ actor }: { actor: RoleManagementActor }) {
  const s = useSelector(actor, (snapshot) => snapshot);
  const state = listStateOf(s);
  const rowActions = (row: RoleRow) => (
    <EditButton enabled={s.can({ type: 'EDIT', row })} onEdit={() => actor.send({ type: 'EDIT', row })} />
  );

  return (
    <ManagementListScreen
      title={pageTitle('management-role')}
      search={{ label: 'Search Role Name', hint: 'Press Enter to search' }}
      state={state}
      send={actor.send}
      newLabel="New Role"
      table={
        <RoleTable rows={s.context.rows} loading={state.loading} showType={s.context.seesTypes} actions={rowActions} />
      }
    >
      {s.matches({ dialog: 'form' }) && s.children.form && <RoleFormDialog actor={s.children.form as RoleFormActor} />}
    </ManagementListScreen>
  );
}
