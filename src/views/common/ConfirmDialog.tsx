import type { ReactNode } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  MessageBar,
  MessageBarBody,
  Spinner,
  Textarea,
} from '@fluentui/react-components';
import { HeldAhead } from './HeldAhead';
import { MachineDialog } from './MachineDialog';

/** A reason the person types before confirming (an approval's decline), with why it was refused. */
export interface ConfirmReason {
  value: string;
  error: string | null;
  onChange(value: string): void;
}

/**
 * The one 'Are you sure?' (issue 27): the question, an optional reason, the server's refusal under
 * it, and Cancel then the confirming verb (or Try again after a refusal that may be retried). With
 * `onClose` it is the 'Failed' notice with one closing button; with neither, a busy notice while the
 * server works on a step that needs no confirmation (the provider's status check). Escape cancels
 * (or closes), as the button does, unless it is busy.
 */
export function ConfirmDialog({
  title = 'Are you sure?',
  children,
  busy,
  busyLabel,
  confirmLabel = 'Confirm',
  busyConfirmLabel,
  cancelLabel = 'Cancel',
  closeLabel = 'Close',
  modalType = 'alert',
  reason,
  held,
  error,
  canConfirm = !busy,
  canCancel = !busy,
  canRetry = true,
  onConfirm,
  onCancel,
  onRetry,
  onClose,
}: {
  title?: string;
  children?: ReactNode;
  busy: boolean;
  /** The spinner's words while busy; without them the confirm button says `busyConfirmLabel`. */
  busyLabel?: string;
  confirmLabel?: string;
  busyConfirmLabel?: string;
  cancelLabel?: string;
  closeLabel?: string;
  modalType?: 'alert' | 'modal';
  reason?: ConfirmReason;
  /** The movement asked about will wait for a second SUPER ADMIN: the question says so (its machine decides). */
  held?: boolean;
  error?: string | null;
  /** Whether each button is enabled; a machine-driven dialog passes `snapshot.can(event)`. */
  canConfirm?: boolean;
  canCancel?: boolean;
  canRetry?: boolean;
  onConfirm?: () => void;
  onCancel?: () => void;
  onRetry?: () => void;
  onClose?: () => void;
}) {
  return (
    <MachineDialog modalType={modalType} busy={busy} onDismiss={onClose ?? onCancel}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {children}
            <HeldAhead held={held} style={{ marginTop: 12 }} />
            {reason && (
              <Field
                label="Reason"
                required
                validationMessage={reason.error ?? undefined}
                validationState={reason.error ? 'error' : 'none'}
              >
                <Textarea
                  value={reason.value}
                  disabled={busy}
                  resize="vertical"
                  onChange={(_, d) => reason.onChange(d.value)}
                />
              </Field>
            )}
            {error && (
              <MessageBar intent="error" role="alert" style={{ marginTop: 12 }}>
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
            {busy && busyLabel && <Spinner size="small" label={busyLabel} style={{ marginTop: 12 }} />}
          </DialogContent>
          {onClose ? (
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {closeLabel}
              </Button>
            </DialogActions>
          ) : (
            onConfirm &&
            onCancel && (
              <DialogActions>
                <Button disabled={!canCancel} onClick={onCancel}>
                  {cancelLabel}
                </Button>
                {error && onRetry ? (
                  <Button appearance="primary" disabled={!canRetry} onClick={onRetry}>
                    Try again
                  </Button>
                ) : (
                  <Button appearance="primary" disabled={!canConfirm} onClick={onConfirm}>
                    {busy && busyConfirmLabel ? busyConfirmLabel : confirmLabel}
                  </Button>
                )}
              </DialogActions>
            )
          )}
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
