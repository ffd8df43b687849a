import { Caption1, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  CheckmarkCircleRegular,
  DocumentRegular,
  SendRegular,
  WalletRegular,
} from '@fluentui/react-icons';
import type { PaymentRowActionType } from '../../machines/paymentsListMachine';
import { CALLBACK_OUTCOME_LABELS, type LastCallback } from '../../services/callbackRules';
import { formatWhen } from '../../services/format';
import type { TransactionRow } from '../../services/payinQuery';
import { RowActions, type RowActionLabels, type RowActionsProps } from '../common/RowActions';
import { msg } from '../../i18n/msg';
import { asEnglish, type Translate } from '../../i18n/translate';
import { useSaid, useT } from '../../i18n/useT';

// In English: RowActions says them in the language shown.
export const PAYMENT_ACTION_LABELS: RowActionLabels<PaymentRowActionType> = {
  REFRESH_STATUS: { label: msg({ defaultMessage: 'Refresh status', id: 's1u1Vq' }), icon: <ArrowClockwiseRegular /> },
  RESEND_CALLBACK: { label: msg({ defaultMessage: 'Resend callback', id: 'aKvTlB' }), icon: <SendRegular /> },
  FINALIZE_MANUALLY: { label: msg({ defaultMessage: 'Finalize', id: 'J9w6+G' }), icon: <CheckmarkCircleRegular /> },
  ADD_TO_WITHDRAWABLE: {
    label: msg({ defaultMessage: 'Add to withdrawable balance', id: 'pW4901' }),
    icon: <WalletRegular />,
  },
  GENERATE_INVOICE: { label: msg({ defaultMessage: 'Invoice', id: 'Ecfndm' }), icon: <DocumentRegular /> },
};

const useStyles = makeStyles({
  // The caption goes under the buttons: the pinned Actions column stays as narrow as before.
  cell: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start' },
  caption: { whiteSpace: 'nowrap' },
  delivered: { color: tokens.colorPaletteGreenForeground1 },
  failing: { color: tokens.colorPaletteDarkOrangeForeground1 },
  gave_up: { color: tokens.colorPaletteRedForeground1 },
});

/** The last callback's outcome in a few words: 'Delivered 14:02', 'Failing 14:02', 'Gave up 14:02'. */
export const lastCallbackText = (last: NonNullable<LastCallback>, said: Translate = asEnglish) =>
  `${said(CALLBACK_OUTCOME_LABELS[last.outcome])} ${formatWhen(last.at)}`;

/** A pay-in's actions, as the pay-in lifecycle offers them; beside Resend, how the last callback went. */
export function PayinRowActions(props: RowActionsProps<PaymentRowActionType, TransactionRow>) {
  const styles = useStyles();
  const t = useT();
  const said = useSaid();
  const last = props.row.last_callback;
  const actions = <RowActions {...props} labels={PAYMENT_ACTION_LABELS} idPrefix="payin" />;
  if (!last || !props.offered.includes('RESEND_CALLBACK')) return actions;
  return (
    <div className={styles.cell}>
      {actions}
      <Caption1
        className={`${styles.caption} ${styles[last.outcome]}`}
        aria-label={t(
          { defaultMessage: 'Last callback of {id}: {outcome}', id: '69JxYg' },
          { id: props.row.correlation_id, outcome: lastCallbackText(last, said) },
        )}
      >
        {lastCallbackText(last, said)}
      </Caption1>
    </div>
  );
}
