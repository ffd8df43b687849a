import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  CheckmarkCircleRegular,
  DocumentRegular,
  SendRegular,
  WalletRegular,
} from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import type { PaymentRowActionType } from '../../machines/paymentsListMachine';
import type { TransactionRow } from '../../services/transactionQuery';

export const PAYMENT_ACTION_LABELS: Record<PaymentRowActionType, { label: string; icon: ReactElement }> = {
  REFRESH_STATUS: { label: 'Refresh status', icon: <ArrowClockwiseRegular /> },
  RESEND_CALLBACK: { label: 'Resend callback', icon: <SendRegular /> },
  FINALIZE_MANUALLY: { label: 'Finalize', icon: <CheckmarkCircleRegular /> },
  ADD_TO_WITHDRAWABLE: { label: 'Add to withdrawable balance', icon: <WalletRegular /> },
  GENERATE_INVOICE: { label: 'Invoice', icon: <DocumentRegular /> },
};

/** A row action's accessible name: the spec's words, then the row it acts on. */
export const paymentActionName = (type: PaymentRowActionType, row: Pick<TransactionRow, 'correlation_id'>) =>
  `${PAYMENT_ACTION_LABELS[type].label} ${row.correlation_id}`;

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalXS } });

/**
 * One row's actions: those the page machine accepts for it now (the pay-in lifecycle decides which).
 * Each button's name carries the row's correlation ID ('Finalize FQR…'): a screen reader user moving
 * between rows by arrow key hears which row a button acts on. The tooltip keeps the spec's words, and
 * is left out of the accessibility tree, since the name already says it.
 * The id finds the button again when its dialog closes (the actions leave while a dialog is open).
 */
export function TransactionRowActions({
  row,
  offered,
  onAction,
}: {
  row: TransactionRow;
  offered: readonly PaymentRowActionType[];
  onAction: (type: PaymentRowActionType, row: TransactionRow) => void;
}) {
  const styles = useStyles();
  if (offered.length === 0) return <span aria-label="No actions">-</span>;
  return (
    <div className={styles.row} role="group" aria-label={`Actions for ${row.correlation_id}`}>
      {offered.map((type) => (
        <Tooltip key={type} content={PAYMENT_ACTION_LABELS[type].label} relationship="inaccessible">
          <Button
            id={`payin-${type}-${row.uuid}`}
            size="small"
            appearance="subtle"
            icon={PAYMENT_ACTION_LABELS[type].icon}
            aria-label={paymentActionName(type, row)}
            onClick={() => onAction(type, row)}
          />
        </Tooltip>
      ))}
    </div>
  );
}
