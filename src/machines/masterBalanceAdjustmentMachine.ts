import { msg } from '../i18n/msg';
import { fromPromise } from 'xstate';
import { api, type MoneyMoved } from '../services/api';
import type { UpdateBalanceBody } from '../services/masterBalanceRules';
import { confirmCallMachine } from './confirmCallMachine';
import type { GuardWords } from './guardWords';

/** Shown in the 'Failed' dialog when the server's refusal carries no words of its own. */
export const ADJUSTMENT_FAILED_FALLBACK = msg({
  defaultMessage: 'An error has occurred. Please try again later.',
  id: 'GzxcSR',
});

/**
 * The adjustment as the page asked for it. `previous` is the balance the question names ('from …
 * to …'), so the dialog says what the person agreed to even if the page reads the balance again.
 */
export interface AdjustmentInput {
  clientId: number;
  amount: number;
  previous: number;
}

/** How the question ended, for the page that invoked it. */
export interface AdjustmentOutput {
  outcome: 'adjusted' | 'failed' | 'cancelled';
  /** The server's answer once adjusted: its words, the new balance, or the approval it waits for. */
  answer: MoneyMoved | null;
  /** The server's refusal (or the fallback words) once failed. */
  failure: string | null;
}

/**
 * 'Update Balance' on Master Disbursement Balance: the confirm-then-call machine, asking always.
 * A refusal ends it (no Try again): it usually means the balance moved, so the page shows 'Failed'
 * with the server's words and reads the balance again before the person decides anew.
 */
export const masterBalanceAdjustmentMachine = confirmCallMachine<AdjustmentInput, AdjustmentOutput, MoneyMoved>({
  id: 'masterBalanceAdjustment',
  call: 'submit',
  logic: fromPromise<MoneyMoved, UpdateBalanceBody>(({ input }) => api.updateBalance(input)),
  callInput: ({ clientId, amount }): UpdateBalanceBody => ({ client_id: clientId, amount }),
  wordsOf: (answer) => answer.message,
  states: { calling: 'submitting', done: 'done' },
  ask: 'always',
  retry: false,
  failureText: ADJUSTMENT_FAILED_FALLBACK,
  output: ({ result, error }) =>
    result != null
      ? { outcome: 'adjusted', answer: result, failure: null }
      : error != null
        ? { outcome: 'failed', answer: null, failure: error }
        : { outcome: 'cancelled', answer: null, failure: null },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const masterBalanceAdjustmentGuardWords: GuardWords<typeof masterBalanceAdjustmentMachine> = {
  needsConfirmation: msg({
    defaultMessage: "Not asked here: an adjustment always asks 'Are you sure?' first.",
    id: 'MftiQd',
  }),
  reasonAccepted: msg({ defaultMessage: 'Not asked here: an adjustment has no reason field.', id: 'SdhS6w' }),
};
