import {
  Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { withdrawalLifecycle } from '../../machines/lifecycle/withdrawalLifecycle';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import type { UserTypeName } from '../../services/schemas';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { WithdrawalStatusBadge } from './WithdrawalStatusBadge';

const useStyles = makeStyles({
  wrap: { overflowX: 'auto' },
  amount: { textAlign: 'right', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  empty: { padding: tokens.spacingVerticalXL, textAlign: 'center', color: tokens.colorNeutralForeground3 },
});

const columns = ['Status', 'Amount', 'Initiator', 'Beneficiary Bank', 'Beneficiary Account', 'Beneficiary Name', 'Request Time', 'Completed Time', 'Remarks'];

/** Row actions come from the withdrawal lifecycle: only what it allows this user on this row is offered. */
const can = (row: WithdrawalRow, type: 'COMPLETE' | 'REJECT', role: UserTypeName) =>
  withdrawalLifecycle.resolveState({ value: row.status, context: {} }).can({ type, role });

export function WithdrawalHistoryTable({ rows, loading, role, onDecide }: {
  rows: WithdrawalRow[]; loading: boolean; role: UserTypeName; onDecide: (row: WithdrawalRow, decision: 'COMPLETED' | 'REJECTED') => void;
}) {
  const styles = useStyles();
  const withActions = rows.some((r) => can(r, 'COMPLETE', role) || can(r, 'REJECT', role));
  return (
    <div className={styles.wrap}>
      <Table aria-label="Withdrawal History" size="small" style={{ tableLayout: 'auto', minWidth: 960 }}>
        <TableHeader>
          <TableRow>
            {columns.map((c) => <TableHeaderCell key={c} className={c === 'Amount' ? styles.amount : undefined}>{c}</TableHeaderCell>)}
            {withActions && <TableHeaderCell>Actions</TableHeaderCell>}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.uuid}>
              <TableCell><WithdrawalStatusBadge status={r.status} /></TableCell>
              <TableCell className={styles.amount}>{formatRupiah(r.amount)}</TableCell>
              <TableCell>{r.name}</TableCell>
              <TableCell>{r.bank_name}</TableCell>
              <TableCell>{r.account_no}</TableCell>
              <TableCell>{r.bank_account_name}</TableCell>
              <TableCell>{formatDateTime(r.withdrawal_time)}</TableCell>
              <TableCell>{formatDateTime(r.completed_time)}</TableCell>
              <TableCell>{r.description || '-'}</TableCell>
              {withActions && (
                <TableCell>
                  <div className={styles.actions}>
                    {can(r, 'COMPLETE', role) && <Button size="small" appearance="primary" onClick={() => onDecide(r, 'COMPLETED')}>Complete</Button>}
                    {can(r, 'REJECT', role) && <Button size="small" onClick={() => onDecide(r, 'REJECTED')}>Reject</Button>}
                  </div>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {loading && rows.length === 0 && <Spinner label="Loading withdrawals…" style={{ padding: 24 }} />}
      {!loading && rows.length === 0 && <Text block className={styles.empty}>No withdrawals in this period.</Text>}
    </div>
  );
}
