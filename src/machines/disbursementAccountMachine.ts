import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { lastDays, type DateRange } from '../services/dateRange';
import type { DepositRow } from '../services/disbursementAccountRules';
import { messageOf } from '../services/http';
import { GENERIC_PAGE_SIZES } from '../services/listQuery';
import type { ClientOption } from '../services/schemas';
import type { PageMeta } from '../services/withdrawalRules';
import { balanceChanges, isShownClient, type RefreshEvent } from './balanceWatch';
import { filterTextIsValid, rolledFilter, searchedFilter, startingFilter, typedFilter, type DateFilter } from './dateFilter';
import { loadedAtNow } from './loadedAt';
import type { GuardWords } from './guardWords';

export interface HistoryQuery { clientId: number; start: string; end: string; page: number; limit: number }
export interface HistoryLoaded { balance: number | null; rows: DepositRow[]; meta: PageMeta; loadedAt: string }

interface AccountContext {
  clientId: number | null;
  token: string | null;
  filter: DateFilter;
  page: number;
  limit: number;
  /** The disbursement balance; null until read (and when the server has none for the client). */
  balance: number | null;
  rows: DepositRow[];
  meta: PageMeta | null;
  updatedAt: string | null;
  loadError: string | null;
}

type AccountEvent =
  | { type: 'SELECT_CLIENT'; clientId: number }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SEARCH' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | RefreshEvent;

/** Spec section 9: 'other screens last 14 days back to now'. */
const DEFAULT_DAYS = 14;
const defaultRange = () => lastDays(DEFAULT_DAYS);

const queryOf = (c: AccountContext): HistoryQuery => ({ clientId: c.clientId!, start: c.filter.start, end: c.filter.end, page: c.page, limit: c.limit });

/**
 * Disbursement Account (spec section 2): the selected client's disbursement balance, and the paged
 * 'Deposit History' of that balance (no status filter). Reloads when the socket says it moved.
 */
export const disbursementAccountMachine = setup({
  types: {
    context: {} as AccountContext,
    events: {} as AccountEvent,
    input: {} as { clients: ClientOption[]; token: string | null; range?: DateRange },
  },
  actors: {
    load: fromPromise<HistoryLoaded, HistoryQuery>(async ({ input }) => {
      const [summary, history] = await Promise.all([
        api.accountSummary(input.clientId),
        api.balanceHistory({ client_filter: input.clientId, start: input.start, end: input.end, page: input.page, limit: input.limit }),
      ]);
      return { balance: summary?.disbursement_balance ?? null, ...history, loadedAt: loadedAtNow() };
    }),
    balanceChanges,
  },
  actions: {
    rollRange: assign({ filter: ({ context }) => rolledFilter(context.filter, defaultRange) }),
  },
  guards: {
    hasClient: ({ context }) => context.clientId != null,
    rangeIsValid: ({ context }) => filterTextIsValid(context.filter),
    isShownClient,
    isPageInRange: ({ context, event }) => event.type === 'PAGE' && event.page >= 1 && event.page <= (context.meta?.last_page ?? 1),
    isPageSize: ({ event }) => event.type === 'PAGE_SIZE' && (GENERIC_PAGE_SIZES as readonly number[]).includes(event.limit),
  },
}).createMachine({
  id: 'disbursementAccount',
  context: ({ input }) => ({
    clientId: input.clients[0]?.id ?? null, token: input.token, filter: startingFilter(input.range, defaultRange),
    page: 1, limit: GENERIC_PAGE_SIZES[0], balance: null, rows: [], meta: null, updatedAt: null, loadError: null,
  }),
  invoke: { id: 'balanceChanges', src: 'balanceChanges', input: ({ context }) => ({ token: context.token }) },
  on: {
    SET_RANGE_TEXT: { actions: assign({ filter: ({ context, event }) => typedFilter(context.filter, event.value) }) },
  },
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'hasClient', target: 'showing' }, { target: 'noClient' }] },
    noClient: {},
    showing: {
      initial: 'loading',
      on: {
        // Either restarts a load under way: what arrives must be for the client and moment asked.
        SELECT_CLIENT: {
          target: '.loading', reenter: true,
          actions: [assign({ clientId: ({ event }) => event.clientId, page: 1, balance: null, rows: [], meta: null }), 'rollRange'],
        },
        REFRESH: { guard: 'isShownClient', target: '.loading', reenter: true, actions: 'rollRange' },
      },
      states: {
        loading: {
          invoke: {
            id: 'load',
            src: 'load',
            input: ({ context }) => queryOf(context),
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                balance: event.output.balance, rows: event.output.rows, meta: event.output.meta, updatedAt: event.output.loadedAt, loadError: null,
              })),
            },
            onError: { target: 'ready', actions: assign({ loadError: ({ event }) => messageOf(event.error, 'The deposit history could not be loaded.') }) },
          },
        },
        ready: {
          on: {
            SEARCH: [
              { guard: 'rangeIsValid', target: 'loading', actions: assign({ filter: ({ context }) => searchedFilter(context.filter), page: 1 }) },
              { actions: assign({ filter: ({ context }) => searchedFilter(context.filter) }) },
            ],
            PAGE: { guard: 'isPageInRange', target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
            PAGE_SIZE: { guard: 'isPageSize', target: 'loading', actions: assign({ limit: ({ event }) => event.limit, page: 1 }) },
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const disbursementAccountGuardWords: GuardWords<typeof disbursementAccountMachine> = {
  hasClient: 'The user has a client to show; without one the page says so.',
  rangeIsValid: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
  isShownClient: 'The socket says the balance of the client on screen moved: it is read again.',
  isPageInRange: 'Only a page the last answer says exists (none before the first answer or after a failed one).',
  isPageSize: 'Only one of the offered page sizes.',
};
