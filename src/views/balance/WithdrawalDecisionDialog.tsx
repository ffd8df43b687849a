import {
  Button,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { MachineDialog } from '../common/MachineDialog';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { rupiahWithWords } from '../../services/money';
import type { WithdrawalRow } from '../../services/withdrawalRules';

/** 'Are you sure?' before a SUPER ADMIN completes or rejects a withdrawal: renders the page's decision child. */
export function WithdrawalDecisionDialog({
  actor,
  row,
}: {
  actor: ActorRefFrom<typeof withdrawalDecisionMachine>;
  row: WithdrawalRow;
}) {
  const s = useSelector(actor, (snapshot) => snapshot);
  const deciding = s.matches('deciding');
  const verb = s.context.decision === 'COMPLETED' ? 'Complete' : 'Reject';
  const what =
    row.type === 'transfer_to_disburse'
      ? `transfer of ${rupiahWithWords(row.amount)} to the disbursement balance`
      : `withdrawal of ${rupiahWithWords(row.amount)} to ${row.bank_account_name} (${row.bank_name} ${row.account_no})`;
  return (
    <MachineDialog modalType="alert" busy={deciding} onDismiss={() => actor.send({ type: 'CANCEL' })}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogContent>
            {verb} the {what}? This cannot be undone.
          </DialogContent>
          <DialogActions>
            <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={deciding}>
              Cancel
            </Button>
            <Button appearance="primary" onClick={() => actor.send({ type: 'CONFIRM' })} disabled={deciding}>
              {deciding ? `${verb}…` : verb}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </MachineDialog>
  );
}
