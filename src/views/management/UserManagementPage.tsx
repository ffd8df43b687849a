import { useActorRef } from '@xstate/react';
import { userManagementMachine } from '../../machines/managementPageMachine';
import { SessionContext } from '../SessionContext';
import { UserManagementScreen } from './UserManagementScreen';

/** /dashboard/management/user: the page machine started with the signed-in user and the session's options. */
export function UserManagementPage({ logic = userManagementMachine }: { logic?: typeof userManagementMachine }) {
  const user = SessionContext.useSelector((s) => s.context.user);
  const options = SessionContext.useSelector((s) => s.context.options);
  const actor = useActorRef(logic, {
    input: { user: user ?? { type: 'CLIENT', modules: [] }, roles: options?.roles ?? [] },
  });
  return <UserManagementScreen actor={actor} clients={options?.clients ?? []} />;
}

export default UserManagementPage;
