import { useActorRef } from '@xstate/react';
import { disbursementListMachine } from '../../machines/disbursementListMachine';
import { SessionContext } from '../SessionContext';
import { DisbursementListScreen } from './DisbursementListScreen';

/** /dashboard/disbursement/transactions: the page machine started with the signed-in user's type as its role. */
export function DisbursementListPage({ logic = disbursementListMachine }: { logic?: typeof disbursementListMachine }) {
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  const role = SessionContext.useSelector((s) => s.context.user?.type ?? 'CLIENT');
  const actor = useActorRef(logic, { input: { role } });
  return <DisbursementListScreen actor={actor} clients={clients} />;
}

export default DisbursementListPage;
