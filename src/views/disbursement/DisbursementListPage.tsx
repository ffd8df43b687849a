import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { disbursementListMachine } from '../../machines/disbursementListMachine';
import { SessionContext } from '../SessionContext';
import { DisbursementListScreen } from './DisbursementListScreen';

/**
 * /dashboard/disbursement/transactions: the page machine started with the signed-in user (it asks the lifecycle with
 * their type).
 */
export function DisbursementListPage({ logic = disbursementListMachine }: { logic?: typeof disbursementListMachine }) {
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  const user = SessionContext.useSelector((s) => s.context.user);
  // The address's query (issue 29) is read once, as the page opens; the machine keeps it in step after.
  const query = useSearch();
  const actor = useActorRef(logic, { input: { user, query } });
  return <DisbursementListScreen actor={actor} clients={clients} />;
}

export default DisbursementListPage;
