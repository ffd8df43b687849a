import type { ClientBalance } from '../../services/overviewRules';
import { formatRupiah } from '../../services/money';
import { DataTable, type Column } from '../common/DataTable';
import { useT } from '../../i18n/useT';

/** Each client's balances in the user's scope, as Payments Balance shows them. */
export function BalancesTable({ balances }: { balances: readonly ClientBalance[] }) {
  const t = useT();
  const columns: readonly Column<ClientBalance>[] = [
    { header: t({ defaultMessage: 'Client', id: 'JX0502' }), cell: (b) => b.client_name },
    {
      header: t({ defaultMessage: 'Non-withdrawable', id: 'gXuHNo' }),
      cell: (b) => formatRupiah(b.nonwithdrawable),
      number: true,
    },
    {
      header: t({ defaultMessage: 'Withdrawable', id: '1wANY0' }),
      cell: (b) => formatRupiah(b.withdrawable),
      number: true,
    },
    {
      header: t({ defaultMessage: 'Disbursement', id: 'rKX2ah' }),
      cell: (b) => formatRupiah(b.disbursement),
      number: true,
    },
  ];
  return (
    <DataTable
      label={t({ defaultMessage: 'Balances per client', id: 'Jt4ecc' })}
      columns={columns}
      rows={balances}
      rowKey={(b) => b.client_id}
      loading={false}
      loadingText={{ label: '' }}
      empty={t({ defaultMessage: 'No client is in your scope.', id: 'rmimmX' })}
      minWidth={0}
    />
  );
}
