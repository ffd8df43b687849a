import { Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { formatRupiah } from '../../services/money';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';

/** 'Are you sure?' before finalizing or rejecting one disbursement; a refusal stays here with the server's words. */
export function DecisionDialog({ actor }: { actor: ActorRefFrom<typeof disbursementDecisionMachine> }) {
  const { row, decision } = useSelector(actor, (snapshot) => snapshot.context);
  const verb = decision === 'COMPLETED' ? 'Finalize' : 'Reject';
  const held = formatRupiah(row.amount + row.fee_amount);
  return (
    <ConfirmCallDialog actor={actor} verb={verb} busyVerb="Working…">
      <Text block>
        {verb} disbursement {row.correlation_id} of {formatRupiah(row.amount)} to {row.bank_name} {row.account_no} (
        {row.bank_account_name})?
      </Text>
      <Text block style={{ marginTop: 8 }}>
        {decision === 'COMPLETED'
          ? `The held ${held} is paid out.`
          : `The held ${held} goes back to the client's disbursement balance.`}
      </Text>
    </ConfirmCallDialog>
  );
}
