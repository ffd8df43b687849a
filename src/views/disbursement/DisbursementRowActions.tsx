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
import { msg } from '../../i18n/msg';

// In English: RowActions says them in the language shown.
export const ROW_ACTION_LABELS: RowActionLabels<RowActionType> = {
  FINALIZE: { label: msg({ defaultMessage: 'Finalize', id: 'J9w6+G' }), icon: <CheckmarkCircleRegular /> },
  REJECT: { label: msg({ defaultMessage: 'Reject', id: 'VzIOKf' }), icon: <DismissCircleRegular /> },
  REFRESH_STATUS: {
    label: msg({ defaultMessage: 'Auto-update status', id: 'x8BI2C' }),
    icon: <ArrowClockwiseRegular />,
  },
  GENERATE_INVOICE: { label: msg({ defaultMessage: 'Generate invoice', id: 'fkS6Jy' }), icon: <DocumentRegular /> },
  ADD_TO_WITHDRAWABLE: {
    label: msg({ defaultMessage: 'Add to withdrawable balance', id: 'pW4901' }),
    icon: <WalletRegular />,
  },
};

/** A disbursement's actions, as the disbursement lifecycle offers them. */
export function DisbursementRowActions(props: RowActionsProps<RowActionType, DisbursementRow>) {
  return <RowActions {...props} labels={ROW_ACTION_LABELS} idPrefix="disbursement" />;
}
