import { formatRupiah, rupiahWithWords } from '../../services/money';
import { ConfirmDialog } from '../common/ConfirmDialog';

export type AdjustmentStep =
  | { step: 'confirming' | 'submitting'; clientName: string; previous: number; amount: number }
  | { step: 'failed'; message: string };

/**
 * 'Are you sure?' before the balance moves, then, if the server refuses, 'Failed' with its message
 * (spec section 8). One dialog for both (the same ConfirmDialog in the same place, so React keeps
 * it): a second modal mounted as the first closes would be hidden from screen readers by the first
 * one's focus trap.
 */
export function AdjustmentDialog({
  state,
  canConfirm,
  canCancel,
  onConfirm,
  onCancel,
  onDismiss,
}: {
  state: AdjustmentStep;
  /** Whether the page's machine takes CONFIRM and CANCEL now (snapshot.can): not while the balance is updated. */
  canConfirm: boolean;
  canCancel: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  return state.step === 'failed' ? (
    <ConfirmDialog title="Failed" busy={false} closeLabel="OK" onClose={onDismiss}>
      {state.message}
    </ConfirmDialog>
  ) : (
    <ConfirmDialog
      busy={state.step === 'submitting'}
      busyConfirmLabel="Updating…"
      canConfirm={canConfirm}
      canCancel={canCancel}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {`Adjust the disbursement balance of ${state.clientName} by ${rupiahWithWords(state.amount)}, ` +
        `from ${formatRupiah(state.previous)} to ${formatRupiah(state.previous + state.amount)}.`}
    </ConfirmDialog>
  );
}
