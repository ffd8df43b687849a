import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import { yesterdayThroughToday, type DateRange } from '../services/dateRange';
import type { DepositRow } from '../services/disbursementAccountRules';
import { messageOf } from '../services/http';
import type { ClientOption } from '../services/schemas';
import type { BalanceSummary } from '../services/withdrawalRules';
import { balanceChanges, isShownClient, type RefreshEvent } from './balanceWatch';
import { filterTextIsValid, rolledFilter, searchedFilter, startingFilter, typedFilter, type DateFilter } from './dateFilter';
import { loadedAtNow } from './loadedAt';
import type { GuardWords } from './guardWords';

export interface PayinQuery { clientId: number; start: string; end: string }
export interface PayinLoaded { rows: DepositRow[]; summary: BalanceSummary; loadedAt: string }

interface PayinContext {
  clientId: number | null;
  token: string | null;
  filter: DateFilter;
  rows: DepositRow[];
  summary: BalanceSummary | null;
  /** The 'Last updated at' stamp: when the figures on screen were read. */
  updatedAt: string | null;
  loadError: string | null;
}

type PayinEvent =
  | { type: 'SELECT_CLIENT'; clientId: number }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SEARCH' }
  | RefreshEvent;

const queryOf = (c: PayinContext): PayinQuery => ({ clientId: c.clientId!, start: c.filter.start, end: c.filter.end });

/**
 * Payin Detail, titled 'Disbursement Accounts' (spec section 2): a client's deposits in a window,
 * its three balance figures and when they were read. Re-searches when the client changes, and when
 * the socket says the shown client's balances moved.
 */
export const payinDetailMachine = setup({
  types: {
    context: {} as PayinContext,
    events: {} as PayinEvent,
    input: {} as { clients: ClientOption[]; token: string | null; range?: DateRange },
  },
  actors: {
    load: fromPromise<PayinLoaded, PayinQuery>(async ({ input }) => {
      const [rows, summary] = await Promise.all([
        api.payinList({ client_filter: input.clientId, start: input.start, end: input.end }),
        api.accountSummary(input.clientId),
      ]);
      return { rows, summary, loadedAt: loadedAtNow() };
    }),
    balanceChanges,
  },
  actions: {
    rollRange: assign({ filter: ({ context }) => rolledFilter(context.filter, yesterdayThroughToday) }),
  },
  guards: {
    hasClient: ({ context }) => context.clientId != null,
    rangeIsValid: ({ context }) => filterTextIsValid(context.filter),
    isShownClient,
  },
}).createMachine({
  id: 'payinDetail',
  context: ({ input }) => ({
    clientId: input.clients[0]?.id ?? null, token: input.token,
    filter: startingFilter(input.range, yesterdayThroughToday),
    rows: [], summary: null, updatedAt: null, loadError: null,
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
          actions: [assign({ clientId: ({ event }) => event.clientId, rows: [], summary: null }), 'rollRange'],
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
              actions: assign(({ event }) => ({ rows: event.output.rows, summary: event.output.summary, updatedAt: event.output.loadedAt, loadError: null })),
            },
            onError: { target: 'ready', actions: assign({ loadError: ({ event }) => messageOf(event.error, 'The deposits could not be loaded.') }) },
          },
        },
        ready: {
          on: {
            SEARCH: [
              { guard: 'rangeIsValid', target: 'loading', actions: assign({ filter: ({ context }) => searchedFilter(context.filter) }) },
              { actions: assign({ filter: ({ context }) => searchedFilter(context.filter) }) },
            ],
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const payinDetailGuardWords: GuardWords<typeof payinDetailMachine> = {
  hasClient: 'The user has a client to show; without one the page says so.',
  rangeIsValid: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
  isShownClient: 'The socket says the balances of the client on screen moved: the figures are read again.',
};
