import { memo, type ReactNode } from 'react';
import { Spinner, Text, makeStyles, tokens, useArrowNavigationGroup } from '@fluentui/react-components';
import type { DisbursementRow } from '../../services/disbursementQuery';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { ScrollRegion } from '../common/ScrollRegion';
import { usePinnedCells } from '../common/pinnedColumns';
import { useKeptRowFocus } from '../common/rowFocus';
import { DisbursementStatusBadge } from './DisbursementStatusBadge';

// A plain table, as the Payments List's: a 1000-row page stays light to render and scroll.
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
    minWidth: '1400px',
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

/**
 * The spec's disbursement fields (section 3), paid_time shown as Completed Time. The row's identity
 * leads, as on the Payments List, because it stays pinned in view while the rest scrolls (issue 26);
 * Status follows it, so it is in view before any scrolling.
 */
export const DISBURSEMENT_COLUMNS = [
  'Transaction Time',
  'Correlation ID',
  'Status',
  'Withdrawal Method',
  'Client',
  'Bank Name',
  'Bank Account Name',
  'Account No',
  'Original Transaction No',
  'Amount',
  'Fee',
  'Completed Time',
] as const;

export const DisbursementTable = memo(function DisbursementTable({
  rows,
  loading,
  actions,
}: {
  rows: DisbursementRow[];
  loading: boolean;
  actions?: (row: DisbursementRow) => ReactNode;
}) {
  const styles = useStyles();
  // One Tab stop for the table: the arrow keys move between the action buttons (issue 26).
  const arrowKeys = useArrowNavigationGroup({ axis: 'grid', memorizeCurrent: true });
  const keptFocus = useKeptRowFocus();
  const num = `${styles.td} ${styles.num}`;
  const mono = `${styles.td} ${styles.mono}`;
  const { head, first, second, actionsCell, actionsHead } = usePinnedCells(styles);
  return (
    <ScrollRegion label="Disbursements, scrollable" className={styles.wrap}>
      <table className={styles.table} aria-label="Disbursements" aria-busy={loading} {...arrowKeys} ref={keptFocus}>
        <thead>
          <tr>
            {DISBURSEMENT_COLUMNS.map((h) => (
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
              <td className={styles.td}>
                <DisbursementStatusBadge status={r.status} />
              </td>
              <td className={styles.td}>{r.withdrawal_method}</td>
              <td className={styles.td}>{r.client_name}</td>
              <td className={styles.td}>{r.bank_name}</td>
              <td className={styles.td}>{r.bank_account_name}</td>
              <td className={mono}>{r.account_no}</td>
              <td className={mono}>{r.original_transaction_no ?? '-'}</td>
              <td className={num}>{formatRupiah(r.amount)}</td>
              <td className={num}>{formatRupiah(r.fee_amount)}</td>
              <td className={styles.td}>{formatDateTime(r.paid_time)}</td>
              {actions && <td className={actionsCell}>{actions(r)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      {loading && rows.length === 0 && <Spinner label="Loading disbursements…" style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && (
        <Text block className={styles.empty}>
          No disbursements match these filters.
        </Text>
      )}
    </ScrollRegion>
  );
});
