import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { useT } from '../../i18n/useT';
import type { Journal } from '../../services/ledgerRules';
import { MachineDialog } from '../common/MachineDialog';
import { RetryBar } from '../common/RetryBar';
import { JournalEntryTable } from '../common/JournalEntryTable';

const useStyles = makeStyles({
  surface: { maxWidth: '900px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/** One reference's journal: each entry with its postings, and their sum (zero when the entry balances). */
export function JournalDialog({
  reference,
  journal,
  loading,
  error,
  onClose,
  onRetry,
}: {
  reference: string | null;
  journal: Journal | null;
  loading: boolean;
  error: string | null;
  onClose: () => void;
  onRetry: () => void;
}) {
  const styles = useStyles();
  const t = useT();
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label={t({ defaultMessage: 'Journal', id: '046zjm' })} className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t({ defaultMessage: 'Journal of {reference}', id: 'geLJ8n' }, { reference })}</DialogTitle>
          <DialogContent className={styles.content}>
            {loading && <Spinner size="small" label={t({ defaultMessage: 'Loading the journal…', id: 'LtUjuu' })} />}
            {error && <RetryBar message={error} onRetry={onRetry} />}
            {journal?.entries.map((entry) => (
              <JournalEntryTable key={entry.id} entry={entry} linksLine />
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t({ defaultMessage: 'Close', id: 'rbrahO' })}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
