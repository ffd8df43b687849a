import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import { formatRupiah, rupiahWithWords } from '../../services/money';

export type AdjustmentStep =
  | { step: 'confirming' | 'submitting'; clientName: string; previous: number; amount: number }
  | { step: 'failed'; message: string };

/**
 * 'Are you sure?' before the balance moves, then, if the server refuses, 'Failed' with its message
 * (spec section 8). One dialog for both: a second modal mounted as the first closes would be
 * hidden from screen readers by the first one's focus trap.
 */
export function AdjustmentDialog({
  state,
  onConfirm,
  onCancel,
  onDismiss,
}: {
  state: AdjustmentStep;
  onConfirm: () => void;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const busy = state.step === 'submitting';
  const close = state.step === 'failed' ? onDismiss : onCancel;
  return (
    <MachineDialog modalType="alert" busy={busy} onDismiss={close}>
      <DialogSurface>
        {state.step === 'failed' ? (
          <DialogBody>
            <DialogTitle>Failed</DialogTitle>
            <DialogContent>{state.message}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onDismiss}>
                OK
              </Button>
            </DialogActions>
          </DialogBody>
        ) : (
          <DialogBody>
            <DialogTitle>Are you sure?</DialogTitle>
            <DialogContent>
              {`Adjust the disbursement balance of ${state.clientName} by ${rupiahWithWords(state.amount)}, from ${formatRupiah(state.previous)} to ${formatRupiah(state.previous + state.amount)}.`}
            </DialogContent>
            <DialogActions>
              <Button onClick={onCancel} disabled={busy}>
                Cancel
              </Button>
              <Button appearance="primary" onClick={onConfirm} disabled={busy}>
                {busy ? 'Updating…' : 'Confirm'}
              </Button>
            </DialogActions>
          </DialogBody>
        )}
      </DialogSurface>
    </MachineDialog>
  );
}
