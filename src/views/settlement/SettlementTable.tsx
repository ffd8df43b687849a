import { formatRupiah } from '../../services/money';
import { countText } from '../../i18n/countText';
import type { SettlementRow } from '../../services/settlementRules';
import { DataTable, type Column } from '../common/DataTable';
import { useT } from '../../i18n/useT';

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
  const t = useT();
  const columns: Column<SettlementRow>[] = [
    { header: t({ defaultMessage: 'Client Name', id: '1p0sty' }), cell: (r) => r.client_name },
    { header: t({ defaultMessage: 'Service Name', id: 'J4gOpG' }), cell: (r) => r.service_name },
    {
      header: t({ defaultMessage: 'Total Transaction Count', id: 'O55j+R' }),
      cell: (r) => countText(r.total_transaction),
      number: true,
    },
    {
      header: t({ defaultMessage: 'Total Transaction Amount', id: 'H1Egnm' }),
      cell: (r) => formatRupiah(r.total_transaction_amount),
      number: true,
    },
    {
      header: t({ defaultMessage: 'Total Fee Amount', id: 'RYepBx' }),
      cell: (r) => formatRupiah(r.total_fee_amount),
      number: true,
    },
    {
      header: t({ defaultMessage: 'Total Amount', id: 'CDTMW3' }),
      cell: (r) => formatRupiah(r.total_amount),
      number: true,
    },
  ];
  return (
    <DataTable
      label={t({ defaultMessage: 'Transactions to settle', id: 'vkkODO' })}
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.client_id}-${r.service_name}`}
      loading={loading}
      loadingText={{ label: t({ defaultMessage: 'Loading…', id: 'T4VxQN' }), overRows: true }}
      empty={note}
      minWidth={760}
    />
  );
}
