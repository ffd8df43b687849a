import { useActorRef } from '@xstate/react';
import { overviewMachine } from '../../machines/overviewMachine';
import { SessionContext } from '../SessionContext';
import { OverviewScreen } from './OverviewScreen';

/** /dashboard/overview (issue 29): the overview machine, started for the signed-in user and their socket. */
export function OverviewPage({ logic = overviewMachine }: { logic?: typeof overviewMachine }) {
  const user = SessionContext.useSelector((s) => s.context.user);
  const actor = useActorRef(logic, { input: { user, live: user != null } });
  return <OverviewScreen actor={actor} />;
}

export default OverviewPage;
