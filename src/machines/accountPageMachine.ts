import { msg } from '../i18n/msg';
import { assign, fromPromise, setup, type PromiseActorLogic } from 'xstate';
import { api } from '../services/api';
import { lastDays, yesterdayThroughToday, type DateRange } from '../services/dateRange';
import type { DepositRow } from '../services/disbursementAccountRules';
import { messageOf } from '../services/http';
import type { ClientOption } from '../services/schemas';
import type { BalanceSummary } from '../services/withdrawalRules';
import { balanceChanges, isShownClient, type RefreshEvent } from './balanceWatch';
import type { GuardWords } from './guardWords';
import { loadedAtNow } from './loadedAt';
import {
  filterTextIsValid,
  rolledFilter,
  searchedFilter,
  startingFilter,
  typedFilter,
  type DateFilter,
} from './dateFilter';
import { GENERIC_PAGE_SIZES, type PageMeta } from '../services/paging';

/** What a load is asked: the client and window, and (a paged page only) which page of what size. */
export interface AccountQuery {
  clientId: number;
  start: string;
  end: string;
  page?: number;
  limit?: number;
}

/**
 * What a load answers: the deposits, when they were read, and the page's own figures: Payin Detail
 * the client's summary, Disbursement Account its disbursement balance and the page's meta.
 */
export interface AccountLoaded {
  rows: DepositRow[];
  loadedAt: string;
  summary?: BalanceSummary | null;
  balance?: number | null;
  meta?: PageMeta | null;
}

export interface AccountPageContext {
  clientId: number | null;
  live: boolean;
  filter: DateFilter;
  /** Stays 1 (and limit the first size) on a page that is not paged. */
  page: number;
  limit: number;
  /** Payin Detail's figures; null until read. */
  summary: BalanceSummary | null;
  /** Disbursement Account's balance; null until read (and when the server has none for the client). */
  balance: number | null;
  rows: DepositRow[];
  meta: PageMeta | null;
  /** The 'Last updated at' stamp: when the figures on screen were read. */
  updatedAt: string | null;
  loadError: string | null;
}

type AccountPageEvent =
  | { type: 'SELECT_CLIENT'; clientId: number }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SEARCH' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | RefreshEvent;

/** What one account page says differently: its id, window, paging, and the calls its load makes. */
export interface AccountPageSpec<L extends AccountLoaded, Q extends AccountQuery> {
  id: string;
  /** The window shown first, and rolled forward on a client change or a balance-changed. */
  defaultRange: () => DateRange;
  /** Whether the page has a Pager (PAGE and PAGE_SIZE); without one, its chart has neither. */
  paged: boolean;
  loadErrorText: string;
  load: PromiseActorLogic<L, Q>;
}

const noFigures = { summary: null, balance: null, rows: [], meta: null };

const queryOf = (c: AccountPageContext, paged: boolean): AccountQuery => ({
  clientId: c.clientId!,
  start: c.filter.start,
  end: c.filter.end,
  ...(paged ? { page: c.page, limit: c.limit } : {}),
});

/**
 * The account pages' one machine (Payin Detail and Disbursement Account were twins): a client's
 * deposits in a window with its figures, re-searched when the client changes and when the socket
 * says the shown client's balance moved. Each page gives its load (typed by its own answer, so a
 * test's `.provide({ actors: { load } })` keeps that type), window and whether it is paged.
 */
export function accountPageMachine<L extends AccountLoaded, Q extends AccountQuery>({
  id,
  defaultRange,
  paged,
  loadErrorText,
  load,
}: AccountPageSpec<L, Q>) {
  const accountPageSetup = setup({
    types: {
      context: {} as AccountPageContext,
      events: {} as AccountPageEvent,
      input: {} as { clients: ClientOption[]; live: boolean; range?: DateRange },
    },
    // Loosened here so that a test may provide a load typed by the page's own answer (an actor's
    // output type is invariant); onDone reads the answer as an AccountLoaded.
    actors: { load: load as PromiseActorLogic<any, any>, balanceChanges },
    guards: {
      hasClient: ({ context }) => context.clientId != null,
      rangeIsValid: ({ context }) => filterTextIsValid(context.filter),
      isShownClient,
      isPageInRange: ({ context, event }) =>
        event.type === 'PAGE' && event.page >= 1 && event.page <= (context.meta?.last_page ?? 1),
      isPageSize: ({ event }) =>
        event.type === 'PAGE_SIZE' && (GENERIC_PAGE_SIZES as readonly number[]).includes(event.limit),
    },
  });
  const rollRange = assign<AccountPageContext, AccountPageEvent, undefined, AccountPageEvent, never>({
    filter: ({ context }) => rolledFilter(context.filter, defaultRange),
  });
  return accountPageSetup.createMachine({
    id,
    context: ({ input }) => ({
      clientId: input.clients[0]?.id ?? null,
      live: input.live,
      filter: startingFilter(input.range, defaultRange),
      page: 1,
      limit: GENERIC_PAGE_SIZES[0],
      ...noFigures,
      updatedAt: null,
      loadError: null,
    }),
    invoke: { id: 'balanceChanges', src: 'balanceChanges', input: ({ context }) => ({ live: context.live }) },
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
            target: '.loading',
            reenter: true,
            actions: [assign({ clientId: ({ event }) => event.clientId, page: 1, ...noFigures }), rollRange],
          },
          REFRESH: { guard: 'isShownClient', target: '.loading', reenter: true, actions: rollRange },
        },
        states: {
          loading: {
            invoke: {
              id: 'load',
              src: 'load',
              // With page and limit exactly when paged: each page's own query.
              input: ({ context }: { context: AccountPageContext }) => queryOf(context, paged),
              onDone: {
                target: 'ready',
                actions: assign(({ event }) => {
                  const { loadedAt, ...figures }: AccountLoaded = event.output;
                  return { ...figures, updatedAt: loadedAt, loadError: null };
                }),
              },
              onError: {
                target: 'ready',
                actions: assign({ loadError: ({ event }) => messageOf(event.error, loadErrorText) }),
              },
            },
          },
          ready: {
            on: {
              SEARCH: [
                {
                  guard: 'rangeIsValid',
                  target: 'loading',
                  actions: assign({ filter: ({ context }) => searchedFilter(context.filter), page: 1 }),
                },
                { actions: assign({ filter: ({ context }) => searchedFilter(context.filter) }) },
              ],
              // Only a paged page: Payin Detail's chart has no PAGE or PAGE_SIZE.
              ...(paged
                ? ({
                    PAGE: {
                      guard: 'isPageInRange',
                      target: 'loading',
                      actions: assign({ page: ({ event }) => event.page }),
                    },
                    PAGE_SIZE: {
                      guard: 'isPageSize',
                      target: 'loading',
                      actions: assign({ limit: ({ event }) => event.limit, page: 1 }),
                    },
                  } as const)
                : {}),
            },
          },
        },
      },
    },
  });
}

export type PayinQuery = Pick<AccountQuery, 'clientId' | 'start' | 'end'>;
export interface PayinLoaded {
  rows: DepositRow[];
  summary: BalanceSummary;
  loadedAt: string;
}

/**
 * Payin Detail, titled 'Disbursement Accounts' (spec section 2): a client's deposits in a window,
 * its three balance figures and when they were read. The account-page machine, unpaged, from
 * yesterday through today, loading the deposits and the summary.
 */
export const payinDetailMachine = accountPageMachine({
  id: 'payinDetail',
  defaultRange: yesterdayThroughToday,
  paged: false,
  loadErrorText: msg({ defaultMessage: 'The deposits could not be loaded.', id: 'Y8E7g3' }),
  load: fromPromise<PayinLoaded, PayinQuery>(async ({ input }) => {
    const [rows, summary] = await Promise.all([
      api.payinList({ client_filter: input.clientId, start: input.start, end: input.end }),
      api.accountSummary(input.clientId),
    ]);
    return { rows, summary, loadedAt: loadedAtNow() };
  }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const payinDetailGuardWords: GuardWords<typeof payinDetailMachine> = {
  hasClient: msg({ defaultMessage: 'The user has a client to show; without one the page says so.', id: 'YRxhe2' }),
  rangeIsValid: msg({
    defaultMessage: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
    id: '+flau9',
  }),
  isShownClient: msg({
    defaultMessage: 'The socket says the balances of the client on screen moved: the figures are read again.',
    id: 'au+5TU',
  }),
  // Declared by the shared account-page setup; no transition of this unpaged page names them.
  isPageInRange: msg({
    defaultMessage: 'Not asked here: Payin Detail is not paged (Disbursement Account pages its history).',
    id: 'dwR5LK',
  }),
  isPageSize: msg({ defaultMessage: 'Not asked here: Payin Detail has no page sizes.', id: '4rnD7/' }),
};

export interface HistoryQuery {
  clientId: number;
  start: string;
  end: string;
  page: number;
  limit: number;
}
export interface HistoryLoaded {
  balance: number | null;
  rows: DepositRow[];
  meta: PageMeta;
  loadedAt: string;
}

/** Spec section 9: 'other screens last 14 days back to now'. */
const DEFAULT_DAYS = 14;

/**
 * Disbursement Account (spec section 2): the selected client's disbursement balance, and the paged
 * 'Deposit History' of that balance (no status filter). The account-page machine, paged, over the
 * last 14 days, loading the summary's disbursement balance and the history.
 */
export const disbursementAccountMachine = accountPageMachine({
  id: 'disbursementAccount',
  defaultRange: () => lastDays(DEFAULT_DAYS),
  paged: true,
  loadErrorText: msg({ defaultMessage: 'The deposit history could not be loaded.', id: 'd/dRWY' }),
  load: fromPromise<HistoryLoaded, HistoryQuery>(async ({ input }) => {
    const [summary, history] = await Promise.all([
      api.accountSummary(input.clientId),
      api.balanceHistory({
        client_filter: input.clientId,
        start: input.start,
        end: input.end,
        page: input.page,
        limit: input.limit,
      }),
    ]);
    return { balance: summary?.disbursement_balance ?? null, ...history, loadedAt: loadedAtNow() };
  }),
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const disbursementAccountGuardWords: GuardWords<typeof disbursementAccountMachine> = {
  hasClient: msg({ defaultMessage: 'The user has a client to show; without one the page says so.', id: 'YRxhe2' }),
  rangeIsValid: msg({
    defaultMessage: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
    id: '+flau9',
  }),
  isShownClient: msg({
    defaultMessage: 'The socket says the balance of the client on screen moved: it is read again.',
    id: '2MU1nX',
  }),
  isPageInRange: msg({
    defaultMessage: 'Only a page the last answer says exists (none before the first answer or after a failed one).',
    id: 'IiF0sI',
  }),
  isPageSize: msg({ defaultMessage: 'Only one of the offered page sizes.', id: 'gAAwRk' }),
};
