import { Badge } from '@fluentui/react-components';
import { settlementTypeLabel } from '../../services/overviewFigures';
import type { SettlementFigure } from '../../services/overviewRules';
import { groupDigits } from '../../services/money';
import { DataTable, type Column } from '../common/DataTable';

const COLUMNS: readonly Column<SettlementFigure>[] = [
  { header: 'Type', cell: (s) => settlementTypeLabel(s.type) },
  {
    header: 'Yesterday',
    cell: (s) =>
      s.settled ? (
        <Badge appearance="tint" color="success" shape="rounded">
          Settled
        </Badge>
      ) : (
        <Badge appearance="tint" color="warning" shape="rounded">
          Not yet
        </Badge>
      ),
  },
  { header: 'Waiting pay-ins', cell: (s) => groupDigits(s.unsettled_count), number: true },
];

/** Whether yesterday's window is settled, per settlement type, and how many pay-ins still wait. */
export function SettlementStatus({ settlement }: { settlement: readonly SettlementFigure[] }) {
  return (
    <DataTable
      label="Settlement of yesterday"
      columns={COLUMNS}
      rows={settlement}
      rowKey={(s) => s.type}
      loading={false}
      loadingText={{ label: '' }}
      empty="No settlement type."
      minWidth={0}
    />
  );
}
