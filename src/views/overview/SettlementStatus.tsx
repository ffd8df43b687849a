import { Badge } from '@fluentui/react-components';
import { settlementTypeLabel } from '../../services/overviewFigures';
import type { SettlementFigure } from '../../services/overviewRules';
import { countText } from '../../i18n/countText';
import { DataTable, type Column } from '../common/DataTable';
import { useSaid, useT } from '../../i18n/useT';

/** Whether yesterday's window is settled, per settlement type, and how many pay-ins still wait. */
export function SettlementStatus({ settlement }: { settlement: readonly SettlementFigure[] }) {
  const t = useT();
  const said = useSaid();
  const columns: readonly Column<SettlementFigure>[] = [
    { header: t({ defaultMessage: 'Type', id: '+U6ozc' }), cell: (s) => said(settlementTypeLabel(s.type)) },
    {
      header: t({ defaultMessage: 'Yesterday', id: '6dIxDP' }),
      cell: (s) =>
        s.settled ? (
          <Badge appearance="tint" color="success" shape="rounded">
            {t({ defaultMessage: 'Settled', id: 'f6a7e/' })}
          </Badge>
        ) : (
          <Badge appearance="tint" color="warning" shape="rounded">
            {t({ defaultMessage: 'Not yet', id: 'lO7wKc' })}
          </Badge>
        ),
    },
    {
      header: t({ defaultMessage: 'Waiting pay-ins', id: '47fqcq' }),
      cell: (s) => countText(s.unsettled_count),
      number: true,
    },
  ];
  return (
    <DataTable
      label={t({ defaultMessage: 'Settlement of yesterday', id: 'RedEUS' })}
      columns={columns}
      rows={settlement}
      rowKey={(s) => s.type}
      loading={false}
      loadingText={{ label: '' }}
      empty={t({ defaultMessage: 'No settlement type.', id: 'fTfb5N' })}
      minWidth={0}
    />
  );
}
