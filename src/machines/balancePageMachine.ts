import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { formatDateRange, INVALID_DATE_RANGE, lastDays, parseDateRange } from '../services/dateRange';
import type { ClientOption } from '../services/schemas';
import type { BalanceSummary, PageMeta, WithdrawalRow } from '../services/withdrawalRules';
import type { GuardWords } from './registry';

export const WITHDRAWAL_STATUSES = ['PENDING', 'COMPLETED', 'REJECTED'] as const;

interface BalanceQuery { clientId: number; start: string; end: string; status: string; page: number; limit: number }

interface BalanceContext {
  clientId: number | null;
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
  /** The default range ('last 14 days back to now') keeps following now until the user sets one. */
  rangeFollowsNow: boolean;
}

type BalanceEvent =
  | { type: 'SELECT_CLIENT'; clientId: number }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SET_STATUS'; value: string }
  | { type: 'SEARCH' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'REFRESH' };

const DEFAULT_DAYS = 14;

const queryOf = (c: BalanceContext): BalanceQuery => ({ clientId: c.clientId!, start: c.start, end: c.end, status: c.status, page: c.page, limit: c.limit });

/** Payments Balance: the selected client's four figures and its withdrawal history (spec section 2). */
export const balancePageMachine = setup({
  types: {
    context: {} as BalanceContext,
    events: {} as BalanceEvent,
    input: {} as { clients: ClientOption[]; range?: { start: string; end: string } },
  },
  actors: {
    load: fromPromise<{ summary: BalanceSummary; rows: WithdrawalRow[]; meta: PageMeta }, BalanceQuery>(async ({ input }) => {
      const [summary, history] = await Promise.all([
        api.currentBalance(input.clientId),
        api.withdrawalHistory({ client_filter: input.clientId, start: input.start, end: input.end, status: input.status, page: input.page, limit: input.limit }),
      ]);
      return { summary, rows: history.rows, meta: history.meta };
    }),
  },
  actions: {
    /** Rolls a default range forward to now, so a withdrawal made a moment ago is in the history. */
    rollRange: assign(({ context }) => {
      if (!context.rangeFollowsNow) return {};
      const range = lastDays(DEFAULT_DAYS);
      return { ...range, rangeText: formatDateRange(range) };
    }),
  },
  guards: {
    hasClient: ({ context }) => context.clientId != null,
    rangeIsValid: ({ context }) => parseDateRange(context.rangeText) != null,
  },
}).createMachine({
  id: 'balancePage',
  context: ({ input }) => {
    const range = input.range ?? lastDays(DEFAULT_DAYS);
    return {
      clientId: input.clients[0]?.id ?? null, rangeText: formatDateRange(range), start: range.start, end: range.end,
      status: '', page: 1, limit: 15, summary: null, rows: [], meta: null, rangeError: null, loadError: null,
      rangeFollowsNow: input.range === undefined,
    };
  },
  initial: 'starting',
  on: {
    SET_RANGE_TEXT: { actions: assign({ rangeText: ({ event }) => event.value, rangeError: null, rangeFollowsNow: false }) },
    SET_STATUS: { actions: assign({ status: ({ event }) => event.value }) },
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
        onError: { target: 'ready', actions: assign({ loadError: 'The balance could not be loaded.' }) },
      },
    },
    ready: {
      on: {
        SELECT_CLIENT: { target: 'loading', actions: [assign({ clientId: ({ event }) => event.clientId, page: 1, summary: null }), 'rollRange'] },
        SEARCH: [
          {
            guard: 'rangeIsValid',
            target: 'loading',
            actions: assign(({ context }) => {
              const range = parseDateRange(context.rangeText)!;
              return { ...range, rangeText: formatDateRange(range), page: 1, rangeError: null };
            }),
          },
          { actions: assign({ rangeError: INVALID_DATE_RANGE }) },
        ],
        PAGE: { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        PAGE_SIZE: { target: 'loading', actions: assign({ limit: ({ event }) => event.limit, page: 1 }) },
        REFRESH: { target: 'loading', actions: 'rollRange' },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const balancePageGuardWords: GuardWords<typeof balancePageMachine> = {
  hasClient: 'The user has a client to show; without one the page says so.',
  rangeIsValid: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
};
