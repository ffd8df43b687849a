import { Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import { formatRupiah } from '../../services/money';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';
import { useT } from '../../i18n/useT';

/** 'Are you sure?' before finalizing or rejecting one disbursement; a refusal stays here with the server's words. */
export function DecisionDialog({ actor }: { actor: ActorRefFrom<typeof disbursementDecisionMachine> }) {
  const t = useT();
  const { row, decision } = useSelector(actor, (snapshot) => snapshot.context);
  const finalize = decision === 'COMPLETED';
  const verb = finalize
    ? t({ defaultMessage: 'Finalize', id: 'J9w6+G' })
    : t({ defaultMessage: 'Reject', id: 'VzIOKf' });
  const held = formatRupiah(row.amount + row.fee_amount);
  const values = {
    id: row.correlation_id,
    amount: formatRupiah(row.amount),
    bank: row.bank_name,
    account: row.account_no,
    name: row.bank_account_name,
  };
  return (
    <ConfirmCallDialog actor={actor} verb={verb} busyVerb={t({ defaultMessage: 'Working…', id: 'hsvAwB' })}>
      <Text block>
        {finalize
          ? t(
              { defaultMessage: 'Finalize disbursement {id} of {amount} to {bank} {account} ({name})?', id: 'iAGURU' },
              values,
            )
          : t(
              { defaultMessage: 'Reject disbursement {id} of {amount} to {bank} {account} ({name})?', id: 'K3khvo' },
              values,
            )}
      </Text>
      <Text block style={{ marginTop: 8 }}>
        {finalize
          ? t({ defaultMessage: 'The held {amount} is paid out.', id: 'KWdZne' }, { amount: held })
          : t(
              { defaultMessage: "The held {amount} goes back to the client's disbursement balance.", id: 'OatAli' },
              { amount: held },
            )}
      </Text>
    </ConfirmCallDialog>
  );
}
