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
import { useSaid, useT } from '../../i18n/useT';

const useStyles = makeStyles({
  sum: { fontWeight: tokens.fontWeightSemibold },
});

/** Between the entry's kind, reference and time, and before its audit line: no words, the same in both languages. */
const SEPARATOR = ' · ';

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
  const t = useT();
  const said = useSaid();
  const amounts = useAmountStyles();
  const sum = postingsSum(entry);
  const line = linksLine ? auditLineLink(entry) : null;
  // The entry's kind (and reference) are its codes, the same in both languages.
  const named = `${entry.kind}${showReference ? ` ${entry.reference}` : ''}`;
  // The entry and its postings, in one message with a select: 'Entry {entry}' alone would read any text starting
  // 'Entry ' as this one when texts made elsewhere are translated (translate.ts).
  const nameOf = (part: 'entry' | 'postings') =>
    t(
      { defaultMessage: '{part, select, postings {Postings of {entry}} other {Entry {entry}}}', id: 'PQWrp/' },
      { part, entry: named },
    );
  return (
    <section aria-label={nameOf('entry')}>
      <Text weight="semibold">
        {[entry.kind, ...(showReference ? [entry.reference] : []), formatDateTime(entry.created_at)].join(SEPARATOR)}
      </Text>
      <Text block>
        {said(entry.description)}
        {line && (
          <>
            {SEPARATOR}
            <Link href={`~${line}`}>
              {t({ defaultMessage: 'Audit line #{id}', id: 'n8hCOz' }, { id: entry.audit_id })}
            </Link>
          </>
        )}
      </Text>
      <Table aria-label={nameOf('postings')} size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>{t({ defaultMessage: 'Account', id: 'TwyMau' })}</TableHeaderCell>
            <TableHeaderCell className={amounts.header}>
              {t({ defaultMessage: 'Amount (debit +, credit −)', id: 'azA3sk' })}
            </TableHeaderCell>
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
            <TableCell>{t({ defaultMessage: 'Sum of postings', id: 'Qv0QVH' })}</TableCell>
            <TableCell className={amounts.amount}>{formatRupiah(sum)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </section>
  );
}
