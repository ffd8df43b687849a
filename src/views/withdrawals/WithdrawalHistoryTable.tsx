import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { useSaid, useT } from '../../i18n/useT';
import type { Translate } from '../../i18n/translate';
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
type T = ReturnType<typeof useT>;
const labelOf = (t: T, type: RowAction) =>
  type === 'COMPLETE' ? t({ defaultMessage: 'Complete', id: 'U78NhE' }) : t({ defaultMessage: 'Reject', id: 'VzIOKf' });

const isTransfer = (r: WithdrawalRow) => r.type === 'transfer_to_disburse';

/**
 * The history's columns in the language shown. A transfer to disburse has no bank account: its first bank cell says
 * so across all three. A journal reader's Amount cell opens the withdrawal's journal (its uuid is the ledger's
 * reference).
 */
function columnsOf(t: T, said: Translate, journals: boolean): Column<WithdrawalRow>[] {
  const bankColumn = (header: string, cell: (r: WithdrawalRow) => string, first = false): Column<WithdrawalRow> => ({
    header,
    cell: (r) => (isTransfer(r) ? said(TRANSFER_TO_DISBURSE_LABEL) : cell(r)),
    span: (r) => (isTransfer(r) ? (first ? 3 : 0) : 1),
  });
  return [
    { header: t({ defaultMessage: 'Status', id: 'tzMNF3' }), cell: (r) => <WithdrawalStatusBadge status={r.status} /> },
    {
      header: t({ defaultMessage: 'Amount', id: '/0TOL5' }),
      cell: journals
        ? (r) => <JournalLink reference={r.uuid}>{formatRupiah(r.amount)}</JournalLink>
        : (r) => formatRupiah(r.amount),
      number: true,
    },
    { header: t({ defaultMessage: 'Initiator', id: 'tu+q8B' }), cell: (r) => r.name },
    bankColumn(t({ defaultMessage: 'Beneficiary Bank', id: 'PyAH4w' }), (r) => r.bank_name, true),
    bankColumn(t({ defaultMessage: 'Beneficiary Account', id: '2/It1t' }), (r) => r.account_no),
    bankColumn(t({ defaultMessage: 'Beneficiary Name', id: 'BL4SoA' }), (r) => r.bank_account_name),
    {
      header: t({ defaultMessage: 'Request Time', id: 'wTyTlj' }),
      cell: (r) => formatDateTime(r.withdrawal_time),
      nowrap: true,
    },
    {
      header: t({ defaultMessage: 'Completed Time', id: 'jeD2RE' }),
      cell: (r) => formatDateTime(r.completed_time),
      nowrap: true,
    },
    { header: t({ defaultMessage: 'Remarks', id: '+k5Igf' }), cell: (r) => r.description || '-' },
  ];
}

/** The Client column, after Status, when the history shows All clients (issue 45): each row's client by name. */
const clientColumn = (t: T, clients: readonly ClientOption[]): Column<WithdrawalRow> => ({
  header: t({ defaultMessage: 'Client', id: 'JX0502' }),
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
  const t = useT();
  const said = useSaid();
  const actions: Column<WithdrawalRow> = {
    header: t({ defaultMessage: 'Actions', id: 'wL7VAE' }),
    cell: (r) => (
      <div
        className={styles.actions}
        role="group"
        aria-label={t({ defaultMessage: 'Actions for {id}', id: 'pKIqcF' }, { id: r.uuid })}
      >
        {/* The id finds the button again when its dialog closes: the actions leave while it is open. */}
        {actionsOf(r).map((type) => (
          <Button
            key={type}
            id={`withdrawal-${type}-${r.uuid}`}
            size="small"
            appearance={type === 'COMPLETE' ? 'primary' : 'secondary'}
            onClick={() => onAction(type, r)}
          >
            {labelOf(t, type)}
          </Button>
        ))}
      </div>
    ),
  };
  const shown = columnsOf(t, said, journals);
  return (
    <DataTable
      label={t({ defaultMessage: 'Withdrawal History', id: 'X6mbVV' })}
      columns={[
        ...shown.slice(0, 1),
        ...(clientNames ? [clientColumn(t, clientNames)] : []),
        ...shown.slice(1),
        ...(decides ? [actions] : []),
      ]}
      rows={rows}
      rowKey={(r) => r.uuid}
      loading={loading}
      loadingText={{ label: t({ defaultMessage: 'Loading withdrawals…', id: 'G0y7la' }) }}
      empty={t({ defaultMessage: 'No withdrawals in this period.', id: 'nAXI8a' })}
      minWidth={960}
    />
  );
}
