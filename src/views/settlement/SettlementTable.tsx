import {
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { formatRupiah, groupDigits } from '../../services/money';
import type { SettlementRow } from '../../services/settlementRules';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  number: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  note: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const columns = [
  { name: 'Client Name', number: false },
  { name: 'Service Name', number: false },
  { name: 'Total Transaction Count', number: true },
  { name: 'Total Transaction Amount', number: true },
  { name: 'Total Fee Amount', number: true },
  { name: 'Total Amount', number: true },
];

/**
 * A window's FINALIZED pay-ins per client and service (spec section 2, Settlement). `note` is what
 * stands in for rows when there are none: the empty text, or how to get some.
 */
export function SettlementTable({
  rows,
  loading,
  note,
}: {
  rows: SettlementRow[];
  loading: boolean;
  note: string | null;
}) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <Table
        aria-label="Transactions to settle"
        aria-busy={loading}
        size="small"
        style={{ tableLayout: 'auto', minWidth: 760 }}
      >
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c.name} className={c.number ? styles.number : undefined}>
                {c.name}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={`${r.client_id}-${r.service_name}`}>
              <TableCell>{r.client_name}</TableCell>
              <TableCell>{r.service_name}</TableCell>
              <TableCell className={styles.number}>{groupDigits(r.total_transaction)}</TableCell>
              <TableCell className={styles.number}>{formatRupiah(r.total_transaction_amount)}</TableCell>
              <TableCell className={styles.number}>{formatRupiah(r.total_fee_amount)}</TableCell>
              <TableCell className={styles.number}>{formatRupiah(r.total_amount)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && <Spinner size="small" label="Loading…" className={styles.note} />}
      {!loading && rows.length === 0 && note && <div className={styles.note}>{note}</div>}
    </div>
  );
}
