import type { ReactNode } from 'react';
import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Text,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { disbursementDecisionMachine } from '../../machines/disbursementDecisionMachine';
import type { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { formatRupiah } from '../../services/money';
import type { WorkOrderItem } from '../../services/workOrders';

/** The item as the question names it: its amount and client, where the work order has them. */
const named = (item: WorkOrderItem) =>
  `${item.amount != null ? ` of ${formatRupiah(item.amount)}` : ''}${item.client_name ? ` from ${item.client_name}` : ''}`;

function Confirm({
  title,
  children,
  busy,
  busyLabel,
  verb,
  error,
  onConfirm,
  onRetry,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  busy: boolean;
  busyLabel: string;
  verb: string;
  error: string | null;
  onConfirm(): void;
  onRetry?: () => void;
  onCancel(): void;
}) {
  return (
    <MachineDialog modalType="alert" busy={busy} onDismiss={onCancel}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {children}
            {error && (
              <MessageBar intent="error" role="alert" style={{ marginTop: 12 }}>
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            {error && onRetry ? (
              <Button appearance="primary" onClick={onRetry}>
                Try again
              </Button>
            ) : (
              <Button appearance="primary" disabled={busy} onClick={onConfirm}>
                {busy ? busyLabel : verb}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}

/** 'Are you sure?' before completing or rejecting the withdrawal a work order names (the withdrawal decision machine). */
export function WithdrawalConfirm({
  actor,
  item,
}: {
  actor: ActorRefFrom<typeof withdrawalDecisionMachine>;
  item: WorkOrderItem;
}) {
  const s = useSelector(actor, (snapshot) => snapshot);
  const verb = s.context.decision === 'COMPLETED' ? 'Complete' : 'Reject';
  const what = item.withdrawal_kind === 'transfer_to_disburse' ? 'transfer to the disbursement balance' : 'withdrawal';
  return (
    <Confirm
      title="Are you sure?"
      busy={s.matches('deciding')}
      busyLabel={`${verb}…`}
      verb={verb}
      error={null}
      onConfirm={() => actor.send({ type: 'CONFIRM' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    >
      <Text block>
        {verb} the {what}
        {named(item)}? This cannot be undone.
      </Text>
    </Confirm>
  );
}

/** 'Are you sure?' before finalizing or rejecting the disbursement a work order names; a refusal stays here with the server's words. */
export function DisbursementConfirm({
  actor,
  item,
}: {
  actor: ActorRefFrom<typeof disbursementDecisionMachine>;
  item: WorkOrderItem;
}) {
  const s = useSelector(actor, (snapshot) => snapshot);
  const verb = s.context.decision === 'COMPLETED' ? 'Finalize' : 'Reject';
  const failed = s.matches('failed');
  return (
    <Confirm
      title={failed ? 'Failed' : 'Are you sure?'}
      busy={s.matches('submitting')}
      busyLabel="Working…"
      verb={verb}
      error={failed ? s.context.error : null}
      onConfirm={() => actor.send({ type: 'CONFIRM' })}
      onRetry={() => actor.send({ type: 'RETRY' })}
      onCancel={() => actor.send({ type: 'CANCEL' })}
    >
      <Text block>
        {verb} the disbursement{named(item)}?
      </Text>
      <Text block style={{ marginTop: 8 }}>
        {s.context.decision === 'COMPLETED'
          ? 'The held amount and fee are paid out.'
          : "The held amount and fee go back to the client's disbursement balance."}
      </Text>
    </Confirm>
  );
}
