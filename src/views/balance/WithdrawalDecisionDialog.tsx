import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { rupiahWithWords } from '../../services/money';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';

/** 'Are you sure?' before a SUPER ADMIN completes or rejects a withdrawal: renders the page's decision child. */
export function WithdrawalDecisionDialog({
  actor,
  row,
}: {
  actor: ActorRefFrom<typeof withdrawalDecisionMachine>;
  row: WithdrawalRow;
}) {
  const decision = useSelector(actor, (snapshot) => snapshot.context.decision);
  const verb = decision === 'COMPLETED' ? 'Complete' : 'Reject';
  const what =
    row.type === 'transfer_to_disburse'
      ? `transfer of ${rupiahWithWords(row.amount)} to the disbursement balance`
      : `withdrawal of ${rupiahWithWords(row.amount)} to ${row.bank_account_name} (${row.bank_name} ${row.account_no})`;
  return (
    <ConfirmCallDialog actor={actor} verb={verb} busyVerb={`${verb}…`}>
      {verb} the {what}? This cannot be undone.
    </ConfirmCallDialog>
  );
}
