import { Button, DialogActions } from '@fluentui/react-components';
import { useT } from '../../i18n/useT';

/**
 * A form dialog's Cancel and its submit button, both held while the form is being sent; the submit
 * button says what is under way ('Saving…') until the answer comes.
 */
export function FormActions({
  busy,
  onCancel,
  submit,
  busyText,
}: {
  busy: boolean;
  onCancel: () => void;
  submit: string;
  busyText: string;
}) {
  const t = useT();
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={busy}>
        {t({ defaultMessage: 'Cancel', id: '47FYwb' })}
      </Button>
      <Button appearance="primary" type="submit" disabled={busy}>
        {busy ? busyText : submit}
      </Button>
    </DialogActions>
  );
}
