import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, CheckmarkCircleRegular, DocumentRegular, SendRegular, WalletRegular } from '@fluentui/react-icons';
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

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalXS } });

/**
 * One row's actions: those the page machine accepts for it now (the pay-in lifecycle decides which).
 * The id finds the button again when its dialog closes (the actions leave while a dialog is open).
 */
export function TransactionRowActions({ row, offered, onAction }: {
  row: TransactionRow; offered: readonly PaymentRowActionType[]; onAction: (type: PaymentRowActionType, row: TransactionRow) => void;
}) {
  const styles = useStyles();
  if (offered.length === 0) return <span aria-label="No actions">-</span>;
  return (
    <div className={styles.row} role="group" aria-label={`Actions for ${row.correlation_id}`}>
      {offered.map((type) => (
        <Tooltip key={type} content={PAYMENT_ACTION_LABELS[type].label} relationship="label">
          <Button id={`payin-${type}-${row.uuid}`} size="small" appearance="subtle" icon={PAYMENT_ACTION_LABELS[type].icon} onClick={() => onAction(type, row)} />
        </Tooltip>
      ))}
    </div>
  );
}
