import { useActorRef } from '@xstate/react';
import { paymentsListMachine } from '../../machines/paymentsListMachine';
import { SessionContext } from '../SessionContext';
import { PaymentsListScreen } from './PaymentsListScreen';

/** /dashboard/transactions: the page machine started with the signed-in user's type as its role. */
export function PaymentsListPage({ logic = paymentsListMachine }: { logic?: typeof paymentsListMachine }) {
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  const role = SessionContext.useSelector((s) => s.context.user?.type ?? 'CLIENT');
  const actor = useActorRef(logic, { input: { role } });
  return <PaymentsListScreen actor={actor} clients={clients} />;
}

export default PaymentsListPage;
