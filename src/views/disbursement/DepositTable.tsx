import type { DepositRow } from '../../services/disbursementAccountRules';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { DataTable, type Column } from '../common/DataTable';

const columns: Column<DepositRow>[] = [
  { header: 'PIC', cell: (r) => r.name },
  { header: 'Amount', cell: (r) => formatRupiah(r.amount), number: true },
  { header: 'Deposit Time', cell: (r) => formatDateTime(r.created_at) },
  { header: 'Description', cell: (r) => r.description || '-' },
];

/** Deposits and adjustments of a disbursement balance: PIC, Amount, Deposit Time, Description (spec sections 2, 3). */
export function DepositTable({ label, rows, loading }: { label: string; rows: DepositRow[]; loading: boolean }) {
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      loadingText={{ label: 'Loading…', overRows: true }}
      empty="No deposits in this date range."
      minWidth={640}
    />
  );
}
