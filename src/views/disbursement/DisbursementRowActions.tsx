import {
  ArrowClockwiseRegular,
  CheckmarkCircleRegular,
  DismissCircleRegular,
  DocumentRegular,
  WalletRegular,
} from '@fluentui/react-icons';
import type { RowActionType } from '../../machines/disbursementListMachine';
import type { DisbursementRow } from '../../services/disbursementQuery';
import { RowActions, type RowActionLabels, type RowActionsProps } from '../common/RowActions';

export const ROW_ACTION_LABELS: RowActionLabels<RowActionType> = {
  FINALIZE: { label: 'Finalize', icon: <CheckmarkCircleRegular /> },
  REJECT: { label: 'Reject', icon: <DismissCircleRegular /> },
  REFRESH_STATUS: { label: 'Auto-update status', icon: <ArrowClockwiseRegular /> },
  GENERATE_INVOICE: { label: 'Generate invoice', icon: <DocumentRegular /> },
  ADD_TO_WITHDRAWABLE: { label: 'Add to withdrawable balance', icon: <WalletRegular /> },
};

/** A disbursement's actions, as the disbursement lifecycle offers them. */
export function DisbursementRowActions(props: RowActionsProps<RowActionType, DisbursementRow>) {
  return <RowActions {...props} labels={ROW_ACTION_LABELS} idPrefix="disbursement" />;
}
