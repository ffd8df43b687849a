import { useEffect } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { alerts } from '../../services/alerts';
import { formatRupiah } from '../../services/money';
import type { WithdrawalRow } from '../../services/withdrawalRules';

/** 'Are you sure?' before a SUPER ADMIN completes or rejects a withdrawal; the answer as an alert. */
export function WithdrawalDecisionDialog({ row, decision, onClose }: { row: WithdrawalRow; decision: 'COMPLETED' | 'REJECTED'; onClose: (changed: boolean) => void }) {
  const actor = useActorRef(withdrawalDecisionMachine, { input: { uuid: row.uuid, decision } });
  const deciding = useSelector(actor, (s) => s.matches('deciding'));
  useEffect(() => {
    const sub = actor.subscribe((s) => {
      if (s.status !== 'done') return;
      if (s.matches('decided')) alerts.success(s.context.message ?? 'Done');
      if (s.matches('failed')) alerts.error(s.context.error ?? 'An error has occurred. Please try again later.');
      onClose(!s.matches('cancelled'));
    });
    return () => sub.unsubscribe();
  }, [actor, onClose]);
  const verb = decision === 'COMPLETED' ? 'Complete' : 'Reject';
  return (
    <Dialog open modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>Are you sure?</DialogTitle>
          <DialogContent>
            {verb} the withdrawal of {formatRupiah(row.amount)} to {row.bank_account_name} ({row.bank_name} {row.account_no})? This cannot be undone.
          </DialogContent>
          <DialogActions>
            <Button onClick={() => actor.send({ type: 'CANCEL' })} disabled={deciding}>Cancel</Button>
            <Button appearance="primary" onClick={() => actor.send({ type: 'CONFIRM' })} disabled={deciding}>{deciding ? `${verb}…` : verb}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
