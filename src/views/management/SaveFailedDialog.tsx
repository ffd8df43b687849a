import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import type { SaveFailure } from '../../machines/managementForm';

const useStyles = makeStyles({ list: { margin: `${tokens.spacingVerticalS} 0 0`, paddingLeft: tokens.spacingHorizontalL } });

/** The server refused a save: 'Error!' with its words (and its field messages, when it sent some). */
export function SaveFailedDialog({ failure, onDismiss }: { failure: SaveFailure | null; onDismiss: () => void }) {
  const styles = useStyles();
  return (
    <Dialog open={failure != null} modalType="alert" onOpenChange={(_, d) => { if (!d.open) onDismiss(); }}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Error!</DialogTitle>
          <DialogContent>
            {failure?.message}
            {failure && failure.details.length > 0 && <ul className={styles.list}>{failure.details.map((d) => <li key={d}>{d}</li>)}</ul>}
          </DialogContent>
          <DialogActions><Button appearance="primary" onClick={onDismiss}>OK</Button></DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
