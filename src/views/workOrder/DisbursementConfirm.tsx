import { Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { rupiahWithWords } from '../../services/money';
import type { WorkOrderItem } from '../../services/workOrders';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';

/** The item as the question names it: its amount in figures and words and its client, where the work order has them. */
const named = (item: WorkOrderItem) =>
  `${item.amount != null ? ` of ${rupiahWithWords(item.amount)}` : ''}` +
  `${item.client_name ? ` from ${item.client_name}` : ''}`;

/**
 * 'Are you sure?' before finalizing or rejecting the disbursement a work order names; a refusal stays here with the
 * server's words.
 */
export function DisbursementConfirm({
  actor,
  item,
}: {
  actor: ActorRefFrom<typeof disbursementDecisionMachine>;
  item: WorkOrderItem;
}) {
  const decision = useSelector(actor, (snapshot) => snapshot.context.decision);
  const verb = decision === 'COMPLETED' ? 'Finalize' : 'Reject';
  return (
    <ConfirmCallDialog actor={actor} verb={verb} busyVerb="Working…">
      <Text block>
        {verb} the disbursement{named(item)}?
      </Text>
      <Text block style={{ marginTop: 8 }}>
        {decision === 'COMPLETED'
          ? 'The held amount and fee are paid out.'
          : "The held amount and fee go back to the client's disbursement balance."}
      </Text>
    </ConfirmCallDialog>
  );
}
