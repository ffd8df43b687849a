import type { ReactNode } from 'react';
import { DialogContent, makeStyles, tokens } from '@fluentui/react-components';
import { FormDialog } from '../common/FormDialog';
import type { SaveFailure } from '../../services/saveFailure';
import { FormErrors } from '../common/FormErrors';
import { SaveFailedDialog } from '../common/SaveFailedDialog';
import { useT } from '../../i18n/useT';
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
  const t = useT();
  const { submitting } = state;
  return (
    <>
      <FormDialog title={title} busy={submitting} onSubmit={onSubmit} onCancel={onCancel} surfaceStyle={{ maxWidth }}>
        <DialogContent className={styles.content}>
          <FormErrors errors={state.errors} />
          {children}
        </DialogContent>
        <FormActions
          busy={submitting}
          onCancel={onCancel}
          submit={t({ defaultMessage: 'Save', id: 'jvo0vs' })}
          busyText={t({ defaultMessage: 'Saving…', id: 'WUV28A' })}
        />
      </FormDialog>
      <SaveFailedDialog failure={state.failure} onDismiss={onDismissFailure} />
    </>
  );
}
