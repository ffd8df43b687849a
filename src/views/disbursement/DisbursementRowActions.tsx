import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  CheckmarkCircleRegular,
  DismissCircleRegular,
  DocumentRegular,
  WalletRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { RowActionType } from '../../machines/disbursementListMachine';
import type { DisbursementRow } from '../../services/disbursementQuery';

export const ROW_ACTION_LABELS: Record<RowActionType, { label: string; icon: ReactElement }> = {
  FINALIZE: { label: 'Finalize', icon: <CheckmarkCircleRegular /> },
  REJECT: { label: 'Reject', icon: <DismissCircleRegular /> },
  REFRESH_STATUS: { label: 'Auto-update status', icon: <ArrowClockwiseRegular /> },
  GENERATE_INVOICE: { label: 'Generate invoice', icon: <DocumentRegular /> },
  ADD_TO_WITHDRAWABLE: { label: 'Add to withdrawable balance', icon: <WalletRegular /> },
};

/** A row action's accessible name: the spec's words, then the row it acts on. */
export const disbursementActionName = (type: RowActionType, row: Pick<DisbursementRow, 'correlation_id'>) =>
  `${ROW_ACTION_LABELS[type].label} ${row.correlation_id}`;

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalXS } });

/**
 * One row's actions: those the page machine accepts for it now (the lifecycle decides which), as
 * icon buttons named for screen readers, like the Payments List's; each opens its dialog. The name
 * carries the row's correlation ID ('Finalize DSB…'), so a button heard alone says which row it acts
 * on; the tooltip keeps the spec's words and stays out of the accessibility tree.
 * The id finds the button again when its dialog closes (the actions leave while a dialog is open).
 */
export function DisbursementRowActions({
  row,
  offered,
  onAction,
}: {
  row: DisbursementRow;
  offered: readonly RowActionType[];
  onAction: (type: RowActionType, row: DisbursementRow) => void;
}) {
  const styles = useStyles();
  if (offered.length === 0) return <span aria-label="No actions">-</span>;
  return (
    <div className={styles.row} role="group" aria-label={`Actions for ${row.correlation_id}`}>
      {offered.map((type) => (
        <Tooltip key={type} content={ROW_ACTION_LABELS[type].label} relationship="inaccessible">
          <Button
            id={`disbursement-${type}-${row.uuid}`}
            size="small"
            appearance="subtle"
            icon={ROW_ACTION_LABELS[type].icon}
            aria-label={disbursementActionName(type, row)}
            onClick={() => onAction(type, row)}
          />
        </Tooltip>
      ))}
    </div>
  );
}
