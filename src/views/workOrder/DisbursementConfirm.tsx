import { Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { useT } from '../../i18n/useT';
import { rupiahWithWords } from '../../services/money';
import type { WorkOrderItem } from '../../services/workOrders';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';

/**
 * 'Are you sure?' before finalizing or rejecting the disbursement a work order names (its amount in figures and
 * words and its client, where the work order has them); a refusal stays here with the server's words.
 */
export function DisbursementConfirm({
  actor,
  item,
}: {
  actor: ActorRefFrom<typeof disbursementDecisionMachine>;
  item: WorkOrderItem;
}) {
  const t = useT();
  const decision = useSelector(actor, (snapshot) => snapshot.context.decision);
  const finalizes = decision === 'COMPLETED';
  return (
    <ConfirmCallDialog
      actor={actor}
      verb={finalizes ? t({ defaultMessage: 'Finalize', id: 'J9w6+G' }) : t({ defaultMessage: 'Reject', id: 'VzIOKf' })}
      busyVerb={t({ defaultMessage: 'Working…', id: 'hsvAwB' })}
    >
      <Text block>
        {t(
          {
            defaultMessage:
              '{decision, select, COMPLETED {Finalize} other {Reject}} the disbursement' +
              '{hasAmount, select, yes { of {amount}} other {}}{hasClient, select, yes { from {client}} other {}}?',
            id: 'HS1smL',
          },
          {
            decision: finalizes ? 'COMPLETED' : 'REJECTED',
            hasAmount: item.amount != null ? 'yes' : 'no',
            amount: item.amount != null ? rupiahWithWords(item.amount) : '',
            hasClient: item.client_name ? 'yes' : 'no',
            client: item.client_name ?? '',
          },
        )}
      </Text>
      <Text block style={{ marginTop: 8 }}>
        {finalizes
          ? t({ defaultMessage: 'The held amount and fee are paid out.', id: 'rikxXX' })
          : t({
              defaultMessage: "The held amount and fee go back to the client's disbursement balance.",
              id: '3HKA+X',
            })}
      </Text>
    </ConfirmCallDialog>
  );
}
