import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { formatDateTime } from '../../services/format';
import type { Journal, JournalEntry } from '../../services/ledgerRules';
import { formatRupiah } from '../../services/money';
import { MachineDialog } from '../common/MachineDialog';
import { RetryBar } from '../common/RetryBar';
import { useAmountStyles } from './amountStyles';

const useStyles = makeStyles({
  surface: { maxWidth: '900px', width: '95vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  sum: { fontWeight: tokens.fontWeightSemibold },
});

export const postingsSum = (entry: JournalEntry) => entry.postings.reduce((sum, p) => sum + p.amount, 0);

function EntryTable({ entry }: { entry: JournalEntry }) {
  const styles = useStyles();
  const amounts = useAmountStyles();
  const sum = postingsSum(entry);
  return (
    <section aria-label={`Entry ${entry.kind}`}>
      <Text weight="semibold">
        {entry.kind} · {formatDateTime(entry.created_at)}
      </Text>
      <Text block>{entry.description}</Text>
      <Table aria-label={`Postings of ${entry.kind}`} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Account</TableHeaderCell>
            <TableHeaderCell className={amounts.header}>Amount (debit +, credit −)</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entry.postings.map((p, i) => (
            <TableRow key={i}>
              <TableCell>{p.account_code}</TableCell>
              <TableCell className={amounts.amount}>{formatRupiah(p.amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow className={styles.sum}>
            <TableCell>Sum of postings</TableCell>
            <TableCell className={amounts.amount}>{formatRupiah(sum)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}

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
  return (
    <MachineDialog onDismiss={onClose}>
      <DialogSurface aria-label="Journal" className={styles.surface}>
        <DialogBody>
          <DialogTitle>Journal of {reference}</DialogTitle>
          <DialogContent className={styles.content}>
            {loading && <Spinner size="small" label="Loading the journal…" />}
            {error && <RetryBar message={error} onRetry={onRetry} />}
            {journal?.entries.map((entry) => (
              <EntryTable key={entry.id} entry={entry} />
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Close</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
