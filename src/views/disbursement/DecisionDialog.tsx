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
import { formatRupiah } from '../../services/money';

/** 'Are you sure?' before finalizing or rejecting one disbursement; a refusal stays here with the server's words. */
export function DecisionDialog({ actor }: { actor: ActorRefFrom<typeof disbursementDecisionMachine> }) {
  const s = useSelector(actor, (snapshot) => snapshot);
  const { row, decision, error } = s.context;
  const submitting = s.matches('submitting');
  const failed = s.matches('failed');
  const verb = decision === 'COMPLETED' ? 'Finalize' : 'Reject';
  const held = formatRupiah(row.amount + row.fee_amount);
  return (
    <MachineDialog modalType="alert" busy={submitting} onDismiss={() => actor.send({ type: 'CANCEL' })}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{failed ? 'Failed' : 'Are you sure?'}</DialogTitle>
          <DialogContent>
            <Text block>
              {verb} disbursement {row.correlation_id} of {formatRupiah(row.amount)} to {row.bank_name} {row.account_no}{' '}
              ({row.bank_account_name})?
            </Text>
            <Text block style={{ marginTop: 8 }}>
              {decision === 'COMPLETED'
                ? `The held ${held} is paid out.`
                : `The held ${held} goes back to the client's disbursement balance.`}
            </Text>
            {failed && (
              <MessageBar intent="error" role="alert" style={{ marginTop: 12 }}>
                <MessageBarBody>{error}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button disabled={submitting} onClick={() => actor.send({ type: 'CANCEL' })}>
              Cancel
            </Button>
            {failed ? (
              <Button appearance="primary" onClick={() => actor.send({ type: 'RETRY' })}>
                Try again
              </Button>
            ) : (
              <Button appearance="primary" disabled={submitting} onClick={() => actor.send({ type: 'CONFIRM' })}>
                {submitting ? 'Working…' : verb}
              </Button>
            )}
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
