import type { ClientBalance } from '../../services/overviewRules';
import { formatRupiah } from '../../services/money';
import { DataTable, type Column } from '../common/DataTable';

const COLUMNS: readonly Column<ClientBalance>[] = [
  { header: 'Client', cell: (b) => b.client_name },
  { header: 'Non-withdrawable', cell: (b) => formatRupiah(b.nonwithdrawable), number: true },
  { header: 'Withdrawable', cell: (b) => formatRupiah(b.withdrawable), number: true },
  { header: 'Disbursement', cell: (b) => formatRupiah(b.disbursement), number: true },
];

/** Each client's balances in the user's scope, as Payments Balance shows them. */
export function BalancesTable({ balances }: { balances: readonly ClientBalance[] }) {
  return (
    <DataTable
      label="Balances per client"
      columns={COLUMNS}
      rows={balances}
      rowKey={(b) => b.client_id}
      loading={false}
      loadingText={{ label: '' }}
      empty="No client is in your scope."
      minWidth={0}
    />
  );
}
