import { useMemo } from 'react';
import type { DepositRow } from '../../services/disbursementAccountRules';
import { formatDateTime } from '../../services/format';
import { formatRupiah } from '../../services/money';
import { DataTable, type Column } from '../common/DataTable';
import { useSaid, useT } from '../../i18n/useT';

/** Deposits and adjustments of a disbursement balance: PIC, Amount, Deposit Time, Description (spec sections 2, 3).
 * A description the server wrote from a message ('Master balance adjustment by {maker}') is said in the reader's
 * language; one a person typed stays as typed. */
export function DepositTable({ label, rows, loading }: { label: string; rows: DepositRow[]; loading: boolean }) {
  const t = useT();
  const said = useSaid();
  const columns = useMemo<Column<DepositRow>[]>(
    () => [
      { header: t({ defaultMessage: 'PIC', id: 'E+d7Nn' }), cell: (r) => r.name },
      { header: t({ defaultMessage: 'Amount', id: '/0TOL5' }), cell: (r) => formatRupiah(r.amount), number: true },
      { header: t({ defaultMessage: 'Deposit Time', id: 'pCbTs0' }), cell: (r) => formatDateTime(r.created_at) },
      {
        header: t({ defaultMessage: 'Description', id: 'Q8Qw5B' }),
        cell: (r) => (r.description ? said(r.description) : '-'),
      },
    ],
    [t, said],
  );
  return (
    <DataTable
      label={label}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      loadingText={{ label: t({ defaultMessage: 'Loading…', id: 'T4VxQN' }), overRows: true }}
      empty={t({ defaultMessage: 'No deposits in this date range.', id: '3nnOAw' })}
      minWidth={640}
    />
  );
}
