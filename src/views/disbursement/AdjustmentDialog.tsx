import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { masterBalanceAdjustmentMachine } from '../../machines/masterBalanceAdjustmentMachine';
import { formatRupiah, rupiahWithWords } from '../../services/money';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';
import { ConfirmDialog } from '../common/ConfirmDialog';

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
  const { amount, previous } = useSelector(actor, (snapshot) => snapshot.context);
  return (
    <ConfirmCallDialog actor={actor} verb="Confirm" busyVerb="Updating…">
      {`Adjust the disbursement balance of ${clientName} by ${rupiahWithWords(amount)}, ` +
        `from ${formatRupiah(previous)} to ${formatRupiah(previous + amount)}.`}
    </ConfirmCallDialog>
  );
}

/**
 * 'Failed' with the server's words once it refused the adjustment; OK goes back to the form. It
 * takes the question's place in the same commit: MachineDialog hands the question's opener over to
 * it, so the focus goes back to the form when it closes.
 */
export function AdjustmentFailed({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <ConfirmDialog title="Failed" busy={false} closeLabel="OK" onClose={onDismiss}>
      {message}
    </ConfirmDialog>
  );
}
