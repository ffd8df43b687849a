import { assign, enqueueActions, fromPromise, setup, type AnyActorRef } from 'xstate';
import type { ApprovalDecision, ApprovalRow } from '../services/approvalRules';
import { messageOf } from '../services/http';
import { api } from '../services/api';
import {
  APPROVAL_NOT_FOUND,
  approvalDecisionMachine,
  decisionsFor,
  type ApprovalDecisionOutput,
  type ApprovalViewer,
} from './approvalDecision';
import type { GuardWords } from './guardWords';
import { outputOf } from './doneOutput';
import { msg } from '../i18n/msg';

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

export interface ApprovalWorkOrderContext {
  id: number;
  viewer: ApprovalViewer;
  workOrder: AnyActorRef | null;
  row: ApprovalRow | null;
  /** The decisions the approval lifecycle lets this user take on the request as last read. */
  actions: ApprovalDecision[];
  /** The decision asked about (the approvalDecision machine's input, with the request). */
  decision: ApprovalDecision | null;
  loadError: string | null;
  /** How the last decision ended, in the server's words. */
  outcome: ApprovalOutcome | null;
}

export type ApprovalWorkOrderEvent =
  { type: 'REFRESH' } | { type: 'RETRY' } | { type: 'DECIDE'; decision: ApprovalDecision };

/**
 * The request an approval work order names, on the work order page (opened from the bell): it is
 * read (action, maker, client, amount, before -> after, summary), the approval lifecycle says
 * which decisions this user may take, and each is the approvalDecision machine the Approvals page
 * invokes too ('Are you sure?', a reason to decline, then the call). Either answer reads the request
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
    decideApproval: approvalDecisionMachine,
  },
  actions: {
    tellWorkOrder: enqueueActions(({ context, enqueue }) => {
      if (context.workOrder) enqueue.sendTo(context.workOrder, { type: 'RELOAD' });
    }),
    ended: assign({ outcome: (_, outcome: ApprovalOutcome) => outcome }),
  },
  guards: {
    mayDecide: ({ context, event }) => event.type === 'DECIDE' && context.actions.includes(event.decision),
    decisionFailed: ({ event }) => outputOf<ApprovalDecisionOutput>(event).ended === 'failed',
    decided: ({ event }) => outputOf<ApprovalDecisionOutput>(event).ended === 'decided',
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
          target: 'deciding',
          actions: assign(({ event }) => ({ decision: event.decision, outcome: null })),
        },
      },
    },
    // The approvalDecision machine: 'Are you sure?' with the request's facts and the amount in figures
    // and words (a decline asks a reason), then the call. Either answer reads the request again and
    // tells the work order page; Cancel leaves everything as it was.
    deciding: {
      invoke: {
        id: 'decideApproval',
        src: 'decideApproval',
        input: ({ context }) => ({ row: context.row!, decision: context.decision! }),
        onDone: [
          {
            guard: 'decisionFailed',
            target: 'reading',
            actions: [
              {
                type: 'ended',
                params: ({ event }) => ({ intent: 'error' as const, message: event.output.message ?? '' }),
              },
              'tellWorkOrder',
            ],
          },
          {
            guard: 'decided',
            target: 'reading',
            actions: [
              {
                type: 'ended',
                params: ({ event }) => ({ intent: 'success' as const, message: event.output.message ?? '' }),
              },
              'tellWorkOrder',
            ],
          },
          { target: 'shown' },
        ],
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const approvalWorkOrderGuardWords: GuardWords<typeof approvalWorkOrderMachine> = {
  mayDecide: msg({
    defaultMessage:
      'The approval lifecycle lets this user take the decision on the request as last read: Approve or Decline ' +
      'only by a SUPER ADMIN who did not make it, Cancel only by its maker, and only while PENDING_APPROVAL.',
    id: 'BB8jpM',
  }),
  decisionFailed: msg({
    defaultMessage:
      'The server refused the decision (the maker, decided already, or a rule broken now): its words are shown.',
    id: 'TIZGIj',
  }),
  decided: msg({
    defaultMessage: 'The server took the decision: its words are shown; otherwise it was cancelled, nothing sent.',
    id: '3+RL1W',
  }),
};
