import { msg } from '../i18n/msg';
import { assign, fromCallback, fromPromise, raise, setup, type EventObject } from 'xstate';
import { alerts, type Alert } from '../services/alerts';
import { api } from '../services/api';
import {
  type CallbackAttemptRow,
  type CallbackChanged,
  type CallbackDeliveryRow,
  type CallbackOutcome,
} from '../services/callbackRules';
import { lastDays, type DateRange } from '../services/dateRange';
import { messageOf } from '../services/http';
import { pageQuery, readPageQuery } from '../services/listUrl';
import { GENERIC_PAGE_SIZES, type PageMeta } from '../services/paging';
import type { TransactionStatusName } from '../services/payinQuery';
import { watchCallbacks } from '../services/realtime';
import { readsAsSuperAdmin, readsOnly, type UserTypeName } from '../services/schemas';
import { callbackEndpointMachine } from './callbackEndpointMachine';
import {
  filterTextIsValid,
  rolledFilter,
  searchedFilter,
  startingFilter,
  typedFilter,
  type DateFilter,
} from './dateFilter';
import type { GuardWords } from './guardWords';
import { allows } from './lifecycle/payinLifecycle';
import { listMemory, memoryOn, queryRefusal, urlWatch, type MemoryContext, type UrlChangedEvent } from './listMemory';
import { savedViewsMachine, type ApplyViewEvent } from './savedViewsMachine';

export const LOAD_FAILED = msg({ defaultMessage: 'The callbacks could not be loaded.', id: 'ifoicd' });
export const ATTEMPTS_FAILED = msg({ defaultMessage: "The delivery's attempts could not be loaded.", id: 'ATQ5PH' });
const FAILED = msg({ defaultMessage: 'Something went wrong, please try again later.', id: 'K4qCn9' });

/** The filters as chosen; empty means "any". */
export interface CallbackFields {
  clientId: number | null;
  outcome: '' | CallbackOutcome;
  correlationId: string;
}

/** What the list is asked for: the searched filters, the window and the page. */
export interface CallbackQuery {
  start: string;
  end: string;
  client_id: string;
  outcome: '' | CallbackOutcome;
  correlation_id: string;
  page: number;
  limit: number;
}

export interface CallbacksPageContext extends MemoryContext {
  role: UserTypeName;
  fields: CallbackFields;
  /** The fields last searched: the rows on screen and paging use these. */
  searched: CallbackFields;
  filter: DateFilter;
  page: number;
  limit: number;
  rows: CallbackDeliveryRow[];
  meta: PageMeta | null;
  loadError: string | null;
  /** The delivery whose attempts are open, and its attempts as last read. */
  opened: CallbackDeliveryRow | null;
  attempts: CallbackAttemptRow[];
  attemptsError: string | null;
  /** The delivery a Resend is under way for. */
  resending: CallbackDeliveryRow | null;
}

export type CallbacksPageEvent =
  | { type: 'SET_CLIENT'; value: number | null }
  | { type: 'SET_OUTCOME'; value: '' | CallbackOutcome }
  | { type: 'SET_CORRELATION_ID'; value: string }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SEARCH' }
  | { type: 'RETRY' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'OPEN_ATTEMPTS'; row: CallbackDeliveryRow }
  | { type: 'CLOSE_ATTEMPTS' }
  | { type: 'RESEND'; row: CallbackDeliveryRow }
  | { type: 'OPEN_ENDPOINT' }
  | { type: 'CLOSE_ENDPOINT' }
  | ({ type: 'CALLBACK_CHANGED' } & CallbackChanged)
  | { type: 'WATCH_CONNECTED' }
  | UrlChangedEvent
  | ApplyViewEvent
  // Raised by the machine when the list is to be read again (another query, a change pushed).
  | { type: 'RELOAD' }
  | { type: 'RELOAD_ATTEMPTS' };

export interface CallbacksPageInput {
  role: UserTypeName;
  query?: string;
  range?: DateRange;
}

/** Spec section 9: 'other screens last 14 days back to now'. */
const DEFAULT_DAYS = 14;
const defaultRange = () => lastDays(DEFAULT_DAYS);
const EMPTY_FIELDS: CallbackFields = { clientId: null, outcome: '', correlationId: '' };

/** What the page shows for an address's query: its filters searched, its window, its page; null when unreadable. */
function openedFrom(query: string, given?: DateRange) {
  const read = readPageQuery('callbacks', query);
  if (read.kind === 'refused') return null;
  const q = read.kind === 'read' ? read.value : null;
  const fields: CallbackFields = {
    // The filter picks one client, as the Payments List's does; a link naming several opens on the first.
    clientId: q?.client_id?.[0] ?? null,
    outcome: q?.outcome ?? '',
    correlationId: q?.correlation_id ?? '',
  };
  const range = q?.start && q.end ? { start: q.start, end: q.end } : given;
  return {
    fields,
    searched: fields,
    filter: startingFilter(range, defaultRange),
    page: q?.page ?? 1,
    limit: q?.limit ?? GENERIC_PAGE_SIZES[0],
  };
}

export const queryOf = (c: CallbacksPageContext): CallbackQuery => ({
  start: c.filter.start,
  end: c.filter.end,
  client_id: c.searched.clientId == null ? '' : String(c.searched.clientId),
  outcome: c.searched.outcome,
  correlation_id: c.searched.correlationId,
  page: c.page,
  limit: c.limit,
});

/** The page's query as the address shows it and a saved view keeps it. */
export const addressOf = (c: CallbacksPageContext) => pageQuery({ ...queryOf(c) });

const memory = listMemory<CallbacksPageContext>(() => 'callbacks', addressOf);

/** The pay-in lifecycle decides who may resend and when (FINALIZED, anyone who acts): the Payments List's rule. */
export const mayResend = (role: UserTypeName, row: Pick<CallbackDeliveryRow, 'payin_status'>) =>
  allows(
    row.payin_status as TransactionStatusName,
    { channel: 'fello_qris', addedToWithdrawable: false },
    { type: 'RESEND_CALLBACK', role },
  );

/**
 * Every change pushed for a client the person sees: the page reads again (the server scoped who hears it).
 * What was pushed before the socket (re)connected never arrives, so each connect reads again too: a retry
 * made while the page was opening would otherwise stay unseen.
 */
const callbackWatch = fromCallback<EventObject>(({ sendBack }) =>
  watchCallbacks(
    (change) => sendBack({ type: 'CALLBACK_CHANGED', ...change }),
    () => sendBack({ type: 'WATCH_CONNECTED' }),
  ),
);

const success = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }),
  message,
  intent: 'success',
});
const failure = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Failed', id: 'vXCeIi' }),
  message,
  intent: 'error',
});

/**
 * The Callbacks page (issue 47): merchant callback deliveries filtered by client, outcome, window and
 * correlation id, newest first, paged; filters in the address and saved views (issue 29). A row opens its
 * attempts; Resend (the pay-in lifecycle's RESEND_CALLBACK for the person's role) sends it again, and the
 * server's refusal (a pay-in not FINALIZED) is announced. 'callback-changed' pushes read the list and an open
 * delivery's attempts again, so a Resend's or a retry's outcome shows without a reload. A SUPER ADMIN (an
 * AUDITOR reading) opens the chosen client's callback endpoint (callbackEndpointMachine). Regions: `list`,
 * `attempts`, `resend`, `endpoint`.
 */
export const callbacksPageMachine = setup({
  types: {
    context: {} as CallbacksPageContext,
    events: {} as CallbacksPageEvent,
    input: {} as CallbacksPageInput,
  },
  actors: {
    savedViews: savedViewsMachine,
    urlWatch,
    callbackWatch,
    endpoint: callbackEndpointMachine,
    loadCallbacks: fromPromise<{ rows: CallbackDeliveryRow[]; meta: PageMeta }, CallbackQuery>(({ input }) =>
      api.callbacks(input),
    ),
    loadAttempts: fromPromise<CallbackAttemptRow[], { correlationId: string }>(({ input }) =>
      api.callbackAttempts(input.correlationId),
    ),
    resendCallback: fromPromise<string, { correlationId: string }>(
      async ({ input }) => (await api.resendCallback([input.correlationId])).message,
    ),
  },
  actions: {
    announce: (_, alert: Alert) => alerts.show(alert),
    search: assign(({ context }) => ({
      filter: searchedFilter(rolledFilter(context.filter, defaultRange)),
      searched: { ...context.fields, correlationId: context.fields.correlationId.trim() },
      page: 1,
    })),
    refuseRange: assign({ filter: ({ context }) => searchedFilter(context.filter) }),
    ...memory.actions,
    open: assign(({ event }) => openedFrom((event as UrlChangedEvent | ApplyViewEvent).query)!),
    reload: raise({ type: 'RELOAD' }),
    reloadAttempts: raise({ type: 'RELOAD_ATTEMPTS' }),
  },
  guards: {
    rangeIsValid: ({ context }) => filterTextIsValid(context.filter),
    isPageInRange: ({ context, event }) =>
      event.type === 'PAGE' && event.page >= 1 && event.page <= (context.meta?.last_page ?? 1),
    isPageSize: ({ event }) =>
      event.type === 'PAGE_SIZE' && (GENERIC_PAGE_SIZES as readonly number[]).includes(event.limit),
    ...memory.guards,
    maySendAgain: ({ context, event }) => event.type === 'RESEND' && mayResend(context.role, event.row),
    readsEndpoint: ({ context }) => readsAsSuperAdmin(context.role) && context.searched.clientId != null,
    hasOpened: ({ context }) => context.opened != null,
    aboutOpened: ({ context, event }) =>
      event.type === 'CALLBACK_CHANGED' && context.opened?.correlation_id === event.correlation_id,
  },
}).createMachine({
  id: 'callbacksPage',
  context: ({ input }) => ({
    role: input.role,
    fields: EMPTY_FIELDS,
    searched: EMPTY_FIELDS,
    filter: startingFilter(input.range, defaultRange),
    page: 1,
    limit: GENERIC_PAGE_SIZES[0],
    rows: [],
    meta: null,
    loadError: null,
    opened: null,
    attempts: [],
    attemptsError: null,
    resending: null,
    ...openedFrom(input.query ?? '', input.range),
    opensDefault: !input.query,
    linkRefusal: queryRefusal('callbacks', input.query ?? ''),
  }),
  type: 'parallel',
  entry: 'refuseQuery',
  invoke: [...memory.invoke, { src: 'callbackWatch' }],
  on: {
    SET_CLIENT: { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, clientId: event.value }) }) },
    SET_OUTCOME: { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, outcome: event.value }) }) },
    SET_CORRELATION_ID: {
      actions: assign({ fields: ({ context, event }) => ({ ...context.fields, correlationId: event.value }) }),
    },
    SET_RANGE_TEXT: { actions: assign({ filter: ({ context, event }) => typedFilter(context.filter, event.value) }) },
    // A delivery changed (an attempt was made): the page reads again; the open attempts too when they are its.
    CALLBACK_CHANGED: [{ guard: 'aboutOpened', actions: ['reload', 'reloadAttempts'] }, { actions: 'reload' }],
    WATCH_CONNECTED: [{ guard: 'hasOpened', actions: ['reload', 'reloadAttempts'] }, { actions: 'reload' }],
    ...memoryOn,
  },
  states: {
    list: {
      initial: 'loading',
      on: { RELOAD: '.loading' },
      states: {
        loading: {
          invoke: {
            id: 'loadCallbacks',
            src: 'loadCallbacks',
            input: ({ context }) => queryOf(context),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({ rows: event.output.rows, meta: event.output.meta, loadError: null })),
            },
            onError: {
              target: 'failed',
              actions: assign({ rows: [], meta: null, loadError: ({ event }) => messageOf(event.error, LOAD_FAILED) }),
            },
          },
        },
        ready: {
          on: {
            SEARCH: [
              { guard: 'rangeIsValid', target: 'loading', actions: ['search', 'showQuery', 'tellViews'] },
              { actions: 'refuseRange' },
            ],
            PAGE: {
              guard: 'isPageInRange',
              target: 'loading',
              actions: [assign({ page: ({ event }) => event.page }), 'showQuery', 'tellViews'],
            },
            PAGE_SIZE: {
              guard: 'isPageSize',
              target: 'loading',
              actions: [assign({ limit: ({ event }) => event.limit, page: 1 }), 'showQuery', 'tellViews'],
            },
          },
        },
        failed: {
          on: {
            RETRY: 'loading',
            SEARCH: [
              { guard: 'rangeIsValid', target: 'loading', actions: ['search', 'showQuery', 'tellViews'] },
              { actions: 'refuseRange' },
            ],
          },
        },
      },
    },
    attempts: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            OPEN_ATTEMPTS: {
              target: 'loading',
              actions: assign({ opened: ({ event }) => event.row, attempts: [], attemptsError: null }),
            },
          },
        },
        loading: {
          on: { CLOSE_ATTEMPTS: { target: 'closed', actions: assign({ opened: null, attempts: [] }) } },
          invoke: {
            id: 'loadAttempts',
            src: 'loadAttempts',
            input: ({ context }) => ({ correlationId: context.opened!.correlation_id }),
            onDone: {
              target: 'shown',
              actions: assign({ attempts: ({ event }) => event.output, attemptsError: null }),
            },
            onError: {
              target: 'failed',
              actions: assign({ attemptsError: ({ event }) => messageOf(event.error, ATTEMPTS_FAILED) }),
            },
          },
        },
        shown: {
          on: {
            CLOSE_ATTEMPTS: { target: 'closed', actions: assign({ opened: null, attempts: [] }) },
            // The attempts on screen stay while the new ones are read.
            RELOAD_ATTEMPTS: 'loading',
          },
        },
        failed: {
          on: {
            CLOSE_ATTEMPTS: { target: 'closed', actions: assign({ opened: null, attempts: [] }) },
            RETRY: 'loading',
          },
        },
      },
    },
    resend: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            RESEND: {
              guard: 'maySendAgain',
              target: 'resending',
              actions: assign({ resending: ({ event }) => event.row }),
            },
          },
        },
        resending: {
          invoke: {
            id: 'resendCallback',
            src: 'resendCallback',
            input: ({ context }) => ({ correlationId: context.resending!.correlation_id }),
            onDone: {
              target: 'idle',
              // The outcome arrives as 'callback-changed'; reading now shows at least the attempt under way.
              actions: [
                assign({ resending: null }),
                { type: 'announce', params: ({ event }) => success(event.output) },
                'reload',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                assign({ resending: null }),
                { type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) },
              ],
            },
          },
        },
      },
    },
    endpoint: {
      initial: 'closed',
      states: {
        closed: { on: { OPEN_ENDPOINT: { guard: 'readsEndpoint', target: 'open' } } },
        open: {
          invoke: {
            id: 'endpoint',
            src: 'endpoint',
            input: ({ context }) => ({
              clientId: context.searched.clientId!,
              // An AUDITOR reads as a SUPER ADMIN and never acts: the one-line rule of who acts.
              acts: readsAsSuperAdmin(context.role) && !readsOnly(context.role),
            }),
          },
          on: { CLOSE_ENDPOINT: 'closed' },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const callbacksPageGuardWords: GuardWords<typeof callbacksPageMachine> = {
  rangeIsValid: msg({
    defaultMessage: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
    id: '+flau9',
  }),
  isPageInRange: msg({ defaultMessage: 'Only a page the last answer says exists.', id: 'SV51/E' }),
  isPageSize: msg({ defaultMessage: 'Only one of the offered page sizes (15, 30 or 50).', id: '/Y5+Bu' }),
  queryReadable: msg({
    defaultMessage:
      "The address's query (Back, Forward, a saved view) reads as the page's filters: the page opens it; otherwise " +
      'it says why and keeps what it shows.',
    id: '/agxw7',
  }),
  maySendAgain: msg({
    defaultMessage:
      "The pay-in lifecycle allows RESEND_CALLBACK to the person's role on the row's pay-in (FINALIZED, anyone but " +
      "an AUDITOR): the Payments List's rule.",
    id: 'dU/D1G',
  }),
  hasOpened: msg({
    defaultMessage: "A delivery's attempts are open: they are read again with the list.",
    id: 'h7T93K',
  }),
  readsEndpoint: msg({
    defaultMessage: 'A SUPER ADMIN (an AUDITOR, to read) opens the endpoint of the one client the list is filtered by.',
    id: 'AsX0QF',
  }),
  aboutOpened: msg({
    defaultMessage: "The change is the open delivery's: its attempts are read again too.",
    id: 'PKEF5a',
  }),
};
