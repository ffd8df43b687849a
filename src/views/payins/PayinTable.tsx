import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import type { TransactionRow } from '../../services/payinQuery';
import { ListTable, type ListColumn, type ListTableProps } from '../common/ListTable';
import { PayinStatusBadge } from './PayinStatusBadge';
import { msg } from '../../i18n/msg';
import { useT } from '../../i18n/useT';

/**
 * The figures follow the row's identity (issue 45): at 1366 and 1440 px the list is wider than its box,
 * and an Amount or Fee further right was cut or covered by the pinned Actions column until scrolled to.
 * Here they are whole in view as the page opens, whatever the other columns hold.
 * The headers stay English (issue 48): they name the columns the person chose (LIST_COLUMNS, saved views); the table
 * shows them in the language shown.
 */
export const PAYMENT_COLUMNS: readonly ListColumn<TransactionRow>[] = [
  {
    header: msg({ defaultMessage: 'Transaction Time', id: '6lc5Lh' }),
    cell: (r) => formatDateTime(r.transaction_time),
  },
  {
    header: msg({ defaultMessage: 'Correlation ID', id: 'p849eW' }),
    cell: (r) => r.correlation_id,
    journal: (r) => r.correlation_id,
  },
  { header: msg({ defaultMessage: 'Amount', id: '/0TOL5' }), cell: (r) => formatRupiah(r.amount), kind: 'num' },
  { header: msg({ defaultMessage: 'Fee', id: 'uT4OlP' }), cell: (r) => formatRupiah(r.fee_amount), kind: 'num' },
  { header: msg({ defaultMessage: 'Status', id: 'tzMNF3' }), cell: (r) => <PayinStatusBadge status={r.status} /> },
  { header: msg({ defaultMessage: 'Client', id: 'JX0502' }), cell: (r) => r.client_name },
  { header: msg({ defaultMessage: 'Type', id: '+U6ozc' }), cell: (r) => r.type },
  { header: msg({ defaultMessage: 'Account No', id: '01e3T1' }), cell: (r) => r.account_no, kind: 'mono' },
  { header: msg({ defaultMessage: 'RRN', id: 'HEg9SA' }), cell: (r) => r.rrn ?? '-', kind: 'mono' },
  { header: msg({ defaultMessage: 'Paid Time', id: 'HQMVgC' }), cell: (r) => formatDateTime(r.paid_time) },
  { header: msg({ defaultMessage: 'Settlement Time', id: 'eBlQmI' }), cell: (r) => formatDateTime(r.settlement_time) },
];

/** The Payments List's table: the pay-in fields, the row's identity leading. */
export function PayinTable(props: ListTableProps<TransactionRow>) {
  const t = useT();
  return <ListTable {...props} columns={PAYMENT_COLUMNS} label={t({ defaultMessage: 'Payments', id: 'iYc3Ld' })} />;
}
