import type { DisbursementRow } from '../../services/disbursementQuery';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { ListTable, type ListColumn, type ListTableProps } from '../common/ListTable';
import { DisbursementStatusBadge } from './DisbursementStatusBadge';

/**
 * The spec's disbursement fields (section 3), paid_time shown as Completed Time. The row's identity
 * leads, as on the Payments List, because it stays pinned in view while the rest scrolls (issue 26);
 * Status, Amount and Fee follow it, so they are in view before any scrolling: further right, the
 * figures were off the box or under the pinned Actions column at 1366 and 1440 px (issue 45).
 */
export const DISBURSEMENT_COLUMNS: readonly ListColumn<DisbursementRow>[] = [
  { header: 'Transaction Time', cell: (r) => formatDateTime(r.transaction_time) },
  { header: 'Correlation ID', cell: (r) => r.correlation_id, journal: (r) => r.uuid },
  { header: 'Status', cell: (r) => <DisbursementStatusBadge status={r.status} /> },
  { header: 'Amount', cell: (r) => formatRupiah(r.amount), kind: 'num' },
  { header: 'Fee', cell: (r) => formatRupiah(r.fee_amount), kind: 'num' },
  { header: 'Withdrawal Method', cell: (r) => r.withdrawal_method },
  { header: 'Client', cell: (r) => r.client_name },
  { header: 'Bank Name', cell: (r) => r.bank_name },
  { header: 'Bank Account Name', cell: (r) => r.bank_account_name },
  { header: 'Account No', cell: (r) => r.account_no, kind: 'mono' },
  { header: 'Original Transaction No', cell: (r) => r.original_transaction_no ?? '-', kind: 'mono' },
  { header: 'Completed Time', cell: (r) => formatDateTime(r.paid_time) },
];

/** The Disbursement List's table: wider, in a named scroll region. */
export function DisbursementTable(props: ListTableProps<DisbursementRow>) {
  return (
    <ListTable
      {...props}
      columns={DISBURSEMENT_COLUMNS}
      label="Disbursements"
      scrollLabel="Disbursements, scrollable"
      wide
    />
  );
}
