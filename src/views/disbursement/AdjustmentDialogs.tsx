import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { formatRupiah } from '../../services/money';

/** 'Are you sure?' before the balance moves; both buttons wait while the request is under way. */
export function ConfirmAdjustmentDialog({ clientName, previous, amount, busy, onConfirm, onCancel }: {
  clientName: string; previous: number; amount: number; busy: boolean; onConfirm: () => void; onCancel: () => void;
}) {
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => { if (!d.open && !busy) onCancel(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogContent>
            {`Adjust the disbursement balance of ${clientName} by ${formatRupiah(amount)}, from ${formatRupiah(previous)} to ${formatRupiah(previous + amount)}.`}
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>Cancel</Button>
            <Button appearance="primary" onClick={onConfirm} disabled={busy}>{busy ? 'Updating…' : 'Confirm'}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Spec section 8: a refused operation shows a 'Failed' dialog with the server's message. */
export function AdjustmentFailedDialog({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  return (
    <Dialog open modalType="alert" onOpenChange={(_, d) => { if (!d.open) onDismiss(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Failed</DialogTitle>
          <DialogContent>{message}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onDismiss}>OK</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
