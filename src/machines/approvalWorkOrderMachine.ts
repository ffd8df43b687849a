import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { ApprovalDecision, ApprovalRow } from '../services/approvalRules';
import { messageOf } from '../services/http';
import { api } from '../services/api';
import {
  APPROVAL_NOT_FOUND,
  approvalDecisionCall,
  decisionProblem,
  decisionsFor,
  type ApprovalCallArgs,
  type ApprovalViewer,
  type DecisionDialogEvent,
  type DecisionDialogFields,
} from './approvalDecision';
import type { GuardWords } from './guardWords';

export const DECISION_FAILED = 'An error has occurred. Please try again later.';

export interface ApprovalWorkOrderInput {
  /** The request the work order names (its item's ref). */
  id: number;
  viewer: ApprovalViewer;
  /** The work order page that opened it: told to read the work order again once a decision was answered. */
  workOrder?: AnyActorRef;
}

export interface ApprovalOutcome {
  intent: 'success' | 'error';
  message: string;
}

export interface ApprovalWorkOrderContext extends DecisionDialogFields {
  id: number;
  viewer: ApprovalViewer;
  workOrder: AnyActorRef | null;
  row: ApprovalRow | null;
  /** The decisions the approval lifecycle lets this user take on the request as last read. */
  actions: ApprovalDecision[];
  loadError: string | null;
  /** How the last decision ended, in the server's words. */
  outcome: ApprovalOutcome | null;
}

export type ApprovalWorkOrderEvent =
  { type: 'REFRESH' } | { type: 'RETRY' } | { type: 'DECIDE'; decision: ApprovalDecision } | DecisionDialogEvent;

type CallOutput = { message: string | null; failed: boolean };

/**
 * The request an approval work order names, on the work order page (opened from the bell): it is
 * read (action, maker, client, amount, before -> after, summary), the approval lifecycle says
 * which decisions this user may take, and each is 'Are you sure?' (a reason to decline), then the
 * call through the same 'then call' machine as the Approvals page. Either answer reads the request
 * again and tells the work order page, which reads the work order again (the decision resolves it).
 */
export const approvalWorkOrderMachine = setup({
  types: {
    context: {} as ApprovalWorkOrderContext,
    events: {} as ApprovalWorkOrderEvent,
    input: {} as ApprovalWorkOrderInput,
  },
  actors: {
    loadApproval: fromPromise<ApprovalRow, { id: number }>(({ input }) => api.approval(input.id)),
    decideApproval: approvalDecisionCall,
  },
  actions: {
    tellWorkOrder: enqueueActions(({ context, enqueue }) => {
      if (context.workOrder) enqueue.sendTo(context.workOrder, { type: 'RELOAD' });
    }),
    ended: assign({ outcome: (_, outcome: ApprovalOutcome) => outcome }),
  },
  guards: {
    mayDecide: ({ context, event }) => event.type === 'DECIDE' && context.actions.includes(event.decision),
    decisionIsComplete: ({ context }) =>
      context.decision != null && decisionProblem(context.decision, context.reason) == null,
    decisionFailed: ({ event }) => (event as unknown as { output: CallOutput }).output.failed,
  },
}).createMachine({
  id: 'approvalWorkOrder',
  context: ({ input }) => ({
    id: input.id,
    viewer: input.viewer,
    workOrder: input.workOrder ?? null,
    row: null,
    actions: [],
    loadError: null,
    decision: null,
    reason: '',
    reasonError: null,
    outcome: null,
  }),
  initial: 'reading',
  states: {
    reading: {
      on: { REFRESH: { target: 'reading', reenter: true } },
      invoke: {
        id: 'loadApproval',
        src: 'loadApproval',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'shown',
          actions: assign(({ context, event }) => ({
            row: event.output,
            actions: decisionsFor(event.output, context.viewer),
            loadError: null,
          })),
        },
        onError: {
          target: 'unreadable',
          actions: assign({ actions: [], loadError: ({ event }) => messageOf(event.error, APPROVAL_NOT_FOUND) }),
        },
      },
    },
    unreadable: { on: { RETRY: 'reading', REFRESH: 'reading' } },
    shown: {
      on: {
        REFRESH: 'reading',
        DECIDE: {
          guard: 'mayDecide',
          target: 'asking',
          actions: assign(({ event }) => ({ decision: event.decision, reason: '', reasonError: null, outcome: null })),
        },
      },
    },
    // 'Are you sure?' with the request's facts and the amount in figures and words; a decline asks a reason.
    asking: {
      on: {
        SET_REASON: { actions: assign({ reason: ({ event }) => event.value, reasonError: null }) },
        CONFIRM: [
          { guard: 'decisionIsComplete', target: 'deciding' },
          { actions: assign({ reasonError: ({ context }) => decisionProblem(context.decision!, context.reason) }) },
        ],
        CLOSE: 'shown',
      },
    },
    deciding: {
      invoke: {
        id: 'decideApproval',
        src: 'decideApproval',
        input: ({ context }) => ({
          confirm: false,
          args: { id: context.id, decision: context.decision!, reason: context.reason } satisfies ApprovalCallArgs,
        }),
        onDone: [
          {
            guard: 'decisionFailed',
            target: 'reading',
            actions: [
              {
                type: 'ended',
                params: ({ event }) => ({ intent: 'error' as const, message: event.output.message ?? DECISION_FAILED }),
              },
              'tellWorkOrder',
            ],
          },
          {
            target: 'reading',
            actions: [
              {
                type: 'ended',
                params: ({ event }) => ({ intent: 'success' as const, message: event.output.message ?? '' }),
              },
              'tellWorkOrder',
            ],
          },
        ],
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const approvalWorkOrderGuardWords: GuardWords<typeof approvalWorkOrderMachine> = {
  mayDecide:
    'The approval lifecycle lets this user take the decision on the request as last read: Approve or Decline ' +
    'only by a SUPER ADMIN who did not make it, Cancel only by its maker, and only while PENDING_APPROVAL.',
  decisionIsComplete:
    'The decision passes ApprovalDecisionBody: a Decline names a reason; otherwise Confirm is refused in place.',
  decisionFailed:
    'The server refused the decision (the maker, decided already, or a rule broken now): its words are shown.',
};
