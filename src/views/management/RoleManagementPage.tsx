import { useActorRef } from '@xstate/react';
import { roleManagementMachine } from '../../machines/managementPageMachine';
import { SessionContext } from '../SessionContext';
import { RoleManagementScreen } from './RoleManagementScreen';

/** /dashboard/management/role: the page machine started with the signed-in user and the session's module tree. */
export function RoleManagementPage({ logic = roleManagementMachine }: { logic?: typeof roleManagementMachine }) {
  const user = SessionContext.useSelector((s) => s.context.user);
  const modules = SessionContext.useSelector((s) => s.context.options?.modules ?? []);
  const actor = useActorRef(logic, { input: { user: user ?? { type: 'CLIENT', modules: [] }, modules } });
  return <RoleManagementScreen actor={actor} />;
}

export default RoleManagementPage;
