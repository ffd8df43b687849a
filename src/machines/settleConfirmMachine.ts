import { msg } from '../i18n/msg';
import { fromPromise } from 'xstate';
import { api } from '../services/api';
import type { SettleBody, SettlementStarted, SettlementWindow } from '../services/settlementRules';
import { confirmCallMachine } from './confirmCallMachine';
import type { GuardWords } from './guardWords';

/** Shown when the server refuses the press without words of its own. */
export const SETTLE_FAILED = msg({
  defaultMessage: 'The settlement could not be started. Please try again later.',
  id: 'MKQZoc',
});

/** The server's answer to a press: the run started (or joined), and its words. */
export type SettleAnswer = SettlementStarted & { message: string };

/**
 * How the press ended, for the settlement page that invoked it: the run started or joined, the
 * server's refusal (a 422 NOTHING_TO_SETTLE when someone settled the window first), or cancelled.
 */
export interface SettlePressOutput {
  outcome: 'started' | 'failed' | 'cancelled';
  /** The run to watch, once started. */
  started: SettlementStarted | null;
  /** The refusal's words (or SETTLE_FAILED) when failed; the server's words when started. */
  message: string | null;
}

/**
 * 'Settle All Transactions' pressed on the window shown: the confirm-then-call machine, asking
 * 'Are you sure?' with the window's totals before the server starts the run. Retry on the page
 * after a failed run presses again without asking (the window was already confirmed), so it asks
 * only when its input says so. A refusal ends it: the page shows the words with its own Retry.
 */
export const settleConfirmMachine = confirmCallMachine<
  { window: SettlementWindow; expected: { count: number; amount: number } | null },
  SettlePressOutput,
  SettleAnswer
>({
  id: 'settlePress',
  call: 'startSettlement',
  logic: fromPromise<SettleAnswer, SettleBody>(({ input }) => api.settle(input)),
  // The figures confirmed go with the window (issue 44): the server refuses the press when the window changed since.
  callInput: ({ window, expected }) =>
    expected ? { ...window, expected_count: expected.count, expected_amount: expected.amount } : window,
  wordsOf: (answer) => answer.message,
  states: { calling: 'startingRun', done: 'started' },
  ask: 'whenAsked',
  retry: false,
  failureText: SETTLE_FAILED,
  output: ({ result, message, error }) =>
    result != null
      ? { outcome: 'started', started: { run: result.run, joined: result.joined }, message }
      : error != null
        ? { outcome: 'failed', started: null, message: error }
        : { outcome: 'cancelled', started: null, message: null },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const settleConfirmGuardWords: GuardWords<typeof settleConfirmMachine> = {
  needsConfirmation: msg({
    defaultMessage:
      "A press of 'Settle All Transactions' asks 'Are you sure?' with the window's totals first; Retry after a " +
      'failure starts the same window again without asking.',
    id: '2/r9G5',
  }),
  reasonAccepted: msg({ defaultMessage: 'Not asked here: the settle press has no reason field.', id: 'v3qw0z' }),
};
