import { and, assign, fromPromise, raise, setup, stateIn } from 'xstate';
import { alerts, waitingAlert, type Alert } from '../services/alerts';
import { api } from '../services/api';
import { APPROVAL_WAITING, readsApprovalPolicy, type ApprovalPolicyEntry } from '../services/approvalRules';
import { lastDays } from '../services/dateRange';
import { readsJournals } from '../services/ledgerLinks';
import {
  readsAllClientsAtOnce,
  readsOnly,
  roleOf,
  type ClientOption,
  type PageUser,
  type UserTypeName,
} from '../services/schemas';
import { WITHDRAWAL_SUBMITTED } from '../services/successTexts';
import {
  insufficientBalanceMessage,
  MIN_WITHDRAWAL,
  WITHDRAWAL_STATUSES,
  type BalanceSummary,
  type WithdrawalDecision,
  type WithdrawalMode,
  type WithdrawalRow,
} from '../services/withdrawalRules';
import { balanceChanges, isShownClient, type RefreshEvent } from './balanceWatch';
import {
  filterTextIsValid,
  rolledFilter,
  searchedFilter,
  startingFilter,
  typedFilter,
  type DateFilter,
} from './dateFilter';
import { allowsWithdrawal, decidesWithdrawals } from './lifecycle/withdrawalLifecycle';
import type { GuardWords } from './guardWords';
import { withdrawalDecisionMachine, type WithdrawalDecisionOutput } from './withdrawalDecisionMachine';
import { withdrawalRequestMachine, type WithdrawalRequestOutput } from './withdrawalRequestMachine';
import { approvalPolicyActor, approvalPolicyInvoke } from './approvalPolicyActor';
import { openDecision } from './rowDecision';
import { listMemory, memoryOn, queryRefusal, urlWatch, type MemoryContext, type UrlChangedEvent } from './listMemory';
import { pageQuery, readPageQuery } from '../services/listUrl';
import { savedViewsMachine, type ApplyViewEvent } from './savedViewsMachine';
import type { PageMeta } from '../services/paging';
import { msg } from '../i18n/msg';

// The views read the status list from here (a view imports machines, not every rules file).
export { WITHDRAWAL_STATUSES };

interface BalanceQuery {
  /** null: All clients (the history of every client the user may see, and no figures). */
  clientId: number | null;
  start: string;
  end: string;
  status: string;
  page: number;
  limit: number;
}

interface BalanceContext extends MemoryContext {
  /** The signed-in user's type: the withdrawal lifecycle is asked with it. */
  role: UserTypeName;
  /** Whether this role may decide some withdrawal at all: decides if the history has an Actions column. */
  decidesRows: boolean;
  /** Whether this user requests withdrawals and transfers: everyone on the page but an AUDITOR, who reads. */
  requests: boolean;
  /** The user reads the Ledger: each withdrawal's amount links to its journal (issue 28). */
  journals: boolean;
  clientId: number | null;
  /**
   * Issue 45: staff may show the history of All clients at once (with a Client column). The balance
   * cards and the Request Widthdrawal / Transfer to Disburse buttons are one client's: with All clients
   * the cards are not read and the page asks for a client to show them (`clientId` is kept for when the
   * person picks one), so a request still needs one chosen client. Decisions on rows act on each row's
   * own client, so they work from here too.
   */
  allClients: boolean;
  /** Whether this user may choose All clients: staff (SUPER ADMIN, ADMIN, AUDITOR), not a client user. */
  offersAll: boolean;
  /** Someone is signed in: the 'balance-changed' socket opens (the session cookie authenticates it); else the page is not live. */
  live: boolean;
  rangeText: string;
  start: string;
  end: string;
  status: string;
  page: number;
  limit: number;
  summary: BalanceSummary | null;
  rows: WithdrawalRow[];
  meta: PageMeta | null;
  rangeError: string | null;
  loadError: string | null;
  /** The clients the person may pick (a link's client is taken only from these); names for the Client column. */
  clients: readonly ClientOption[];
  /** The default range ('last 14 days back to now') keeps following now until the user sets one. */
  rangeFollowsNow: boolean;
  /** What the open dialog is: the request's mode, or the row and the decision asked for it. */
  requestMode: WithdrawalMode | null;
  target: WithdrawalRow | null;
  decision: WithdrawalDecision | null;
  /** Whether the user may read the approval policy (a SUPER ADMIN granted Approvals); anyone else learns from the 202. */
  readsPolicy: boolean;
  /** The approval policy, so the request form says beforehand that it will be held; null until read or unreadable. */
  policy: readonly ApprovalPolicyEntry[] | null;
}

type RowEvent = { type: 'COMPLETE' | 'REJECT'; row: WithdrawalRow };

export type BalanceEvent =
  | { type: 'SELECT_CLIENT'; clientId: number }
  | { type: 'SELECT_ALL_CLIENTS' }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SET_STATUS'; value: string }
  | { type: 'SEARCH' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'RELOAD' }
  | { type: 'OPEN_REQUEST'; mode: WithdrawalMode }
  | RowEvent
  | RefreshEvent
  | UrlChangedEvent
  | ApplyViewEvent;

/** Who is signed in, as the page needs it (the whole session user may be passed). */
export interface BalancePageInput {
  clients: ClientOption[];
  user: PageUser;
  /** Whether to open the live socket; without it the page reads only on the user's doing. */
  live?: boolean;
  range?: { start: string; end: string };
  /** The page's address query (issue 29): the client, window, status and page a link or Back opens with. */
  query?: string;
}

const DEFAULT_DAYS = 14;
const defaultRange = () => lastDays(DEFAULT_DAYS);

type RangeFields = Pick<BalanceContext, 'start' | 'end' | 'rangeText' | 'rangeError' | 'rangeFollowsNow'>;
/**
 * The page keeps its date filter in fields of its own (the view and tests read them): as dateFilter.ts's DateFilter,
 * and back.
 */
const filterOf = (c: RangeFields): DateFilter => ({
  start: c.start,
  end: c.end,
  text: c.rangeText,
  error: c.rangeError,
  followsNow: c.rangeFollowsNow,
});
const rangeFields = (f: DateFilter): RangeFields => ({
  start: f.start,
  end: f.end,
  rangeText: f.text,
  rangeError: f.error,
  rangeFollowsNow: f.followsNow,
});

/**
 * What Withdrawal History shows for an address's query (issue 29): its client (when the person may pick it),
 * window (or the default one, following the clock), status and page; null when it cannot be read.
 */
function openedFrom(
  query: string,
  clients: readonly { id: number }[],
  offersAll: boolean,
  given?: { start: string; end: string },
) {
  const read = readPageQuery('withdrawals', query);
  if (read.kind === 'refused') return null;
  const q = read.kind === 'read' ? read.value : null;
  const client = clients.find((c) => c.id === q?.client_filter) ?? clients[0];
  const range = q?.start && q.end ? { start: q.start, end: q.end } : given;
  return {
    clientId: client?.id ?? null,
    // `client_filter=` (empty) is All clients; a client user is shown their first client instead.
    allClients: offersAll && q?.client_filter === '',
    ...rangeFields(startingFilter(range, defaultRange)),
    status: q?.status ?? '',
    page: q?.page ?? 1,
    limit: q?.limit ?? 15,
  };
}

/** The history's query as the address shows it and a saved view keeps it. */
const addressOf = (c: BalanceContext) =>
  pageQuery({
    client_filter: c.allClients ? '' : c.clientId,
    start: c.start,
    end: c.end,
    status: c.status,
    page: c.page,
    limit: c.limit,
  });

/** Issue 29: the history's filters in the address, Back and Forward, and the person's saved views ('withdrawals'). */
const memory = listMemory<BalanceContext>(() => 'withdrawals', addressOf);

/** Another client's figures and history are not this one's: they go as soon as another client is asked for. */
const figuresOf = (
  c: Pick<BalanceContext, 'clientId' | 'allClients' | 'summary' | 'rows' | 'meta'>,
  shown: Pick<BalanceContext, 'clientId' | 'allClients'>,
) =>
  shown.clientId === c.clientId && shown.allClients === c.allClients ? {} : { summary: null, rows: [], meta: null };

const queryOf = (c: BalanceContext): BalanceQuery => ({
  clientId: c.allClients ? null : c.clientId,
  start: c.start,
  end: c.end,
  status: c.status,
  page: c.page,
  limit: c.limit,
});
const success = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }),
  message,
  intent: 'success',
});
const failure = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Error!', id: 'DIDBlF' }),
  message,
  intent: 'error',
});

/**
 * Payments Balance (spec section 2): the selected client's four figures and its withdrawal
 * history, and the dialogs the page opens. Two regions: the figures (the query) and the one
 * dialog open at a time, each dialog a child machine invoked here. The row decisions are guarded
 * by the withdrawal lifecycle with the user's role, the request by the loaded figures, so a view
 * only asks `snapshot.can(...)`. Outcomes are announced through the one alerts channel from
 * here, and a change reads the figures and the history again: this page's own, or anyone's the
 * 'balance-changed' socket reports for the client on screen (the socket lives as long as the page).
 */
export const paymentsBalanceMachine = setup({
  types: {
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
    input: {} as BalancePageInput,
  },
  actors: {
    load: fromPromise<{ summary: BalanceSummary | null; rows: WithdrawalRow[]; meta: PageMeta }, BalanceQuery>(
      async ({ input }) => {
        const [summary, history] = await Promise.all([
          // All clients: the cards are one client's, so none are read (BalanceContext.allClients).
          input.clientId === null ? null : api.currentBalance(input.clientId),
          api.withdrawalHistory({
            client_filter: input.clientId,
            start: input.start,
            end: input.end,
            status: input.status,
            page: input.page,
            limit: input.limit,
          }),
        ]);
        return { summary, rows: history.rows, meta: history.meta };
      },
    ),
    request: withdrawalRequestMachine,
    approvalPolicy: approvalPolicyActor,
    decision: withdrawalDecisionMachine,
    balanceChanges,
    savedViews: savedViewsMachine,
    urlWatch,
  },
  actions: {
    announce: (_, alert: Alert) => alerts.show(alert),
    reload: raise({ type: 'RELOAD' }),
    ...memory.actions,
    open: assign(({ context, event }) => {
      const opened = openedFrom((event as UrlChangedEvent | ApplyViewEvent).query, context.clients, context.offersAll)!;
      return { ...figuresOf(context, opened), ...opened };
    }),
    /** Rolls a default range forward to now, so a withdrawal made a moment ago is in the history. */
    rollRange: assign(({ context }) => rangeFields(rolledFilter(filterOf(context), defaultRange))),
  },
  guards: {
    ...memory.guards,
    hasClient: ({ context }) => context.allClients || context.clientId != null,
    // With All clients shown, any client's change is on screen.
    isShownClient: (args) => args.context.allClients || isShownClient(args),
    offersAll: ({ context }) => context.offersAll,
    rangeIsValid: ({ context }) => filterTextIsValid(filterOf(context)),
    mayRequest: ({ context }) => context.requests,
    // One client's figures: never with All clients, whatever a load answered (a request needs one chosen client).
    figuresShown: and([
      'mayRequest',
      stateIn({ figures: 'ready' }),
      ({ context }) => !context.allClients && context.summary != null,
    ]),
    belowMinimum: and(['figuresShown', ({ context }) => context.summary!.withdrawable_balance < MIN_WITHDRAWAL]),
    lifecycleAllows: ({ context, event }) =>
      'row' in event && allowsWithdrawal(event.row.status, { type: (event as RowEvent).type, role: context.role }),
    submitted: ({ event }) => (event as unknown as { output: WithdrawalRequestOutput }).output.submitted,
    held: ({ event }) => (event as unknown as { output: WithdrawalRequestOutput }).output.held,
    decided: ({ event }) => (event as unknown as { output: WithdrawalDecisionOutput }).output.outcome === 'decided',
    decisionFailed: ({ event }) =>
      (event as unknown as { output: WithdrawalDecisionOutput }).output.outcome === 'failed',
  },
}).createMachine({
  id: 'paymentsBalance',
  context: ({ input }) => {
    const role = roleOf(input.user);
    const offersAll = readsAllClientsAtOnce(role);
    return {
      role,
      decidesRows: decidesWithdrawals(role),
      requests: !readsOnly(role),
      journals: readsJournals(input.user),
      clientId: input.clients[0]?.id ?? null,
      allClients: false,
      offersAll,
      live: input.live ?? false,
      ...rangeFields(startingFilter(input.range, defaultRange)),
      status: '',
      page: 1,
      limit: 15,
      ...openedFrom(input.query ?? '', input.clients, offersAll, input.range),
      clients: input.clients.map((c) => ({ id: c.id, client_name: c.client_name })),
      opensDefault: !input.query,
      linkRefusal: queryRefusal('withdrawals', input.query ?? ''),
      summary: null,
      rows: [],
      meta: null,
      loadError: null,
      requestMode: null,
      target: null,
      decision: null,
      readsPolicy: readsApprovalPolicy(input.user),
      policy: null,
    };
  },
  type: 'parallel',
  // Another user's request or decision (or an approved held one) moves this client's money: the
  // server says so after its commit, and the figures and history follow within a second.
  // Issue 29: a link that cannot be read is said at once; the person's saved views, and Back and Forward, run
  // beside the page. A bare address means the defaults, so it is left bare until a search.
  entry: 'refuseQuery',
  invoke: [
    { id: 'balanceChanges', src: 'balanceChanges', input: ({ context }) => ({ live: context.live }) },
    approvalPolicyInvoke,
    ...memory.invoke,
  ],
  on: {
    ...memoryOn,
    SET_RANGE_TEXT: {
      actions: assign(({ context, event }) => rangeFields(typedFilter(filterOf(context), event.value))),
    },
    SET_STATUS: { actions: assign({ status: ({ event }) => event.value }) },
  },
  states: {
    figures: {
      initial: 'starting',
      // A dialog's change reads the figures again, even while they are loading (the load restarts).
      on: {
        RELOAD: { guard: 'hasClient', target: '.loading', actions: 'rollRange' },
        REFRESH: { guard: 'isShownClient', target: '.loading', actions: 'rollRange' },
      },
      states: {
        starting: { always: [{ guard: 'hasClient', target: 'loading' }, { target: 'noClient' }] },
        noClient: {},
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => queryOf(context),
            onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, loadError: null })) },
            onError: {
              target: 'ready',
              actions: assign({ loadError: msg({ defaultMessage: 'The balance could not be loaded.', id: 'mER0Wd' }) }),
            },
          },
        },
        ready: {
          on: {
            SELECT_CLIENT: {
              target: 'loading',
              actions: [
                assign(({ context, event }) => ({
                  ...figuresOf(context, { clientId: event.clientId, allClients: false }),
                  clientId: event.clientId,
                  allClients: false,
                  page: 1,
                })),
                'rollRange',
                'showQuery',
                'tellViews',
              ],
            },
            SELECT_ALL_CLIENTS: {
              guard: 'offersAll',
              target: 'loading',
              actions: [
                assign(({ context }) => ({
                  ...figuresOf(context, { clientId: context.clientId, allClients: true }),
                  allClients: true,
                  page: 1,
                })),
                'rollRange',
                'showQuery',
                'tellViews',
              ],
            },
            SEARCH: [
              {
                guard: 'rangeIsValid',
                target: 'loading',
                actions: [
                  assign(({ context }) => ({ ...rangeFields(searchedFilter(filterOf(context))), page: 1 })),
                  'showQuery',
                  'tellViews',
                ],
              },
              { actions: assign(({ context }) => rangeFields(searchedFilter(filterOf(context)))) },
            ],
            PAGE: {
              target: 'loading',
              actions: [assign({ page: ({ event }) => event.page }), 'showQuery', 'tellViews'],
            },
            PAGE_SIZE: {
              target: 'loading',
              actions: [assign({ limit: ({ event }) => event.limit, page: 1 }), 'showQuery', 'tellViews'],
            },
          },
        },
      },
    },
    dialog: {
      initial: 'closed',
      states: {
        closed: {
          entry: assign({ requestMode: null, target: null, decision: null }),
          on: {
            OPEN_REQUEST: [
              // Spec section 5: below the minimum the modal closes at once, naming the minimum and the balance.
              {
                guard: 'belowMinimum',
                actions: {
                  type: 'announce',
                  params: ({ context }) => failure(insufficientBalanceMessage(context.summary!.withdrawable_balance)),
                },
              },
              {
                guard: 'figuresShown',
                target: 'requesting',
                actions: assign({ requestMode: ({ event }) => event.mode }),
              },
            ],
            COMPLETE: openDecision('COMPLETED'),
            REJECT: openDecision('REJECTED'),
          },
        },
        requesting: {
          invoke: {
            id: 'request',
            src: 'request',
            input: ({ context }) => ({
              mode: context.requestMode!,
              clientId: context.clientId,
              available: context.summary!.withdrawable_balance,
              policy: context.policy?.find((e) => e.action === 'withdrawal') ?? null,
            }),
            onDone: [
              {
                guard: 'held',
                target: 'closed',
                actions: [{ type: 'announce', params: waitingAlert(APPROVAL_WAITING) }, 'reload'],
              },
              {
                guard: 'submitted',
                target: 'closed',
                actions: [{ type: 'announce', params: success(WITHDRAWAL_SUBMITTED) }, 'reload'],
              },
              { target: 'closed' },
            ],
          },
        },
        deciding: {
          invoke: {
            id: 'decision',
            src: 'decision',
            input: ({ context }) => ({ uuid: context.target!.uuid, decision: context.decision! }),
            onDone: [
              {
                guard: 'decided',
                target: 'closed',
                actions: [{ type: 'announce', params: ({ event }) => success(event.output.message ?? '') }, 'reload'],
              },
              // A refusal ('Only PENDING …') means the row on screen is stale: read it again.
              {
                guard: 'decisionFailed',
                target: 'closed',
                actions: [{ type: 'announce', params: ({ event }) => failure(event.output.message ?? '') }, 'reload'],
              },
              { target: 'closed' },
            ],
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const paymentsBalanceGuardWords: GuardWords<typeof paymentsBalanceMachine> = {
  queryReadable: msg({
    defaultMessage:
      "The address's query (Back, Forward, a saved view) reads as the history's filters: the page opens it; otherwise " +
      'it says why and keeps what it shows.',
    id: 'tcHh79',
  }),
  hasClient: msg({
    defaultMessage: 'The user has a client to show, or All clients; without one the page says so.',
    id: 'R/cRAH',
  }),
  isShownClient: msg({
    defaultMessage:
      'The socket says the money of the client on screen (any client, with All clients shown) moved (a withdrawal ' +
      "or transfer requested or decided, anyone's): its figures and history are read again.",
    id: 'QupB5w',
  }),
  offersAll: msg({
    defaultMessage:
      'Staff (SUPER ADMIN, ADMIN, AUDITOR) may show the withdrawals of All clients at once; a client user picks ' +
      'one of their own.',
    id: 'in/Zyz',
  }),
  rangeIsValid: msg({
    defaultMessage: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
    id: '+flau9',
  }),
  mayRequest: msg({
    defaultMessage: 'Anyone on this page may request a withdrawal but an AUDITOR, who reads and never acts.',
    id: '3vxAXf',
  }),
  figuresShown: msg({
    defaultMessage:
      "A request opens only for a user who may request, when one client's figures are loaded (not All clients) and " +
      'not being read again: it starts from their available balance.',
    id: '3gTBx/',
  }),
  belowMinimum: msg({
    defaultMessage:
      'The figures are shown and the available balance is below the minimum withdrawal (Rp. 20,000): no dialog, an ' +
      'error naming the minimum and the balance.',
    id: 'nuHDub',
  }),
  lifecycleAllows: msg({
    defaultMessage:
      "The withdrawal lifecycle allows this decision to the user's role on this row: only a SUPER ADMIN, only on a " +
      'PENDING withdrawal.',
    id: 'pl6T5o',
  }),
  submitted: msg({
    defaultMessage: 'The request was taken by the server: it is announced, and the figures and history are read again.',
    id: 'mxT+/2',
  }),
  held: msg({
    defaultMessage:
      'The request is at or above the approval threshold: the server holds it for a second SUPER ADMIN, which ' +
      'is announced; nothing moved.',
    id: 'NwUn3b',
  }),
  decided: msg({
    defaultMessage: 'The decision was taken: announced, and the figures and history are read again.',
    id: 'vyQtYy',
  }),
  decisionFailed: msg({
    defaultMessage:
      'The server refused the decision: its words are shown, and the history is read again (the row was stale).',
    id: 'ItjmO4',
  }),
};
