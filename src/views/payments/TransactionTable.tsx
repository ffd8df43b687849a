import type { ReactNode } from 'react';
import { Spinner, Text, makeStyles, tokens, useArrowNavigationGroup } from '@fluentui/react-components';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import type { TransactionRow } from '../../services/transactionQuery';
import { usePinnedCells } from '../common/pinnedColumns';
import { useKeptRowFocus } from '../common/rowFocus';
import { TransactionStatusBadge } from './TransactionStatusBadge';

// A plain table with one class per cell type: a 1000-row page stays light to render and scroll.
// Separate borders: collapsed ones stay behind when a pinned cell sticks.
const useStyles = makeStyles({
  wrap: {
    overflow: 'auto',
    maxHeight: '70vh',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  table: {
    width: '100%',
    borderCollapse: 'separate',
    borderSpacing: 0,
    fontSize: tokens.fontSizeBase200,
    minWidth: '1200px',
  },
  th: {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    textAlign: 'left',
    padding: '8px 10px',
    backgroundColor: tokens.colorNeutralBackground3,
    fontWeight: tokens.fontWeightSemibold,
    borderBottom: `1px solid ${tokens.colorNeutralStroke1}`,
    whiteSpace: 'nowrap',
  },
  td: { padding: '6px 10px', borderBottom: `1px solid ${tokens.colorNeutralStroke3}`, whiteSpace: 'nowrap' },
  num: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const headers = [
  'Transaction Time',
  'Correlation ID',
  'Client',
  'Type',
  'Account No',
  'RRN',
  'Amount',
  'Fee',
  'Status',
  'Paid Time',
  'Settlement Time',
];

export function TransactionTable({
  rows,
  loading,
  actions,
}: {
  rows: TransactionRow[];
  loading: boolean;
  actions?: (row: TransactionRow) => ReactNode;
}) {
  const styles = useStyles();
  // The whole table is one Tab stop: the arrow keys move between the action buttons, along a row and
  // to the rows above and below, so Tab does not walk every icon of every row (issue 26).
  const arrowKeys = useArrowNavigationGroup({ axis: 'grid', memorizeCurrent: true });
  const keptFocus = useKeptRowFocus();
  const { head, first, second, actionsCell, actionsHead } = usePinnedCells(styles);
  return (
    <div className={styles.wrap}>
      <table className={styles.table} aria-label="Payments" aria-busy={loading} {...arrowKeys} ref={keptFocus}>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className={head(h)}>
                {h}
              </th>
            ))}
            {actions && (
              <th scope="col" className={actionsHead}>
                Actions
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.uuid}>
              <td className={first}>{formatDateTime(r.transaction_time)}</td>
              <td className={second}>{r.correlation_id}</td>
              <td className={styles.td}>{r.client_name}</td>
              <td className={styles.td}>{r.type}</td>
              <td className={`${styles.td} ${styles.mono}`}>{r.account_no}</td>
              <td className={`${styles.td} ${styles.mono}`}>{r.rrn ?? '-'}</td>
              <td className={`${styles.td} ${styles.num}`}>{formatRupiah(r.amount)}</td>
              <td className={`${styles.td} ${styles.num}`}>{formatRupiah(r.fee_amount)}</td>
              <td className={styles.td}>
                <TransactionStatusBadge status={r.status} />
              </td>
              <td className={styles.td}>{formatDateTime(r.paid_time)}</td>
              <td className={styles.td}>{formatDateTime(r.settlement_time)}</td>
              {actions && <td className={actionsCell}>{actions(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {loading && rows.length === 0 && <Spinner label="Loading payments…" style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && (
        <Text block className={styles.empty}>
          No payments match these filters.
        </Text>
      )}
    </div>
  );
}
