import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import type { ClientOption } from '../../services/schemas';
import { TRANSFER_TO_DISBURSE_LABEL, type WithdrawalRow } from '../../services/withdrawalRules';
import { DataTable, type Column } from '../common/DataTable';
import { JournalLink } from '../common/JournalLink';
import { WithdrawalStatusBadge } from './WithdrawalStatusBadge';

// The buttons wrap (Complete above Reject) rather than push the table wider than a 1366-pixel screen.
const useStyles = makeStyles({ actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS } });

/** A row decision: the withdrawal lifecycle's event of the same name. */
export type RowAction = 'COMPLETE' | 'REJECT';
const LABELS: Record<RowAction, string> = { COMPLETE: 'Complete', REJECT: 'Reject' };

const isTransfer = (r: WithdrawalRow) => r.type === 'transfer_to_disburse';
// A transfer to disburse has no bank account: its first bank cell says so across all three.
const bankColumn = (header: string, cell: (r: WithdrawalRow) => string, first = false): Column<WithdrawalRow> => ({
  header,
  cell: (r) => (isTransfer(r) ? TRANSFER_TO_DISBURSE_LABEL : cell(r)),
  span: (r) => (isTransfer(r) ? (first ? 3 : 0) : 1),
});

const columns: Column<WithdrawalRow>[] = [
  { header: 'Status', cell: (r) => <WithdrawalStatusBadge status={r.status} /> },
  { header: 'Amount', cell: (r) => formatRupiah(r.amount), number: true },
  { header: 'Initiator', cell: (r) => r.name },
  bankColumn('Beneficiary Bank', (r) => r.bank_name, true),
  bankColumn('Beneficiary Account', (r) => r.account_no),
  bankColumn('Beneficiary Name', (r) => r.bank_account_name),
  { header: 'Request Time', cell: (r) => formatDateTime(r.withdrawal_time), nowrap: true },
  { header: 'Completed Time', cell: (r) => formatDateTime(r.completed_time), nowrap: true },
  { header: 'Remarks', cell: (r) => r.description || '-' },
];

// A journal reader's Amount cell opens the withdrawal's journal (its uuid is the ledger's reference).
const withJournal = (column: Column<WithdrawalRow>): Column<WithdrawalRow> =>
  column.header === 'Amount'
    ? { ...column, cell: (r) => <JournalLink reference={r.uuid}>{formatRupiah(r.amount)}</JournalLink> }
    : column;

/** The Client column, after Status, when the history shows All clients (issue 45): each row's client by name. */
const clientColumn = (clients: readonly ClientOption[]): Column<WithdrawalRow> => ({
  header: 'Client',
  cell: (r) => clients.find((c) => c.id === r.client_id)?.client_name ?? String(r.client_id),
});

/**
 * Withdrawal History (spec section 2). A transfer to disburse has no bank account: the API keeps
 * the spec's '0', '0', 'None', and the table says what it is instead (issue 16).
 */
export function WithdrawalHistoryTable({
  rows,
  loading,
  decides,
  clientNames = null,
  journals = false,
  actionsOf,
  onAction,
}: {
  rows: WithdrawalRow[];
  loading: boolean;
  /** The role decides withdrawals: the table has an Actions column. */
  decides: boolean;
  /** All clients are shown: a Client column names each row's client from these. */
  clientNames?: readonly ClientOption[] | null;
  /** The user reads the Ledger: each amount links to the withdrawal's journal. */
  journals?: boolean;
  /** The decisions the page allows on this row now. */
  actionsOf: (row: WithdrawalRow) => RowAction[];
  onAction: (type: RowAction, row: WithdrawalRow) => void;
}) {
  const styles = useStyles();
  const actions: Column<WithdrawalRow> = {
    header: 'Actions',
    cell: (r) => (
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
    ),
  };
  const shown = journals ? columns.map(withJournal) : columns;
  return (
    <DataTable
      label="Withdrawal History"
      columns={[
        ...shown.slice(0, 1),
        ...(clientNames ? [clientColumn(clientNames)] : []),
        ...shown.slice(1),
        ...(decides ? [actions] : []),
      ]}
      rows={rows}
      rowKey={(r) => r.uuid}
      loading={loading}
      loadingText={{ label: 'Loading withdrawals…' }}
      empty="No withdrawals in this period."
      minWidth={960}
    />
  );
}
