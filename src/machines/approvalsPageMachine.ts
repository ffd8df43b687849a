import * as v from 'valibot';
import { assign, fromPromise, raise, setup } from 'xstate';
import { api } from '../services/api';
import { alerts, type Alert } from '../services/alerts';
import {
  APPROVAL_ACTIONS,
  APPROVAL_MODES,
  APPROVAL_STATUSES,
  ApprovalPolicyBody,
  type ApprovalAction,
  type ApprovalDecision,
  type ApprovalMode,
  type ApprovalPolicyEntry,
  type ApprovalRow,
  type ApprovalStatus,
} from '../services/approvalRules';
import { messageOf } from '../services/http';
import { groupDigits } from '../services/money';
import { readRupiah } from '../services/rupiahInput';
import { readsAsSuperAdmin, readsOnly, type UserTypeName } from '../services/schemas';
import { APPROVAL_POLICY_SAVED } from '../services/successTexts';
import {
  approvalChanges,
  approvalDecisionMachine,
  decisionsFor,
  type ApprovalDecisionOutput,
  type ApprovalViewer,
} from './approvalDecision';
import type { GuardWords } from './guardWords';
import { outputOf } from './doneOutput';
import { GENERIC_PAGE_SIZES, type PageMeta, Paged } from '../services/paging';
import { msg } from '../i18n/msg';

export const LOAD_FAILED = msg({ defaultMessage: 'The approval requests could not be loaded.', id: 'TG2mVi' });
export const POLICY_LOAD_FAILED = msg({ defaultMessage: 'The approval policy could not be loaded.', id: 'UhAMK7' });
export const POLICY_SAVE_FAILED = msg({ defaultMessage: 'The approval policy could not be saved.', id: 'W8+HeL' });

/** The status filter: one status, or '' for all of them. */
export type ApprovalStatusFilter = '' | ApprovalStatus;

/**
 * One line of the Policy tab as typed: the threshold is the text in the field, read by the one rupiah reader on Save.
 */
export interface PolicyLine {
  action: ApprovalAction;
  mode: ApprovalMode;
  thresholdText: string;
  /** Why Save refused this line (under its fields), or null. */
  error: string | null;
}

export interface ApprovalsPageInput {
  /**
   * The signed-in user as the session holds it: the lifecycle is asked with their type, and their e-mail tells their
   * own requests.
   */
  user: { type: UserTypeName; email: string; modules?: readonly string[] } | null | undefined;
  /** Whether to open the 'approval-changed' socket (the session cookie authenticates it). */
  live: boolean;
  /** A request to point out (`/dashboard/approvals?id=N`, from a work order). */
  openId?: number | null;
}

export interface ApprovalsPageContext {
  viewer: ApprovalViewer;
  live: boolean;
  openId: number | null;
  status: ApprovalStatusFilter;
  page: number;
  limit: number;
  rows: ApprovalRow[];
  meta: PageMeta | null;
  /** For each row on screen, the decisions the approval lifecycle lets this user take (the row's buttons). */
  actions: Record<number, ApprovalDecision[]>;
  loadError: string | null;
  /** The request and decision of the open dialog (the approvalDecision machine's input). */
  target: ApprovalRow | null;
  decision: ApprovalDecision | null;
  /** The server's refusal of the last decision (the 'Failed' dialog). */
  decisionError: string | null;
  policy: PolicyLine[];
  policyLoadError: string | null;
  policySaveError: string | null;
}

export type ApprovalsPageEvent =
  | { type: 'SHOW_REQUESTS' }
  | { type: 'SHOW_POLICY' }
  | { type: 'SET_STATUS'; status: ApprovalStatusFilter }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'RETRY' }
  /** From the socket: a request was made or decided somewhere. */
  | { type: 'REFRESH' }
  /** Raised by the machine itself once a decision reached the server (either way). */
  | { type: 'RELOAD' }
  | { type: 'DECIDE'; row: ApprovalRow; decision: ApprovalDecision }
  /** Closes the 'Failed' dialog (the question itself is the approvalDecision machine's). */
  | { type: 'CLOSE' }
  | { type: 'SET_MODE'; action: ApprovalAction; mode: ApprovalMode }
  | { type: 'SET_THRESHOLD'; action: ApprovalAction; text: string }
  | { type: 'SAVE_POLICY' }
  | { type: 'RETRY_POLICY' };

export interface ApprovalListQuery {
  status: ApprovalStatusFilter;
  page: number;
  limit: number;
}

/** The Policy tab's lines, one per action in the contract's order, from the entries the server answered. */
export function policyLinesOf(entries: readonly ApprovalPolicyEntry[]): PolicyLine[] {
  return APPROVAL_ACTIONS.map((action) => {
    const entry = entries.find((e) => e.action === action);
    return {
      action,
      mode: entry?.mode ?? 'off',
      thresholdText: entry?.threshold != null ? groupDigits(entry.threshold) : '',
      error: null,
    };
  });
}

/** The threshold a line's text reads as (whole rupiah), or the reader's words for why it cannot be read. */
export function thresholdOf(line: Pick<PolicyLine, 'thresholdText'>): { amount: number } | { problem: string } {
  const read = readRupiah(line.thresholdText);
  return read.ok ? { amount: read.amount } : { problem: read.problem };
}

/**
 * What Save would send, or each line's problem: a threshold line's text must read as an amount
 * (the one rupiah reader), and the whole must pass ApprovalPolicyBody (the server's own rule).
 */
export function policyBodyOf(
  lines: readonly PolicyLine[],
): { body: ApprovalPolicyBody } | { errors: Array<string | null> } {
  const errors: Array<string | null> = lines.map(() => null);
  const policy = lines.map((line, i) => {
    if (line.mode !== 'threshold') return { action: line.action, mode: line.mode, threshold: null };
    const read = thresholdOf(line);
    if ('problem' in read) errors[i] = read.problem;
    return { action: line.action, mode: line.mode, threshold: 'amount' in read ? read.amount : null };
  });
  if (errors.some((e) => e != null)) return { errors };
  const result = v.safeParse(ApprovalPolicyBody, { policy });
  if (result.success) return { body: result.output };
  for (const issue of result.issues) {
    const index = issue.path?.find((p) => p.type === 'array')?.key;
    const at = typeof index === 'number' ? index : 0;
    errors[at] ??= issue.message;
  }
  return { errors };
}

const actionsOf = (rows: ApprovalRow[], viewer: ApprovalViewer) =>
  Object.fromEntries(rows.map((row) => [row.id, decisionsFor(row, viewer)]));
const queryOf = (c: ApprovalsPageContext): ApprovalListQuery => ({ status: c.status, page: c.page, limit: c.limit });
const isStatusFilter = (status: string): status is ApprovalStatusFilter =>
  status === '' || (APPROVAL_STATUSES as readonly string[]).includes(status);

/**
 * Approvals (issue 25, dual control): the requests waiting for a second SUPER ADMIN (status filter,
 * paged; a maker who is not a SUPER ADMIN sees their own, issue 42), each with the decisions the approval lifecycle lets
 * this user take (Approve / Decline for another's request, Cancel for their own), the decision
 * (the approvalDecision machine: 'Are you sure?' with the amount in figures and words, a reason to
 * decline, then the call; a refusal in the server's words), and, for a SUPER ADMIN or an AUDITOR,
 * the Policy tab (one line per action: off, always or from a threshold). The list is read again when the socket says a request was made
 * or decided. Four regions: `tab`, `list`, `decision` (the dialog) and `policy`.
 */
export const approvalsPageMachine = setup({
  types: {
    context: {} as ApprovalsPageContext,
    events: {} as ApprovalsPageEvent,
    input: {} as ApprovalsPageInput,
  },
  actors: {
    loadApprovals: fromPromise<Paged<ApprovalRow>, ApprovalListQuery>(({ input }) => api.approvals(input)),
    decideApproval: approvalDecisionMachine,
    loadPolicy: fromPromise<ApprovalPolicyEntry[]>(() => api.approvalPolicy()),
    savePolicy: fromPromise<{ policy: ApprovalPolicyEntry[]; message: string }, ApprovalPolicyBody>(({ input }) =>
      api.updateApprovalPolicy(input),
    ),
    approvalChanges,
  },
  actions: {
    announce: (_, alert: Alert) => alerts.show(alert),
    reload: raise({ type: 'RELOAD' }),
    takePolicy: assign(({ event }) => ({
      policy: policyLinesOf((event as unknown as { output: ApprovalPolicyEntry[] }).output),
      policyLoadError: null,
    })),
    showRows: assign(({ context, event }) => {
      const { rows, meta } = outputOf<Paged<ApprovalRow>>(event);
      return { rows, meta, actions: actionsOf(rows, context.viewer), loadError: null };
    }),
    setStatus: assign(({ event }) => (event.type === 'SET_STATUS' ? { status: event.status, page: 1 } : {})),
    ask: assign(({ event }) =>
      event.type === 'DECIDE' ? { target: event.row, decision: event.decision, decisionError: null } : {},
    ),
    setLine: assign({
      policy: ({ context, event }) =>
        context.policy.map((line) => {
          if (event.type === 'SET_MODE' && line.action === event.action)
            return { ...line, mode: event.mode, error: null };
          if (event.type === 'SET_THRESHOLD' && line.action === event.action)
            return { ...line, thresholdText: event.text, error: null };
          return line;
        }),
      policySaveError: null,
    }),
    refusePolicy: assign({
      policy: ({ context }) => {
        const checked = policyBodyOf(context.policy);
        return 'errors' in checked
          ? context.policy.map((line, i) => ({ ...line, error: checked.errors[i] }))
          : context.policy;
      },
    }),
  },
  guards: {
    isStatusFilter: ({ event }) => event.type === 'SET_STATUS' && isStatusFilter(event.status),
    isPageInRange: ({ context, event }) =>
      event.type === 'PAGE' && event.page >= 1 && event.page <= (context.meta?.last_page ?? 1),
    isPageSize: ({ event }) =>
      event.type === 'PAGE_SIZE' && (GENERIC_PAGE_SIZES as readonly number[]).includes(event.limit),
    mayDecide: ({ context, event }) =>
      event.type === 'DECIDE' &&
      context.rows.some((r) => r.id === event.row.id) &&
      decisionsFor(event.row, context.viewer).includes(event.decision),
    decisionFailed: ({ event }) => outputOf<ApprovalDecisionOutput>(event).ended === 'failed',
    decided: ({ event }) => outputOf<ApprovalDecisionOutput>(event).ended === 'decided',
    isPolicyMode: ({ context, event }) =>
      !readsOnly(context.viewer.role) &&
      event.type === 'SET_MODE' &&
      (APPROVAL_MODES as readonly string[]).includes(event.mode) &&
      context.policy.some((l) => l.action === event.action),
    isPolicyLine: ({ context, event }) =>
      !readsOnly(context.viewer.role) &&
      event.type === 'SET_THRESHOLD' &&
      context.policy.some((l) => l.action === event.action),
    policyIsValid: ({ context }) => !readsOnly(context.viewer.role) && 'body' in policyBodyOf(context.policy),
    setsPolicy: ({ context }) => !readsOnly(context.viewer.role),
    readsPolicy: ({ context }) => readsAsSuperAdmin(context.viewer.role),
  },
}).createMachine({
  id: 'approvalsPage',
  context: ({ input }) => ({
    viewer: { role: input.user?.type ?? 'CLIENT', email: input.user?.email ?? '', modules: input.user?.modules ?? [] },
    live: input.live,
    openId: input.openId ?? null,
    status: 'PENDING_APPROVAL',
    page: 1,
    limit: GENERIC_PAGE_SIZES[0],
    rows: [],
    meta: null,
    actions: {},
    loadError: null,
    target: null,
    decision: null,
    decisionError: null,
    policy: policyLinesOf([]),
    policyLoadError: null,
    policySaveError: null,
  }),
  invoke: { id: 'approvalChanges', src: 'approvalChanges', input: ({ context }) => ({ live: context.live }) },
  type: 'parallel',
  states: {
    tab: {
      initial: 'requests',
      states: {
        requests: { on: { SHOW_POLICY: { guard: 'readsPolicy', target: 'policy' } } },
        policy: { on: { SHOW_REQUESTS: 'requests' } },
      },
    },
    list: {
      initial: 'loading',
      states: {
        loading: {
          on: {
            // A change (or a new filter) while the list is read may come after the answer: read again.
            REFRESH: { target: 'loading', reenter: true },
            RELOAD: { target: 'loading', reenter: true },
            SET_STATUS: { guard: 'isStatusFilter', target: 'loading', reenter: true, actions: 'setStatus' },
          },
          invoke: {
            id: 'loadApprovals',
            src: 'loadApprovals',
            input: ({ context }) => queryOf(context),
            onDone: { target: 'ready', actions: 'showRows' },
            onError: {
              target: 'failed',
              actions: assign({
                rows: [],
                meta: null,
                actions: {},
                loadError: ({ event }) => messageOf(event.error, LOAD_FAILED),
              }),
            },
          },
        },
        ready: {
          on: {
            SET_STATUS: { guard: 'isStatusFilter', target: 'loading', actions: 'setStatus' },
            PAGE: { guard: 'isPageInRange', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
            PAGE_SIZE: {
              guard: 'isPageSize',
              target: 'loading',
              actions: assign({ limit: ({ event }) => event.limit, page: 1 }),
            },
            REFRESH: 'loading',
            RELOAD: 'loading',
          },
        },
        failed: {
          on: {
            RETRY: 'loading',
            SET_STATUS: { guard: 'isStatusFilter', target: 'loading', actions: 'setStatus' },
            REFRESH: 'loading',
            RELOAD: 'loading',
          },
        },
      },
    },
    decision: {
      initial: 'idle',
      states: {
        idle: { on: { DECIDE: { guard: 'mayDecide', target: 'deciding', actions: 'ask' } } },
        // The approvalDecision machine: 'Are you sure?' with the request, its amount in figures and
        // words and before -> after (a decline asks a reason), then the call. Either answer reads the
        // list again (someone may have decided first); Cancel changes nothing.
        deciding: {
          invoke: {
            id: 'decideApproval',
            src: 'decideApproval',
            input: ({ context }) => ({ row: context.target!, decision: context.decision! }),
            onDone: [
              {
                guard: 'decisionFailed',
                target: 'failed',
                actions: [assign({ decisionError: ({ event }) => event.output.message }), 'reload'],
              },
              {
                guard: 'decided',
                target: 'idle',
                actions: [
                  {
                    type: 'announce',
                    params: ({ event }) => ({
                      title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }),
                      message: event.output.message ?? '',
                      intent: 'success' as const,
                    }),
                  },
                  'reload',
                ],
              },
              { target: 'idle' },
            ],
          },
        },
        // The server's refusal in its words (403 the maker, 409 decided already, 422 a rule broken now).
        failed: { on: { CLOSE: 'idle' } },
      },
    },
    policy: {
      initial: 'unloaded',
      states: {
        unloaded: { on: { SHOW_POLICY: { guard: 'readsPolicy', target: 'loading' } } },
        loading: {
          invoke: {
            id: 'loadPolicy',
            src: 'loadPolicy',
            onDone: { target: 'editing', actions: 'takePolicy' },
            onError: {
              target: 'loadFailed',
              actions: assign({ policyLoadError: ({ event }) => messageOf(event.error, POLICY_LOAD_FAILED) }),
            },
          },
        },
        loadFailed: { on: { RETRY_POLICY: 'loading' } },
        editing: {
          on: {
            SET_MODE: { guard: 'isPolicyMode', actions: 'setLine' },
            SET_THRESHOLD: { guard: 'isPolicyLine', actions: 'setLine' },
            SAVE_POLICY: [
              { guard: 'policyIsValid', target: 'saving', actions: assign({ policySaveError: null }) },
              { guard: 'setsPolicy', actions: 'refusePolicy' },
            ],
          },
        },
        saving: {
          invoke: {
            id: 'savePolicy',
            src: 'savePolicy',
            input: ({ context }) => (policyBodyOf(context.policy) as { body: ApprovalPolicyBody }).body,
            onDone: {
              target: 'editing',
              actions: [
                assign({ policy: ({ event }) => policyLinesOf(event.output.policy) }),
                {
                  type: 'announce',
                  params: ({ event }) => ({
                    title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }),
                    message: event.output.message || APPROVAL_POLICY_SAVED,
                    intent: 'success' as const,
                  }),
                },
              ],
            },
            onError: {
              target: 'editing',
              actions: assign({ policySaveError: ({ event }) => messageOf(event.error, POLICY_SAVE_FAILED) }),
            },
          },
        },
      },
    },
  },
});

/**
 * Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these.
 * Every event comes from a user whose role holds the Approvals page: a SUPER ADMIN or an AUDITOR sees
 * every request, anyone else their own (issue 42).
 */
export const approvalsPageGuardWords: GuardWords<typeof approvalsPageMachine> = {
  isStatusFilter: msg({ defaultMessage: 'Only one of the approval statuses, or all of them.', id: 'TNUV84' }),
  isPageInRange: msg({ defaultMessage: 'Only a page the last answer says exists.', id: 'SV51/E' }),
  isPageSize: msg({ defaultMessage: 'Only one of the offered page sizes (15, 30 or 50).', id: '/Y5+Bu' }),
  mayDecide: msg({
    defaultMessage:
      'The request is on screen and the approval lifecycle lets this user take the decision: Approve or Decline ' +
      "only by a SUPER ADMIN who did not make it and holds the action's module, Cancel only by its maker, and only " +
      'while PENDING_APPROVAL.',
    id: '8B68Nv',
  }),
  decisionFailed: msg({
    defaultMessage:
      'The server refused the decision (the maker, decided already, or a rule broken now): its words are shown.',
    id: 'TIZGIj',
  }),
  decided: msg({
    defaultMessage:
      'The server took the decision: it is announced in its words; otherwise it was cancelled, nothing sent.',
    id: '8HdcdY',
  }),
  setsPolicy: msg({
    defaultMessage: 'Only a SUPER ADMIN changes the policy: an AUDITOR reads it, with nothing to change or save.',
    id: '7CD/ix',
  }),
  readsPolicy: msg({
    defaultMessage:
      'Only a SUPER ADMIN (or an AUDITOR, who reads as one) sees the Policy tab; any other maker sees the Requests tab ' +
      'with their own requests.',
    id: 'Ukssr9',
  }),
  isPolicyMode: msg({
    defaultMessage: 'Only off, always or threshold, for an action of the policy, by a SUPER ADMIN (not an AUDITOR).',
    id: 'cG06R6',
  }),
  isPolicyLine: msg({
    defaultMessage: 'Only for an action of the policy, by a SUPER ADMIN (not an AUDITOR).',
    id: 'RII2JQ',
  }),
  policyIsValid: msg({
    defaultMessage:
      "Every threshold line's amount reads as whole rupiah (the one rupiah reader) and the policy passes " +
      'ApprovalPolicyBody, and a SUPER ADMIN saves it; otherwise each line says why under its fields.',
    id: 'QJ49VI',
  }),
};
