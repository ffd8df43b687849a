import { fromPromise } from 'xstate';
import { api } from '../services/api';
import type { WithdrawalDecision as Decision } from '../services/withdrawalRules';
import { confirmCallMachine } from './confirmCallMachine';
import type { GuardWords } from './guardWords';
import { msg } from '../i18n/msg';

/**
 * How the dialog ended, for a page that invokes it: decided (the server's words), failed (its refusal), or cancelled.
 */
export interface WithdrawalDecisionOutput {
  outcome: 'decided' | 'failed' | 'cancelled';
  message: string | null;
}

/**
 * A SUPER ADMIN completing or rejecting one PENDING withdrawal: the confirm-then-call machine,
 * asking always; a refusal ends it, and the page that invoked it says why.
 */
export const withdrawalDecisionMachine = confirmCallMachine<
  { uuid: string; decision: Decision },
  WithdrawalDecisionOutput
>({
  id: 'withdrawalDecision',
  call: 'decide',
  logic: fromPromise<string, { uuid: string; decision: Decision }>(
    async ({ input }) => (await api.updateWithdrawal(input.uuid, input.decision)).message,
  ),
  callInput: ({ uuid, decision }) => ({ uuid, decision }),
  states: { calling: 'deciding', done: 'decided' },
  ask: 'always',
  retry: false,
  failureText: msg({ defaultMessage: 'An error has occurred. Please try again later.', id: 'GzxcSR' }),
  output: ({ message, error }) =>
    message != null
      ? { outcome: 'decided', message }
      : error != null
        ? { outcome: 'failed', message: error }
        : { outcome: 'cancelled', message: null },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const withdrawalDecisionGuardWords: GuardWords<typeof withdrawalDecisionMachine> = {
  needsConfirmation: msg({
    defaultMessage: "Not asked here: a withdrawal decision always asks 'Are you sure?' first.",
    id: 'ZenvFu',
  }),
  reasonAccepted: msg({ defaultMessage: 'Not asked here: a withdrawal decision has no reason field.', id: 'RaEPLu' }),
};
