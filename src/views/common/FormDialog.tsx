import type { CSSProperties, ReactNode } from 'react';
import { DialogBody, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { MachineDialog } from './MachineDialog';

/**
 * A dialog holding one form: Enter or the submit button sends `onSubmit`, Escape or the backdrop
 * `onCancel` (neither while `busy`). `noValidate` because the machine checks every field and lists
 * every error together; the browser's own checks would stop at the first. The children are the
 * DialogContent and the DialogActions.
 */
export function FormDialog({
  title,
  busy,
  onSubmit,
  onCancel,
  surfaceClassName,
  surfaceStyle,
  children,
}: {
  title: ReactNode;
  busy: boolean;
  onSubmit: () => void;
  onCancel: () => void;
  surfaceClassName?: string;
  surfaceStyle?: CSSProperties;
  children: ReactNode;
}) {
  return (
    <MachineDialog busy={busy} onDismiss={onCancel}>
      <DialogSurface className={surfaceClassName} style={surfaceStyle}>
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            {children}
          </DialogBody>
        </form>
      </DialogSurface>
    </MachineDialog>
  );
}
