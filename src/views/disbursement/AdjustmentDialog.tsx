import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { masterBalanceAdjustmentMachine } from '../../machines/masterBalanceAdjustmentMachine';
import { formatRupiah, rupiahWithWords } from '../../services/money';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';
import { ConfirmDialog } from '../common/ConfirmDialog';
import { useSaid, useT } from '../../i18n/useT';

/**
 * 'Are you sure?' before the balance moves (spec section 8): renders the page's adjustment child,
 * whose buttons are enabled as it can take their events (not while the balance is updated). The
 * amounts are the ones the child was asked with, so the question says what is sent.
 */
export function AdjustmentConfirm({
  actor,
  clientName,
}: {
  actor: ActorRefFrom<typeof masterBalanceAdjustmentMachine>;
  clientName: string;
}) {
  const t = useT();
  const { amount, previous } = useSelector(actor, (snapshot) => snapshot.context);
  return (
    <ConfirmCallDialog
      actor={actor}
      verb={t({ defaultMessage: 'Confirm', id: 'N2IrpM' })}
      busyVerb={t({ defaultMessage: 'Updating…', id: 'K0sz9Z' })}
    >
      {t(
        {
          defaultMessage: 'Adjust the disbursement balance of {client} by {amount}, from {previous} to {after}.',
          id: 'wWa44O',
        },
        {
          client: clientName,
          amount: rupiahWithWords(amount),
          previous: formatRupiah(previous),
          after: formatRupiah(previous + amount),
        },
      )}
    </ConfirmCallDialog>
  );
}

/**
 * 'Failed' with the server's words once it refused the adjustment; OK goes back to the form. It
 * takes the question's place in the same commit: MachineDialog hands the question's opener over to
 * it, so the focus goes back to the form when it closes.
 */
export function AdjustmentFailed({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const t = useT();
  const said = useSaid();
  return (
    <ConfirmDialog
      title={t({ defaultMessage: 'Failed', id: 'vXCeIi' })}
      busy={false}
      closeLabel={t({ defaultMessage: 'OK', id: 'kAEQyV' })}
      onClose={onDismiss}
    >
      {said(message)}
    </ConfirmDialog>
  );
}
