import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import type { SaveFailure } from '../../services/saveFailure';
import { MachineDialog } from './MachineDialog';
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
});

/** The server refused a save or a request: 'Error!' with its words (and its field messages, when it sent some). */
export function SaveFailedDialog({ failure, onDismiss }: { failure: SaveFailure | null; onDismiss: () => void }) {
  const styles = useStyles();
  const t = useT();
  // The server's words (and its field messages), said in the person's language.
  const said = useSaid();
  // Mounted only while there is a refusal, so its opener (the form's Save) gets the focus back after.
  if (!failure) return null;
  return (
    <MachineDialog modalType="alert" onDismiss={onDismiss}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t({ defaultMessage: 'Error!', id: 'DIDBlF' })}</DialogTitle>
          <DialogContent>
            {said(failure.message)}
            {failure.details.length > 0 && (
              <ul className={styles.list}>
                {failure.details.map((d) => (
                  <li key={d}>{said(d)}</li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onDismiss}>
              {t({ defaultMessage: 'OK', id: 'kAEQyV' })}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
