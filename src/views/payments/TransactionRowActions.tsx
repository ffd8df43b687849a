import { Button, Tooltip, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowClockwiseRegular, CheckmarkCircleRegular, DocumentRegular, SendRegular, WalletRegular } from '@fluentui/react-icons';
import type { ReactElement } from 'react';
import { allows, type TransactionEvent } from '../../machines/lifecycle/transactionLifecycle';
import type { UserTypeName } from '../../services/schemas';
import type { TransactionRow } from '../../services/transactionQuery';

export type RowAction = 'refresh' | 'resend' | 'finalize' | 'withdrawable' | 'invoice';

const actions: Array<{ kind: RowAction; event: TransactionEvent['type']; label: string; icon: ReactElement }> = [
  { kind: 'refresh', event: 'REFRESH_STATUS', label: 'Refresh status', icon: <ArrowClockwiseRegular /> },
  { kind: 'resend', event: 'RESEND_CALLBACK', label: 'Resend callback', icon: <SendRegular /> },
  { kind: 'finalize', event: 'FINALIZE_MANUALLY', label: 'Finalize', icon: <CheckmarkCircleRegular /> },
  { kind: 'withdrawable', event: 'ADD_TO_WITHDRAWABLE', label: 'Add to withdrawable balance', icon: <WalletRegular /> },
  { kind: 'invoice', event: 'GENERATE_INVOICE', label: 'Invoice', icon: <DocumentRegular /> },
];

const useStyles = makeStyles({ row: { display: 'flex', gap: tokens.spacingHorizontalXS } });

/** The row's actions are exactly those the pay-in lifecycle allows this user on this row. */
export function TransactionRowActions({ row, role, onAction }: { row: TransactionRow; role: UserTypeName; onAction: (kind: RowAction, row: TransactionRow) => void }) {
  const styles = useStyles();
  const facts = { channel: row.type, addedToWithdrawable: row.added_to_withdrawable };
  const offered = actions.filter((a) => allows(row.status, facts, { type: a.event, role } as TransactionEvent));
  if (offered.length === 0) return <span aria-hidden="true">-</span>;
  return (
    <div className={styles.row}>
      {offered.map((a) => (
        <Tooltip key={a.kind} content={a.label} relationship="label">
          <Button size="small" appearance="subtle" icon={a.icon} onClick={() => onAction(a.kind, row)} />
        </Tooltip>
      ))}
    </div>
  );
}
