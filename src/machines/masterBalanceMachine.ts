import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { assign, fromPromise, setup } from 'xstate';
import { alerts } from '../services/alerts';
import { api } from '../services/api';
import { AdjustmentAmount, adjustmentProblem } from '../services/masterBalanceRules';
import { messageOf } from '../services/http';
import { holdsAhead, type ApprovalPolicyEntry } from '../services/approvalRules';
import type { ClientOption } from '../services/schemas';
import { approvalPolicyActor, approvalPolicyInvoke } from './approvalPolicyActor';
import { readAdjustment } from './adjustmentInput';
import { balanceChanges, isShownClient, type RefreshEvent } from './balanceWatch';
import type { GuardWords } from './guardWords';
import { masterBalanceAdjustmentMachine, type AdjustmentOutput } from './masterBalanceAdjustmentMachine';
import { outputOf } from './doneOutput';

interface AdjustmentContext {
  clientId: number | null;
  live: boolean;
  /** Whether the user may read the approval policy (readsApprovalPolicy). */
  readsPolicy: boolean;
  /** The approval policy, to say in the question that an adjustment will be held; null until read or unreadable. */
  policy: readonly ApprovalPolicyEntry[] | null;
  /** The disbursement balance before the adjustment; null until read. */
  previous: number | null;
  /** The field's text exactly as typed: what it shows is what is read, and the amount it reads is what is sent. */
  amountText: string;
  amount: number | null;
  /** Why the text is not an amount ('Rupiah amounts are whole numbers'); null when it reads as one or is empty. */
  inputProblem: string | null;
  /** The broken rule, shown beside the field; null when the adjustment may be asked for. */
  problem: string | null;
  /** The server's success text, shown until the next edit. */
  message: string | null;
  /** The last adjustment waits for a second SUPER ADMIN (the approval policy); nothing moved yet. */
  held: boolean;
  /** The server's refusal, shown in the 'Failed' dialog. */
  failure: string | null;
  loadError: string | null;
}

type AdjustmentEvent =
  | { type: 'SELECT_CLIENT'; clientId: number }
  | { type: 'SET_AMOUNT_TEXT'; value: string }
  | { type: 'UPDATE' }
  | { type: 'DISMISS' }
  | { type: 'RETRY' }
  | RefreshEvent;

/** The after-balance the screen shows: previous plus the adjustment, once both are known. */
export const afterBalance = (c: Pick<AdjustmentContext, 'previous' | 'amount'>) =>
  c.previous != null && c.amount != null ? c.previous + c.amount : null;

// The text's own problem first; then the same rule the server applies on the locked balance (before the
// balance is read there is nothing to check against).
const problemOf = (c: Pick<AdjustmentContext, 'previous' | 'amount' | 'inputProblem'>) =>
  c.inputProblem ?? (c.previous == null || c.amount == null ? null : adjustmentProblem(c.previous, c.amount));

/**
 * Master Disbursement Balance (spec section 2): a client's previous balance, a positive or negative
 * adjustment, the after-balance, and 'Update Balance' behind 'Are you sure?'. The guard refuses an
 * after-balance below zero with the server's own rule (adjustmentProblem), before anything is sent.
 * The question and the call are the adjustment child (the one confirm-then-call machine, issue 27);
 * this machine routes on how it ended.
 */
export const masterBalanceMachine = setup({
  types: {
    context: {} as AdjustmentContext,
    events: {} as AdjustmentEvent,
    input: {} as { clients: ClientOption[]; live: boolean; readsPolicy?: boolean },
  },
  actors: {
    loadBalance: fromPromise<number, { clientId: number }>(
      async ({ input }) => (await api.accountSummary(input.clientId)).disbursement_balance ?? 0,
    ),
    adjustment: masterBalanceAdjustmentMachine,
    balanceChanges,
    approvalPolicy: approvalPolicyActor,
  },
  actions: {
    typed: assign(({ event }) => {
      const read = readAdjustment(event.type === 'SET_AMOUNT_TEXT' ? event.value : '');
      return { amountText: read.text, amount: read.amount, inputProblem: read.inputProblem };
    }),
    check: assign({ problem: ({ context }) => problemOf(context) }),
    clearForm: assign({ amountText: '', amount: null, inputProblem: null, problem: null }),
    chooseClient: assign(({ event }) =>
      event.type === 'SELECT_CLIENT' ? { clientId: event.clientId, previous: null, message: null, held: false } : {},
    ),
    announce: ({ context }) =>
      context.held ? alerts.info(context.message ?? '') : alerts.success(context.message ?? ''),
  },
  guards: {
    hasClient: ({ context }) => context.clientId != null,
    adjustmentAllowed: ({ context }) => {
      const read = v.safeParse(AdjustmentAmount, context.amountText);
      return context.previous != null && read.success && adjustmentProblem(context.previous, read.output) === null;
    },
    isShownClient,
    adjusted: ({ event }) => outputOf<AdjustmentOutput>(event).outcome === 'adjusted',
    adjustmentFailed: ({ event }) => outputOf<AdjustmentOutput>(event).outcome === 'failed',
  },
}).createMachine({
  id: 'masterBalance',
  context: ({ input }) => ({
    clientId: input.clients[0]?.id ?? null,
    live: input.live,
    readsPolicy: input.readsPolicy ?? false,
    policy: null,
    previous: null,
    amountText: '',
    amount: null,
    inputProblem: null,
    problem: null,
    message: null,
    held: false,
    failure: null,
    loadError: null,
  }),
  invoke: [
    { id: 'balanceChanges', src: 'balanceChanges', input: ({ context }) => ({ live: context.live }) },
    approvalPolicyInvoke,
  ],
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasClient', target: 'loadingBalance' }, { target: 'noClient' }] },
    noClient: {},
    loadingBalance: {
      invoke: {
        id: 'loadBalance',
        src: 'loadBalance',
        input: ({ context }) => ({ clientId: context.clientId! }),
        onDone: {
          target: 'editing',
          actions: [assign({ previous: ({ event }) => event.output, loadError: null }), 'check'],
        },
        onError: {
          target: 'loadFailed',
          actions: assign({
            loadError: ({ event }) =>
              messageOf(event.error, msg({ defaultMessage: 'The balance could not be loaded.', id: 'mER0Wd' })),
          }),
        },
      },
      // Typing goes on while a live change is read: the check runs when the balance arrives.
      on: { SET_AMOUNT_TEXT: { actions: 'typed' } },
    },
    loadFailed: {
      on: {
        RETRY: 'loadingBalance',
        SELECT_CLIENT: { target: 'loadingBalance', actions: ['chooseClient', 'clearForm'] },
      },
    },
    editing: {
      on: {
        SET_AMOUNT_TEXT: { actions: ['typed', 'check'] },
        UPDATE: { guard: 'adjustmentAllowed', target: 'adjusting' },
        SELECT_CLIENT: { target: 'loadingBalance', actions: ['chooseClient', 'clearForm'] },
        REFRESH: { guard: 'isShownClient', target: 'loadingBalance' },
      },
    },
    adjusting: {
      invoke: {
        id: 'adjustment',
        src: 'adjustment',
        input: ({ context }) => ({
          clientId: context.clientId!,
          amount: context.amount!,
          previous: context.previous!,
          held: holdsAhead(context.policy, 'balance-adjustment', context.amount),
        }),
        onDone: [
          {
            guard: 'adjusted',
            target: 'done',
            // Held for approval: nothing moved, so the balance shown stays as it was.
            actions: [
              assign(({ context, event }) => {
                const answer = outputOf<AdjustmentOutput>(event).answer!;
                return {
                  message: answer.message,
                  held: answer.approvalId != null,
                  previous: answer.balance ?? context.previous,
                };
              }),
              'clearForm',
              'announce',
            ],
          },
          {
            guard: 'adjustmentFailed',
            target: 'failed',
            actions: assign({ failure: ({ event }) => outputOf<AdjustmentOutput>(event).failure }),
          },
          // Cancelled: the amount stays as typed, to be changed or asked for again.
          { target: 'editing' },
        ],
      },
    },
    done: {
      // The answer carries the new balance; reading it again also takes in any other change since.
      invoke: {
        id: 'reloadBalance',
        src: 'loadBalance',
        input: ({ context }) => ({ clientId: context.clientId! }),
        onDone: { actions: assign({ previous: ({ event }) => event.output }) },
        onError: { actions: ({ event }) => console.warn('the balance could not be read again', event.error) },
      },
      on: {
        SET_AMOUNT_TEXT: { target: 'editing', actions: [assign({ message: null, held: false }), 'typed', 'check'] },
        SELECT_CLIENT: { target: 'loadingBalance', actions: ['chooseClient', 'clearForm'] },
        REFRESH: { guard: 'isShownClient', target: 'loadingBalance', actions: assign({ message: null, held: false }) },
      },
    },
    failed: {
      // A refusal usually means the balance moved (another admin, a disbursement): read it again
      // so the after-balance and the rule beside the field speak of the balance as it is now.
      invoke: {
        id: 'reloadBalance',
        src: 'loadBalance',
        input: ({ context }) => ({ clientId: context.clientId! }),
        onDone: { actions: [assign({ previous: ({ event }) => event.output }), 'check'] },
        onError: { actions: ({ event }) => console.warn('the balance could not be read again', event.error) },
      },
      on: { DISMISS: { target: 'editing', actions: assign({ failure: null }) } },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const masterBalanceGuardWords: GuardWords<typeof masterBalanceMachine> = {
  hasClient: msg({ defaultMessage: 'The user has a client to adjust; without one the page says so.', id: '9JJwWl' }),
  adjustmentAllowed: msg({
    defaultMessage:
      'Anyone on this screen may ask, only once the balance is read, the typed text reads as a whole rupiah ' +
      "amount, and the after-balance keeps to the server's rule (never below zero).",
    id: 'a9PkgS',
  }),
  isShownClient: msg({
    defaultMessage: 'The socket says the balance of the client on screen moved: it is read again.',
    id: '2MU1nX',
  }),
  adjusted: msg({
    defaultMessage:
      'The adjustment was confirmed and the server took it (done at once, or held for a second SUPER ADMIN).',
    id: '0+JS+N',
  }),
  adjustmentFailed: msg({
    defaultMessage: "The adjustment was confirmed and the server refused it: 'Failed' says why.",
    id: 'bGlrgu',
  }),
};
