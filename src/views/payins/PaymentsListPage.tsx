import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { paymentsListMachine } from '../../machines/paymentsListMachine';
import { readsApprovalPolicy } from '../../services/approvalRules';
import { readsJournals } from '../../services/ledgerLinks';
import { roleOf } from '../../services/schemas';
import { SessionContext } from '../SessionContext';
import { PaymentsListScreen } from './PaymentsListScreen';

/** /dashboard/transactions: the page machine started with the signed-in user's type as its role. */
export function PaymentsListPage({ logic = paymentsListMachine }: { logic?: typeof paymentsListMachine }) {
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  const user = SessionContext.useSelector((s) => s.context.user);
  // The address's query (issue 29) is read once, as the page opens; the machine keeps it in step after.
  const query = useSearch();
  const actor = useActorRef(logic, {
    input: { role: roleOf(user), journals: readsJournals(user), readsPolicy: readsApprovalPolicy(user), query },
  });
  return <PaymentsListScreen actor={actor} clients={clients} />;
}

export default PaymentsListPage;
