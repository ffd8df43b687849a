import type { ReactNode } from 'react';
import { DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import type { SaveFailure } from '../../machines/managementForm';
import { FormErrors } from '../common/FormErrors';
import { SaveFailedDialog } from '../common/SaveFailedDialog';
import { FormActions } from '../common/FormActions';

const useStyles = makeStyles({ content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

/**
 * What both management form machines show the same way: the dialog, 'Error!' with every broken rule, Cancel / Save, and
 * the server's refusal.
 */
export interface FormShellState {
  submitting: boolean;
  errors: readonly string[];
  failure: SaveFailure | null;
}

export function FormDialogShell({
  title,
  maxWidth,
  state,
  onSubmit,
  onCancel,
  onDismissFailure,
  children,
}: {
  title: string;
  maxWidth: string;
  state: FormShellState;
  onSubmit: () => void;
  onCancel: () => void;
  onDismissFailure: () => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { submitting } = state;
  return (
    <>
      <MachineDialog busy={submitting} onDismiss={onCancel}>
        <DialogSurface style={{ maxWidth }}>
          {/* The machine lists every error together; the browser's own checks would stop at the first. */}
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              onSubmit();
            }}
          >
            <DialogBody>
              <DialogTitle>{title}</DialogTitle>
              <DialogContent className={styles.content}>
                <FormErrors errors={state.errors} />
                {children}
              </DialogContent>
              <FormActions busy={submitting} onCancel={onCancel} submit="Save" busyText="Saving…" />
            </DialogBody>
          </form>
        </DialogSurface>
      </MachineDialog>
      <SaveFailedDialog failure={state.failure} onDismiss={onDismissFailure} />
    </>
  );
}
