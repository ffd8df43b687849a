import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import type { TransactionRow } from '../../services/payinQuery';
import { ListTable, type ListColumn, type ListTableProps } from '../common/ListTable';
import { PayinStatusBadge } from './PayinStatusBadge';

/**
 * The figures follow the row's identity (issue 45): at 1366 and 1440 px the list is wider than its box,
 * and an Amount or Fee further right was cut or covered by the pinned Actions column until scrolled to.
 * Here they are whole in view as the page opens, whatever the other columns hold.
 */
export const PAYMENT_COLUMNS: readonly ListColumn<TransactionRow>[] = [
  { header: 'Transaction Time', cell: (r) => formatDateTime(r.transaction_time) },
  { header: 'Correlation ID', cell: (r) => r.correlation_id, journal: (r) => r.correlation_id },
  { header: 'Amount', cell: (r) => formatRupiah(r.amount), kind: 'num' },
  { header: 'Fee', cell: (r) => formatRupiah(r.fee_amount), kind: 'num' },
  { header: 'Status', cell: (r) => <PayinStatusBadge status={r.status} /> },
  { header: 'Client', cell: (r) => r.client_name },
  { header: 'Type', cell: (r) => r.type },
  { header: 'Account No', cell: (r) => r.account_no, kind: 'mono' },
  { header: 'RRN', cell: (r) => r.rrn ?? '-', kind: 'mono' },
  { header: 'Paid Time', cell: (r) => formatDateTime(r.paid_time) },
  { header: 'Settlement Time', cell: (r) => formatDateTime(r.settlement_time) },
];

/** The Payments List's table: the pay-in fields, the row's identity leading. */
export function PayinTable(props: ListTableProps<TransactionRow>) {
  return <ListTable {...props} columns={PAYMENT_COLUMNS} label="Payments" />;
}
