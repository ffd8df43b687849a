import { formatRupiah, groupDigits } from '../../services/money';
import type { SettlementRow } from '../../services/settlementRules';
import { DataTable, type Column } from '../common/DataTable';

const columns: Column<SettlementRow>[] = [
  { header: 'Client Name', cell: (r) => r.client_name },
  { header: 'Service Name', cell: (r) => r.service_name },
  { header: 'Total Transaction Count', cell: (r) => groupDigits(r.total_transaction), number: true },
  { header: 'Total Transaction Amount', cell: (r) => formatRupiah(r.total_transaction_amount), number: true },
  { header: 'Total Fee Amount', cell: (r) => formatRupiah(r.total_fee_amount), number: true },
  { header: 'Total Amount', cell: (r) => formatRupiah(r.total_amount), number: true },
];

/**
 * A window's FINALIZED pay-ins per client and service (spec section 2, Settlement). `note` is what
 * stands in for rows when there are none: the empty text, or how to get some.
 */
export function SettlementTable({
  rows,
  loading,
  note,
}: {
  rows: SettlementRow[];
  loading: boolean;
  note: string | null;
}) {
  return (
    <DataTable
      label="Transactions to settle"
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.client_id}-${r.service_name}`}
      loading={loading}
      loadingText={{ label: 'Loading…', overRows: true }}
      empty={note}
      minWidth={760}
    />
  );
}
