import {
  ArrowClockwiseRegular,
  CheckmarkCircleRegular,
  DocumentRegular,
  SendRegular,
  WalletRegular,
} from '@fluentui/react-icons';
import type { PaymentRowActionType } from '../../machines/paymentsListMachine';
import type { TransactionRow } from '../../services/payinQuery';
import { RowActions, type RowActionLabels, type RowActionsProps } from '../common/RowActions';

export const PAYMENT_ACTION_LABELS: RowActionLabels<PaymentRowActionType> = {
  REFRESH_STATUS: { label: 'Refresh status', icon: <ArrowClockwiseRegular /> },
  RESEND_CALLBACK: { label: 'Resend callback', icon: <SendRegular /> },
  FINALIZE_MANUALLY: { label: 'Finalize', icon: <CheckmarkCircleRegular /> },
  ADD_TO_WITHDRAWABLE: { label: 'Add to withdrawable balance', icon: <WalletRegular /> },
  GENERATE_INVOICE: { label: 'Invoice', icon: <DocumentRegular /> },
};

/** A pay-in's actions, as the pay-in lifecycle offers them. */
export function PayinRowActions(props: RowActionsProps<PaymentRowActionType, TransactionRow>) {
  return <RowActions {...props} labels={PAYMENT_ACTION_LABELS} idPrefix="payin" />;
}
