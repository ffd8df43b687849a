import { assign, fromPromise, setup } from 'xstate';
import { api, type TransactionFilterParams } from '../services/api';
import { businessNow, formatDateRange, INVALID_DATE_RANGE, parseDateRange } from '../services/dateRange';
import { messageOf } from '../services/http';
import type { TransactionRow, TransactionStats } from '../services/transactionQuery';
import type { PageMeta } from '../services/withdrawalRules';
import type { GuardWords } from './registry';

/** What the filter bar holds; `applied` is what the table shows, set by Search. */
interface FilterForm {
  searchBy: 'correlation_id' | 'account_no' | 'rrn';
  search: string;
  methods: string[];
  rangeText: string;
  clientId: number | null;
  status: string;
}

interface ListContext {
  form: FilterForm;
  applied: TransactionFilterParams;
  page: number;
  limit: number;
  rows: TransactionRow[];
  meta: PageMeta | null;
  stats: TransactionStats | null;
  rangeError: string | null;
  loadError: string | null;
}

type ListEvent =
  | { type: 'SET_SEARCH_BY'; value: FilterForm['searchBy'] }
  | { type: 'SET_SEARCH'; value: string }
  | { type: 'SET_METHODS'; value: string[] }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SET_CLIENT'; value: number | null }
  | { type: 'SET_STATUS'; value: string }
  | { type: 'SEARCH' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'REFRESH' };

/** Spec section 9: today 00:00 to 23:59, FINALIZED, searched by correlation_id. */
export function defaultForm(now = businessNow()): FilterForm {
  const day = now.format('YYYY-MM-DD');
  return { searchBy: 'correlation_id', search: '', methods: [], rangeText: formatDateRange({ start: `${day} 00:00`, end: `${day} 23:59` }), clientId: null, status: 'FINALIZED' };
}

const applyForm = (form: FilterForm): TransactionFilterParams => {
  const range = parseDateRange(form.rangeText)!;
  return { ...range, status: form.status, search_by: form.searchBy, search: form.search, payment_method: form.methods, client_id: form.clientId };
};

/** Payments List: filters, the three tiles and the paged table (spec section 2). */
export const paymentsListMachine = setup({
  types: {
    context: {} as ListContext,
    events: {} as ListEvent,
    input: {} as { form?: FilterForm },
  },
  actors: {
    load: fromPromise<{ rows: TransactionRow[]; meta: PageMeta; stats: TransactionStats }, { filter: TransactionFilterParams; page: number; limit: number }>(
      async ({ input }) => {
        const [list, stats] = await Promise.all([api.transactionList(input.filter, input.page, input.limit), api.transactionSummary(input.filter)]);
        return { ...list, stats };
      },
    ),
  },
  guards: {
    rangeIsValid: ({ context }) => parseDateRange(context.form.rangeText) != null,
  },
}).createMachine({
  id: 'paymentsList',
  context: ({ input }) => {
    const form = input.form ?? defaultForm();
    return { form, applied: applyForm(form), page: 1, limit: 15, rows: [], meta: null, stats: null, rangeError: null, loadError: null };
  },
  initial: 'loading',
  on: {
    SET_SEARCH_BY: { actions: assign({ form: ({ context, event }) => ({ ...context.form, searchBy: event.value }) }) },
    SET_SEARCH: { actions: assign({ form: ({ context, event }) => ({ ...context.form, search: event.value }) }) },
    SET_METHODS: { actions: assign({ form: ({ context, event }) => ({ ...context.form, methods: event.value }) }) },
    SET_RANGE_TEXT: { actions: assign({ form: ({ context, event }) => ({ ...context.form, rangeText: event.value }), rangeError: null }) },
    SET_CLIENT: { actions: assign({ form: ({ context, event }) => ({ ...context.form, clientId: event.value }) }) },
    SET_STATUS: { actions: assign({ form: ({ context, event }) => ({ ...context.form, status: event.value }) }) },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ filter: context.applied, page: context.page, limit: context.limit }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, loadError: null })) },
        onError: {
          target: 'ready',
          actions: assign({ loadError: ({ event }) => messageOf(event.error, 'The payments could not be loaded.') }),
        },
      },
    },
    ready: {
      on: {
        SEARCH: [
          {
            guard: 'rangeIsValid',
            target: 'loading',
            actions: assign(({ context }) => {
              const range = parseDateRange(context.form.rangeText)!;
              const form = { ...context.form, rangeText: formatDateRange(range) };
              return { form, applied: applyForm(form), page: 1, rangeError: null };
            }),
          },
          { actions: assign({ rangeError: INVALID_DATE_RANGE }) },
        ],
        PAGE: { target: 'loading', actions: assign({ page: ({ event }) => event.page }) },
        PAGE_SIZE: { target: 'loading', actions: assign({ limit: ({ event }) => event.limit, page: 1 }) },
        REFRESH: 'loading',
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const paymentsListGuardWords: GuardWords<typeof paymentsListMachine> = {
  rangeIsValid: 'Search only when the typed date range can be read; otherwise the range is refused in place.',
};
