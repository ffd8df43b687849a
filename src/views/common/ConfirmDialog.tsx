import type { ReactNode } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from '@fluentui/react-components';
import { MachineDialog } from './MachineDialog';

/**
 * 'Are you sure?' for an irreversible step, or, with no confirm handlers, a busy notice while the
 * server works on a step that needs no confirmation (the provider's status check). Escape cancels
 * a question, as Cancel does, unless it is busy; a busy notice has nothing to cancel.
 */
export function ConfirmDialog({
  title = 'Are you sure?',
  children,
  busy,
  busyLabel,
  confirmLabel = 'Confirm',
  onConfirm,
  onCancel,
}: {
  title?: string;
  children: ReactNode;
  busy: boolean;
  busyLabel: string;
  confirmLabel?: string;
  onConfirm?: () => void;
  onCancel?: () => void;
}) {
  return (
    <MachineDialog modalType="alert" busy={busy} onDismiss={onCancel}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {children}
            {busy && <Spinner size="small" label={busyLabel} style={{ marginTop: 12 }} />}
          </DialogContent>
          {onConfirm && onCancel && (
            <DialogActions>
              <Button disabled={busy} onClick={onCancel}>
                Cancel
              </Button>
              <Button appearance="primary" disabled={busy} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </DialogActions>
          )}
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
