import {
  and,
  assign,
  enqueueActions,
  fromCallback,
  fromPromise,
  raise,
  setup,
  stateIn,
  type ActorRefFrom,
} from 'xstate';
import { api } from '../services/api';
import type { DisbursementRow } from '../services/disbursementQuery';
import { messageOf } from '../services/http';
import { watchWorkOrders } from '../services/realtime';
import { roleOf, type PageUser, type UserTypeName } from '../services/schemas';
import { WAITING_STATUSES, type NotificationItem, type WorkOrderItem } from '../services/workOrders';
import { approvalWorkOrderMachine } from './approvalWorkOrderMachine';
import {
  disbursementDecisionMachine,
  type DecisionOutput,
  type DisbursementDecision,
} from './disbursementDecisionMachine';
import { allowsDisbursement } from './lifecycle/disbursementLifecycle';
import { allows as allowsPayin } from './lifecycle/payinLifecycle';
import { nextWithdrawalStatus } from './lifecycle/withdrawalLifecycle';
import { oneShotActionMachine } from './confirmCallMachine';
import { withdrawalDecisionMachine, type WithdrawalDecisionOutput } from './withdrawalDecisionMachine';
import type { GuardWords } from './guardWords';
import { outputOf } from './doneOutput';
import { msg } from '../i18n/msg';

export const LOAD_FAILED = msg({ defaultMessage: 'The work order could not be loaded.', id: '+/S5Xl' });
export const REFRESH_FAILED = msg({
  defaultMessage: 'The work order could not be read again: what is shown may be out of date.',
  id: 'emd/0d',
});

/** What a work order's item may offer: each is the lifecycle event of the same name, asked as the user's role. */
export const WORK_ORDER_ACTIONS = ['COMPLETE', 'FINALIZE', 'REJECT', 'RESEND_CALLBACK'] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];

/**
 * The actions the item's own lifecycle allows this user while the work order is OPEN. An OPEN work
 * order names its item in the status it was raised in, since the decision that moves the item on
 * resolves the work order in the same transaction (the first of its WAITING_STATUSES, which the
 * Overview counts too): a withdrawal PENDING, a disbursement PENDING_REQUEST, a pay-in whose callback failed FINALIZED. A RESOLVED one offers nothing, nor do
 * reconciliations and settlements (they have no decision of their own).
 */
export function offeredActions(item: NotificationItem | null, role: UserTypeName): WorkOrderAction[] {
  const order = item?.data;
  if (!order || order.status !== 'OPEN' || !order.item) return [];
  switch (order.item.kind) {
    case 'withdrawal':
      return (['COMPLETE', 'REJECT'] as const).filter(
        (type) =>
          nextWithdrawalStatus(WAITING_STATUSES.withdrawal[0], type === 'COMPLETE' ? 'COMPLETED' : 'REJECTED', role) !=
          null,
      );
    case 'disbursement':
      return (['FINALIZE', 'REJECT'] as const).filter((type) =>
        allowsDisbursement(WAITING_STATUSES.disbursement[0], { addedToWithdrawable: false }, { type, role }),
      );
    case 'callback':
      // The item does not carry the pay-in's channel; no rule of RESEND_CALLBACK reads it.
      return allowsPayin(
        'FINALIZED',
        { channel: 'fello_qris', addedToWithdrawable: false },
        { type: 'RESEND_CALLBACK', role },
      )
        ? ['RESEND_CALLBACK']
        : [];
    default:
      return [];
  }
}

/**
 * The disbursement decision machine takes a Disbursement List row, but reads only its uuid (the
 * dialog on this page shows the item's amount and client): the row is built from the item, and the
 * fields a work order does not carry (correlation id, bank account, fee, method) are left empty.
 */
export const disbursementRowOf = (item: WorkOrderItem): DisbursementRow => ({
  uuid: item.ref,
  amount: item.amount ?? 0,
  client_id: item.client_id ?? 0,
  client_name: item.client_name ?? '',
  status: 'PENDING_REQUEST',
  correlation_id: '',
  bank_name: '',
  bank_account_name: '',
  account_no: '',
  original_transaction_no: null,
  fee_amount: 0,
  withdrawal_method: 'BIFAST',
  transaction_time: '',
  paid_time: null,
  added_to_withdrawable: false,
});

/** Said of this user's work orders by the socket: one changed (the whole item), or the socket (re)connected. */
export type WorkOrderSocketEvent = { type: 'CHANGED'; item: NotificationItem } | { type: 'CONNECTED' };

type Watch = (onChanged: (item: NotificationItem) => void, onConnected: () => void) => () => void;

/**
 * The 'work-order-changed' socket as an actor the page invokes for as long as it is open. Tests
 * give it a fake `watch`; the mapping stays this one.
 */
export const workOrderChangesFrom = (watch: Watch) =>
  fromCallback<WorkOrderSocketEvent, { live: boolean }>(({ sendBack, input }) => {
    if (!input.live) return undefined;
    return watch(
      (item) => sendBack({ type: 'CHANGED', item }),
      () => sendBack({ type: 'CONNECTED' }),
    );
  });

export const workOrderChanges = workOrderChangesFrom(watchWorkOrders);

/**
 * The work order's code and the signed-in user (passed whole by the page): the lifecycles are asked
 * with their type; an approval request is told apart as theirs by their e-mail.
 */
export interface WorkOrderDetailInput {
  code: string;
  live: boolean;
  user: (NonNullable<PageUser> & { email?: string }) | null | undefined;
}

export interface WorkOrderOutcome {
  intent: 'success' | 'error';
  message: string;
}

export interface WorkOrderDetailContext extends Omit<WorkOrderDetailInput, 'user'> {
  role: UserTypeName;
  email: string;
  /** The modules the user's role holds: an approval's checker must hold its action's module. */
  modules: readonly string[];
  item: NotificationItem | null;
  /** What the item's lifecycle offers this user now (empty once RESOLVED). */
  offered: WorkOrderAction[];
  loadError: string | null;
  refreshError: string | null;
  /** The decision asked in the open dialog. */
  decision: DisbursementDecision | null;
  /** How the last action ended, in the server's words. */
  outcome: WorkOrderOutcome | null;
  /**
   * An approval work order's request (issue 25), with its own Approve / Decline: spawned once the work order is read.
   */
  approval: ActorRefFrom<typeof approvalWorkOrderMachine> | null;
}

export type WorkOrderDetailEvent =
  | { type: 'RETRY' }
  | { type: WorkOrderAction }
  | WorkOrderSocketEvent
  /** Raised by the machine itself when an action ended: the work order is read again. */
  | { type: 'RELOAD' };

const success = (message: string | null): WorkOrderOutcome => ({
  intent: 'success',
  message: message || msg({ defaultMessage: 'Done', id: 'JXdbo8' }),
});
const failure = (message: string | null): WorkOrderOutcome => ({
  intent: 'error',
  message: message || msg({ defaultMessage: 'An error has occurred. Please try again later.', id: 'GzxcSR' }),
});

/**
 * The work order detail page (/work-order-detail?wo=..., issue 14): the work order and the item it
 * names, and the item's action through the same machines as the list pages (a withdrawal's
 * Complete / Reject, a disbursement's Finalize / Reject, a pay-in's Resend Callback), offered as
 * the item's lifecycle allows the user's role. When an action ends the work order is read again
 * (a decision comes back RESOLVED, and the actions go); so it is when the socket says this work
 * order changed (resolved by another admin) or the socket (re)connects. Two regions: `item` (the
 * work order as read) and `action` (the one action under way, with its dialog). An approval work
 * order (issue 25) spawns the approvalWorkOrder machine for its request once read (its facts and
 * Approve / Decline as the approval lifecycle allows), which asks for RELOAD when a decision ends.
 */
export const workOrderDetailMachine = setup({
  types: {
    context: {} as WorkOrderDetailContext,
    events: {} as WorkOrderDetailEvent,
    input: {} as WorkOrderDetailInput,
  },
  actors: {
    load: fromPromise<NotificationItem, { code: string }>(({ input }) => api.workOrder(input.code)),
    workOrderChanges,
    withdrawalDecision: withdrawalDecisionMachine,
    disbursementDecision: disbursementDecisionMachine,
    // The Payments List's resend, on the pay-in the work order names.
    resendCallback: oneShotActionMachine.provide({
      actors: {
        run: fromPromise<string, unknown>(
          async ({ input }) => (await api.resendCallback([(input as { correlationId: string }).correlationId])).message,
        ),
      },
    }),
    // The request an approval work order names, read and decided through the Approvals page's call.
    approvalWorkOrder: approvalWorkOrderMachine,
  },
  actions: {
    show: assign(({ context, event }) => {
      const item = outputOf<NotificationItem>(event);
      return { item, offered: offeredActions(item, context.role), loadError: null, refreshError: null };
    }),
    reload: raise({ type: 'RELOAD' }),
    /** An approval work order: its request is read (once spawned, read again with the work order). */
    followApproval: enqueueActions(({ context, enqueue, self }) => {
      const item = context.item?.data.item;
      if (item?.kind !== 'approval') return;
      if (context.approval) {
        enqueue.sendTo(context.approval, { type: 'REFRESH' });
        return;
      }
      enqueue.assign({
        approval: ({ spawn }) =>
          spawn('approvalWorkOrder', {
            id: 'approvalWorkOrder',
            input: {
              id: Number(item.ref),
              viewer: { role: context.role, email: context.email, modules: context.modules },
              workOrder: self,
            },
          }),
      });
    }),
    ask: assign((_, decision: DisbursementDecision) => ({ decision, outcome: null })),
    succeeded: assign({ outcome: (_, message: string | null) => success(message) }),
    failed: assign({ outcome: (_, message: string | null) => failure(message) }),
  },
  guards: {
    offered: and([
      stateIn({ item: 'shown' }),
      ({ context, event }) => context.offered.includes(event.type as WorkOrderAction),
    ]),
    isWithdrawal: ({ context }) => context.item?.data.item?.kind === 'withdrawal',
    offeredOnWithdrawal: and(['offered', 'isWithdrawal']),
    isThisWorkOrder: ({ context, event }) =>
      event.type === 'CHANGED' && event.item.data.work_order_code === context.code,
    withdrawalDecided: ({ event }) => outputOf<WithdrawalDecisionOutput>(event).outcome === 'decided',
    withdrawalFailed: ({ event }) => outputOf<WithdrawalDecisionOutput>(event).outcome === 'failed',
    disbursementDecided: ({ event }) => outputOf<DecisionOutput>(event).changed,
    resendFailed: ({ event }) => outputOf<{ failed: boolean }>(event).failed,
  },
}).createMachine({
  id: 'workOrderDetail',
  context: ({ input }) => ({
    code: input.code,
    live: input.live,
    role: roleOf(input.user),
    email: input.user?.email ?? '',
    modules: input.user?.modules ?? [],
    item: null,
    offered: [],
    loadError: null,
    refreshError: null,
    decision: null,
    outcome: null,
    approval: null,
  }),
  invoke: { id: 'workOrderChanges', src: 'workOrderChanges', input: ({ context }) => ({ live: context.live }) },
  type: 'parallel',
  states: {
    item: {
      initial: 'loading',
      states: {
        loading: {
          // A change (or a connection) while the first read is under way may have come after it: read again.
          on: {
            CHANGED: { guard: 'isThisWorkOrder', target: 'loading', reenter: true },
            CONNECTED: { target: 'loading', reenter: true },
          },
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => ({ code: context.code }),
            onDone: { target: 'shown', actions: ['show', 'followApproval'] },
            // 404 'Work order not found' when it is not this user's: the server's words.
            onError: {
              target: 'loadFailed',
              actions: assign({ loadError: ({ event }) => messageOf(event.error, LOAD_FAILED) }),
            },
          },
        },
        loadFailed: { on: { RETRY: 'loading' } },
        shown: {
          on: {
            CHANGED: { guard: 'isThisWorkOrder', target: 'refreshing' },
            CONNECTED: 'refreshing',
            RELOAD: 'refreshing',
          },
        },
        refreshing: {
          on: {
            CHANGED: { guard: 'isThisWorkOrder', target: 'refreshing', reenter: true },
            CONNECTED: { target: 'refreshing', reenter: true },
            RELOAD: { target: 'refreshing', reenter: true },
          },
          invoke: {
            id: 'refresh',
            src: 'load',
            input: ({ context }) => ({ code: context.code }),
            onDone: { target: 'shown', actions: ['show', 'followApproval'] },
            onError: {
              target: 'shown',
              actions: assign({ refreshError: ({ event }) => messageOf(event.error, REFRESH_FAILED) }),
            },
          },
        },
      },
    },
    action: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            COMPLETE: { guard: 'offered', target: 'decidingWithdrawal', actions: { type: 'ask', params: 'COMPLETED' } },
            REJECT: [
              {
                guard: 'offeredOnWithdrawal',
                target: 'decidingWithdrawal',
                actions: { type: 'ask', params: 'REJECTED' },
              },
              { guard: 'offered', target: 'decidingDisbursement', actions: { type: 'ask', params: 'REJECTED' } },
            ],
            FINALIZE: {
              guard: 'offered',
              target: 'decidingDisbursement',
              actions: { type: 'ask', params: 'COMPLETED' },
            },
            RESEND_CALLBACK: { guard: 'offered', target: 'resending', actions: assign({ outcome: null }) },
          },
        },
        // 'Are you sure?', then the call; a refusal ends the dialog, and the page says why.
        decidingWithdrawal: {
          invoke: {
            id: 'withdrawalDecision',
            src: 'withdrawalDecision',
            input: ({ context }) => ({ uuid: context.item!.data.item!.ref, decision: context.decision! }),
            onDone: [
              {
                guard: 'withdrawalDecided',
                target: 'idle',
                actions: [{ type: 'succeeded', params: ({ event }) => event.output.message }, 'reload'],
              },
              // Refused (decided by someone else first, say): the work order is read again too.
              {
                guard: 'withdrawalFailed',
                target: 'idle',
                actions: [{ type: 'failed', params: ({ event }) => event.output.message }, 'reload'],
              },
              { target: 'idle' },
            ],
          },
        },
        // 'Are you sure?', then the call; a refusal stays in the dialog (Try again or Cancel),
        // as on the Disbursement List.
        decidingDisbursement: {
          invoke: {
            id: 'disbursementDecision',
            src: 'disbursementDecision',
            input: ({ context }) => ({ row: disbursementRowOf(context.item!.data.item!), decision: context.decision! }),
            onDone: [
              {
                guard: 'disbursementDecided',
                target: 'idle',
                actions: [{ type: 'succeeded', params: ({ event }) => event.output.message }, 'reload'],
              },
              { target: 'idle' },
            ],
          },
        },
        // As on the Payments List: no question, the call at once.
        resending: {
          invoke: {
            id: 'resendCallback',
            src: 'resendCallback',
            input: ({ context }) => ({ confirm: false, args: { correlationId: context.item!.data.item!.ref } }),
            onDone: [
              {
                guard: 'resendFailed',
                target: 'idle',
                actions: [{ type: 'failed', params: ({ event }) => event.output.message }, 'reload'],
              },
              {
                target: 'idle',
                actions: [{ type: 'succeeded', params: ({ event }) => event.output.message }, 'reload'],
              },
            ],
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const workOrderDetailGuardWords: GuardWords<typeof workOrderDetailMachine> = {
  offered: msg({
    defaultMessage:
      "The item's lifecycle offers this action to the user's role, on the work order as last read (not while it is " +
      'read again): e.g. only a SUPER ADMIN may complete or reject a PENDING withdrawal.',
    id: 'MckZgm',
  }),
  isWithdrawal: msg({ defaultMessage: "The work order's item is a withdrawal.", id: 'IEpdbb' }),
  offeredOnWithdrawal: msg({
    defaultMessage:
      'Reject is offered and the item is a withdrawal: the withdrawal decision, not the disbursement one.',
    id: '+xnBdv',
  }),
  isThisWorkOrder: msg({
    defaultMessage: 'The socket says this work order (same code) changed: it is read again.',
    id: '3lum3H',
  }),
  withdrawalDecided: msg({ defaultMessage: 'The withdrawal decision was taken (the server said yes).', id: 'mX+MKj' }),
  withdrawalFailed: msg({ defaultMessage: 'The withdrawal decision was refused by the server.', id: 'h1TWcH' }),
  disbursementDecided: msg({
    defaultMessage: "The disbursement decision changed the disbursement's status.",
    id: 'BKuX5Q',
  }),
  resendFailed: msg({ defaultMessage: 'The callback could not be re-sent.', id: 'Ql/ZTx' }),
};
