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
import { Link } from 'wouter';
import { auditLineLink } from '../../services/ledgerLinks';
import { formatDateTime } from '../../services/format';
import type { JournalEntry } from '../../services/ledgerRules';
import { formatRupiah } from '../../services/money';
import { useAmountStyles } from './amountStyles';

const useStyles = makeStyles({
  sum: { fontWeight: tokens.fontWeightSemibold },
});

export const postingsSum = (entry: JournalEntry) => entry.postings.reduce((sum, p) => sum + p.amount, 0);

/**
 * One journal entry: its kind, time (and reference, where entries of many references are listed),
 * its description, its postings and their sum (zero when it balances); with `linksLine`, the audit
 * line of the action that posted it (issue 43), one link away on the Audit Log.
 */
export function JournalEntryTable({
  entry,
  showReference = false,
  linksLine = false,
}: {
  entry: JournalEntry;
  showReference?: boolean;
  linksLine?: boolean;
}) {
  const styles = useStyles();
  const amounts = useAmountStyles();
  const sum = postingsSum(entry);
  const line = linksLine ? auditLineLink(entry) : null;
  return (
    <section aria-label={`Entry ${entry.kind}${showReference ? ` ${entry.reference}` : ''}`}>
      <Text weight="semibold">
        {entry.kind}
        {showReference ? ` · ${entry.reference}` : ''} · {formatDateTime(entry.created_at)}
      </Text>
      <Text block>
        {entry.description}
        {line && (
          <>
            {' · '}
            <Link href={`~${line}`}>Audit line #{entry.audit_id}</Link>
          </>
        )}
      </Text>
      <Table aria-label={`Postings of ${entry.kind}${showReference ? ` ${entry.reference}` : ''}`} size="small">
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
