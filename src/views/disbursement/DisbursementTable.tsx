import { memo, type ReactNode } from 'react';
import { Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import type { DisbursementRow } from '../../services/disbursementQuery';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { ScrollRegion } from '../common/ScrollRegion';
import { DisbursementStatusBadge } from './DisbursementStatusBadge';

// A plain table, as the Payments List's: a 1000-row page stays light to render and scroll.
const useStyles = makeStyles({
  wrap: { overflow: 'auto', maxHeight: '70vh', border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium },
  table: { width: '100%', borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, minWidth: '1400px' },
  th: {
    position: 'sticky', top: 0, zIndex: 1, textAlign: 'left', padding: '8px 10px', backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold, borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, whiteSpace: 'nowrap',
  },
  td: { padding: '6px 10px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, whiteSpace: 'nowrap' },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

/** The spec's disbursement fields (section 3), paid_time shown as Completed Time. */
export const DISBURSEMENT_COLUMNS = [
  'Status', 'Withdrawal Method', 'Correlation ID', 'Client', 'Bank Name', 'Bank Account Name', 'Account No', 'Original Transaction No',
  'Amount', 'Fee', 'Transaction Time', 'Completed Time',
] as const;

export const DisbursementTable = memo(function DisbursementTable({ rows, loading, actions }: {
  rows: DisbursementRow[]; loading: boolean; actions?: (row: DisbursementRow) => ReactNode;
}) {
  const styles = useStyles();
  const num = `${styles.td} ${styles.num}`;
  const mono = `${styles.td} ${styles.mono}`;
  return (
    <ScrollRegion label="Disbursements, scrollable" className={styles.wrap}>
      <table className={styles.table} aria-label="Disbursements" aria-busy={loading}>
        <thead>
          <tr>
            {DISBURSEMENT_COLUMNS.map((h) => <th key={h} scope="col" className={h === 'Amount' || h === 'Fee' ? `${styles.th} ${styles.num}` : styles.th}>{h}</th>)}
            {actions && <th scope="col" className={styles.th}>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.uuid}>
              <td className={styles.td}><DisbursementStatusBadge status={r.status} /></td>
              <td className={styles.td}>{r.withdrawal_method}</td>
              <td className={mono}>{r.correlation_id}</td>
              <td className={styles.td}>{r.client_name}</td>
              <td className={styles.td}>{r.bank_name}</td>
              <td className={styles.td}>{r.bank_account_name}</td>
              <td className={mono}>{r.account_no}</td>
              <td className={mono}>{r.original_transaction_no ?? '-'}</td>
              <td className={num}>{formatRupiah(r.amount)}</td>
              <td className={num}>{formatRupiah(r.fee_amount)}</td>
              <td className={styles.td}>{formatDateTime(r.transaction_time)}</td>
              <td className={styles.td}>{formatDateTime(r.paid_time)}</td>
              {actions && <td className={styles.td}>{actions(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {loading && rows.length === 0 && <Spinner label="Loading disbursements…" style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && <Text block className={styles.empty}>No disbursements match these filters.</Text>}
    </ScrollRegion>
  );
});
