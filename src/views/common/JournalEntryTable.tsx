import {
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
import type { JournalEntry } from '../../services/ledgerRules';
import { formatRupiah } from '../../services/money';

const useStyles = makeStyles({
  amount: { textAlign: 'right', whiteSpace: 'nowrap' },
  sum: { fontWeight: tokens.fontWeightSemibold },
});

export const postingsSum = (entry: JournalEntry) => entry.postings.reduce((sum, p) => sum + p.amount, 0);

/** One journal entry: its kind, time, reference and description, its postings and their sum (zero when it balances). */
export function JournalEntryTable({ entry, showReference = false }: { entry: JournalEntry; showReference?: boolean }) {
  const styles = useStyles();
  const sum = postingsSum(entry);
  return (
    <section aria-label={`Entry ${entry.kind}${showReference ? ` ${entry.reference}` : ''}`}>
      <Text weight="semibold">
        {entry.kind}
        {showReference ? ` · ${entry.reference}` : ''} · {formatDateTime(entry.created_at)}
      </Text>
      <Text block>{entry.description}</Text>
      <Table aria-label={`Postings of ${entry.kind}${showReference ? ` ${entry.reference}` : ''}`} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Account</TableHeaderCell>
            <TableHeaderCell className={styles.amount}>Amount (debit +, credit −)</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entry.postings.map((p, i) => (
            <TableRow key={i}>
              <TableCell>{p.account_code}</TableCell>
              <TableCell className={styles.amount}>{formatRupiah(p.amount)}</TableCell>
            </TableRow>
          ))}
          <TableRow className={styles.sum}>
            <TableCell>Sum of postings</TableCell>
            <TableCell className={styles.amount}>{formatRupiah(sum)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}
