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
import { useSaid, useT } from '../../i18n/useT';
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
  title,
  children,
  busy,
  busyLabel,
  confirmLabel,
  busyConfirmLabel,
  cancelLabel,
  closeLabel,
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
  /** The question; 'Are you sure?' without it. */
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
  const t = useT();
  // The refusals are the machines' and the server's English, said in the person's language.
  const said = useSaid();
  return (
    <MachineDialog modalType={modalType} busy={busy} onDismiss={onClose ?? onCancel}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title ?? t({ defaultMessage: 'Are you sure?', id: '2oCaym' })}</DialogTitle>
          <DialogContent>
            {children}
            <HeldAhead held={held} style={{ marginTop: 12 }} />
            {reason && (
              <Field
                label={t({ defaultMessage: 'Reason', id: 'AkCxS/' })}
                required
                validationMessage={reason.error ? said(reason.error) : undefined}
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
                <MessageBarBody>{said(error)}</MessageBarBody>
              </MessageBar>
            )}
            {busy && busyLabel && <Spinner size="small" label={busyLabel} style={{ marginTop: 12 }} />}
          </DialogContent>
          {onClose ? (
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {closeLabel ?? t({ defaultMessage: 'Close', id: 'rbrahO' })}
              </Button>
            </DialogActions>
          ) : (
            onConfirm &&
            onCancel && (
              <DialogActions>
                <Button disabled={!canCancel} onClick={onCancel}>
                  {cancelLabel ?? t({ defaultMessage: 'Cancel', id: '47FYwb' })}
                </Button>
                {error && onRetry ? (
                  <Button appearance="primary" disabled={!canRetry} onClick={onRetry}>
                    {t({ defaultMessage: 'Try again', id: 'FazwRl' })}
                  </Button>
                ) : (
                  <Button appearance="primary" disabled={!canConfirm} onClick={onConfirm}>
                    {busy && busyConfirmLabel
                      ? busyConfirmLabel
                      : (confirmLabel ?? t({ defaultMessage: 'Confirm', id: 'N2IrpM' }))}
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
