import {
  Button,
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
import { formatRupiah } from '../../services/money';
import { TRANSFER_TO_DISBURSE_LABEL, type WithdrawalRow } from '../../services/withdrawalRules';
import { WithdrawalStatusBadge } from './WithdrawalStatusBadge';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  // A time broken at its hyphen or space ('2026-11-' over '26 03:44') no longer reads as a time.
  time: { whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const columns = [
  'Status',
  'Amount',
  'Initiator',
  'Beneficiary Bank',
  'Beneficiary Account',
  'Beneficiary Name',
  'Request Time',
  'Completed Time',
  'Remarks',
];

/** A row decision: the withdrawal lifecycle's event of the same name. */
export type RowAction = 'COMPLETE' | 'REJECT';
const LABELS: Record<RowAction, string> = { COMPLETE: 'Complete', REJECT: 'Reject' };

/**
 * Withdrawal History (spec section 2). A transfer to disburse has no bank account: the API keeps
 * the spec's '0', '0', 'None', and the table says what it is instead (issue 16).
 */
export function WithdrawalHistoryTable({
  rows,
  loading,
  decides,
  actionsOf,
  onAction,
}: {
  rows: WithdrawalRow[];
  loading: boolean;
  /** The role decides withdrawals: the table has an Actions column. */
  decides: boolean;
  /** The decisions the page allows on this row now. */
  actionsOf: (row: WithdrawalRow) => RowAction[];
  onAction: (type: RowAction, row: WithdrawalRow) => void;
}) {
  const styles = useStyles();
  return (
    <div className={styles.wrap}>
      <Table
        aria-label="Withdrawal History"
        aria-busy={loading}
        size="small"
        style={{ tableLayout: 'auto', minWidth: 960 }}
      >
        <TableHeader>
          <TableRow>
            {columns.map((c) => (
              <TableHeaderCell key={c} className={c === 'Amount' ? styles.amount : undefined}>
                {c}
              </TableHeaderCell>
            ))}
            {decides && <TableHeaderCell>Actions</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.uuid}>
              <TableCell>
                <WithdrawalStatusBadge status={r.status} />
              </TableCell>
              <TableCell className={styles.amount}>{formatRupiah(r.amount)}</TableCell>
              <TableCell>{r.name}</TableCell>
              {r.type === 'transfer_to_disburse' ? (
                <TableCell colSpan={3}>{TRANSFER_TO_DISBURSE_LABEL}</TableCell>
              ) : (
                <>
                  <TableCell>{r.bank_name}</TableCell>
                  <TableCell>{r.account_no}</TableCell>
                  <TableCell>{r.bank_account_name}</TableCell>
                </>
              )}
              <TableCell className={styles.time}>{formatDateTime(r.withdrawal_time)}</TableCell>
              <TableCell className={styles.time}>{formatDateTime(r.completed_time)}</TableCell>
              <TableCell>{r.description || '-'}</TableCell>
              {decides && (
                <TableCell>
                  <div className={styles.actions} role="group" aria-label={`Actions for ${r.uuid}`}>
                    {/* The id finds the button again when its dialog closes: the actions leave while it is open. */}
                    {actionsOf(r).map((type) => (
                      <Button
                        key={type}
                        id={`withdrawal-${type}-${r.uuid}`}
                        size="small"
                        appearance={type === 'COMPLETE' ? 'primary' : 'secondary'}
                        onClick={() => onAction(type, r)}
                      >
                        {LABELS[type]}
                      </Button>
                    ))}
                  </div>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && rows.length === 0 && <Spinner label="Loading withdrawals…" style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && (
        <Text block className={styles.empty}>
          No withdrawals in this period.
        </Text>
      )}
    </div>
  );
}
