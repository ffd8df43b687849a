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

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalS} 0 0`, paddingLeft: tokens.spacingHorizontalL },
});

/** The server refused a save or a request: 'Error!' with its words (and its field messages, when it sent some). */
export function SaveFailedDialog({ failure, onDismiss }: { failure: SaveFailure | null; onDismiss: () => void }) {
  const styles = useStyles();
  // Mounted only while there is a refusal, so its opener (the form's Save) gets the focus back after.
  if (!failure) return null;
  return (
    <MachineDialog modalType="alert" onDismiss={onDismiss}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Error!</DialogTitle>
          <DialogContent>
            {failure.message}
            {failure.details.length > 0 && (
              <ul className={styles.list}>
                {failure.details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onDismiss}>
              OK
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
