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
import type { DepositRow } from '../../services/disbursementAccountRules';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const columns = ['PIC', 'Amount', 'Deposit Time', 'Description'];

/** Deposits and adjustments of a disbursement balance: PIC, Amount, Deposit Time, Description (spec sections 2, 3). */
export function DepositTable({ label, rows, loading }: { label: string; rows: DepositRow[]; loading: boolean }) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <Table aria-label={label} aria-busy={loading} size="small" style={{ tableLayout: 'auto', minWidth: 640 }}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c} className={c === 'Amount' ? styles.amount : undefined}>
                {c}
              </TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id}>
              <TableCell>{r.name}</TableCell>
              <TableCell className={styles.amount}>{formatRupiah(r.amount)}</TableCell>
              <TableCell>{formatDateTime(r.created_at)}</TableCell>
              <TableCell>{r.description || '-'}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && <Spinner size="small" label="Loading…" className={styles.empty} />}
      {!loading && rows.length === 0 && <div className={styles.empty}>No deposits in this date range.</div>}
    </div>
  );
}
