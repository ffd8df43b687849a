import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { ArrowClockwiseRegular, CheckmarkCircleRegular, DismissCircleRegular, DocumentRegular, MoreHorizontalRegular, WalletRegular } from '@fluentui/react-icons';
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

/** One row's menu of the actions the page machine accepts for it now (the lifecycle decides which). */
export function DisbursementRowActions({ row, offered, onAction }: {
  row: DisbursementRow; offered: readonly RowActionType[]; onAction: (type: RowActionType, row: DisbursementRow) => void;
}) {
  if (offered.length === 0) return <span aria-label="No actions">-</span>;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button size="small" appearance="subtle" icon={<MoreHorizontalRegular />} aria-label={`Actions for ${row.correlation_id}`} />
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {offered.map((type) => (
            <MenuItem key={type} icon={ROW_ACTION_LABELS[type].icon} onClick={() => onAction(type, row)}>{ROW_ACTION_LABELS[type].label}</MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
