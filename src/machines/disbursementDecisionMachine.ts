import { msg } from '../i18n/msg';
import { fromPromise } from 'xstate';
import { api } from '../services/api';
import type { DisbursementRow } from '../services/disbursementQuery';
import { disbursementDecidedMessage } from '../services/successTexts';
import { confirmCallMachine } from './confirmCallMachine';
import type { GuardWords } from './guardWords';

export type DisbursementDecision = 'COMPLETED' | 'REJECTED';

export interface DecisionInput {
  row: DisbursementRow;
  decision: DisbursementDecision;
}
/** What the page needs when the dialog ends: whether anything changed, and the words to show. */
export interface DecisionOutput {
  changed: boolean;
  message: string | null;
}

/**
 * A SUPER ADMIN finalizing (sent as COMPLETED) or rejecting one PENDING / PENDING_REQUEST
 * disbursement: the confirm-then-call machine, asking always. A refusal stays open with the
 * server's words, so the user can try again (a lost connection) or give up (a 409 because someone
 * else decided first).
 */
export const disbursementDecisionMachine = confirmCallMachine<DecisionInput, DecisionOutput>({
  id: 'disbursementDecision',
  call: 'decide',
  logic: fromPromise<string, { uuid: string; decision: DisbursementDecision }>(
    async ({ input }) => (await api.updateDisbursement(input.uuid, input.decision)).message,
  ),
  callInput: ({ row, decision }) => ({ uuid: row.uuid, decision }),
  states: { calling: 'submitting', done: 'done' },
  ask: 'always',
  retry: true,
  failureText: msg({ defaultMessage: 'An error has occurred. Please try again later.', id: 'GzxcSR' }),
  doneText: ({ decision }) => disbursementDecidedMessage(decision),
  output: ({ message }) => ({ changed: message != null, message }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const disbursementDecisionGuardWords: GuardWords<typeof disbursementDecisionMachine> = {
  needsConfirmation: msg({
    defaultMessage: "Not asked here: a disbursement decision always asks 'Are you sure?' first.",
    id: 'OhC5c+',
  }),
  reasonAccepted: msg({ defaultMessage: 'Not asked here: a disbursement decision has no reason field.', id: 'JmjBhf' }),
};
