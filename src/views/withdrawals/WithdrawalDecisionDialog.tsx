import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { useT } from '../../i18n/useT';
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

/**
 * 'Are you sure?' before a SUPER ADMIN completes or rejects a withdrawal or transfer, from the Payments Balance page
 * or a work order: renders the decision machine the page invoked. The question names the withdrawal as much as the
 * caller knows of it: its amount in figures and (Indonesian) words, its client, where the money goes; one message, so
 * each language orders the parts its own way.
 */
export function WithdrawalDecisionDialog({
  actor,
  withdrawal: { kind, amount, clientName, account },
}: {
  actor: ActorRefFrom<typeof withdrawalDecisionMachine>;
  withdrawal: DecidedWithdrawal;
}) {
  const t = useT();
  const decision = useSelector(actor, (snapshot) => snapshot.context.decision);
  const completes = decision === 'COMPLETED';
  const yes = (value: unknown) => (value ? 'yes' : 'no');
  return (
    <ConfirmCallDialog
      actor={actor}
      verb={completes ? t({ defaultMessage: 'Complete', id: 'U78NhE' }) : t({ defaultMessage: 'Reject', id: 'VzIOKf' })}
      busyVerb={
        completes ? t({ defaultMessage: 'Complete…', id: '3ZufBA' }) : t({ defaultMessage: 'Reject…', id: 'd1k+RQ' })
      }
    >
      {t(
        {
          defaultMessage:
            '{decision, select, COMPLETED {Complete} other {Reject}} the ' +
            '{kind, select, transfer_to_disburse {transfer} other {withdrawal}}' +
            '{hasAmount, select, yes { of {amount}} other {}}' +
            '{hasClient, select, yes { from {client}} other {}}' +
            '{kind, select, transfer_to_disburse { to the disbursement balance} other ' +
            '{{hasAccount, select, yes { to {accountName} ({bank} {accountNo})} other {}}}}' +
            '? This cannot be undone.',
          id: '52J08f',
        },
        {
          decision: completes ? 'COMPLETED' : 'REJECTED',
          kind,
          hasAmount: yes(amount != null),
          amount: amount != null ? rupiahWithWords(amount) : '',
          hasClient: yes(clientName),
          client: clientName ?? '',
          hasAccount: yes(account),
          accountName: account?.bank_account_name ?? '',
          bank: account?.bank_name ?? '',
          accountNo: account?.account_no ?? '',
        },
      )}
    </ConfirmCallDialog>
  );
}
