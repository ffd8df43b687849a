import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { rupiahWithWords } from '../../services/money';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { ConfirmCallDialog } from '../common/ConfirmCallDialog';

/**
 * The withdrawal a decision names, as much as the caller knows of it: the Payments Balance page has the row (with
 * its bank account), a work order has the amount and the client.
 */
export interface DecidedWithdrawal {
  kind: WithdrawalRow['type'];
  amount: number | null;
  clientName?: string | null;
  account?: Pick<WithdrawalRow, 'bank_name' | 'account_no' | 'bank_account_name'>;
}

/** How the question names a withdrawal: its amount in figures and words, its client, where the money goes. */
const named = ({ kind, amount, clientName, account }: DecidedWithdrawal) =>
  `${kind === 'transfer_to_disburse' ? 'transfer' : 'withdrawal'}` +
  `${amount != null ? ` of ${rupiahWithWords(amount)}` : ''}` +
  `${clientName ? ` from ${clientName}` : ''}` +
  (kind === 'transfer_to_disburse'
    ? ' to the disbursement balance'
    : account
      ? ` to ${account.bank_account_name} (${account.bank_name} ${account.account_no})`
      : '');

/**
 * 'Are you sure?' before a SUPER ADMIN completes or rejects a withdrawal or transfer, from the Payments Balance page
 * or a work order: renders the decision machine the page invoked.
 */
export function WithdrawalDecisionDialog({
  actor,
  withdrawal,
}: {
  actor: ActorRefFrom<typeof withdrawalDecisionMachine>;
  withdrawal: DecidedWithdrawal;
}) {
  const decision = useSelector(actor, (snapshot) => snapshot.context.decision);
  const verb = decision === 'COMPLETED' ? 'Complete' : 'Reject';
  return (
    <ConfirmCallDialog actor={actor} verb={verb} busyVerb={`${verb}…`}>
      {verb} the {named(withdrawal)}? This cannot be undone.
    </ConfirmCallDialog>
  );
}
