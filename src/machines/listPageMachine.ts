import { assign, raise, setup, type AnyStateNodeConfig, type EventObject, type PromiseActorLogic } from 'xstate';
import type { TransactionFilterParams } from '../services/api';
import { alerts, type Alert } from '../services/alerts';
import type { DateRange } from '../services/dateRange';
import type { UserTypeName } from '../services/schemas';
import { GENERIC_ERROR, messageOf } from '../services/http';
import { msg } from '../i18n/msg';
import { INVOICE_GENERATED } from '../services/disbursementActions';
import type { Invoice } from '../services/payinActions';
import {
  barFieldsOf,
  filterOfBar,
  filterTextIsValid,
  searchedFilter,
  typedFilter,
  typedRange,
  type FilterBarRange,
} from './dateFilter';
import { exportMachine, type ExportOutput } from './exportMachine';
import { outputOf } from './doneOutput';
import {
  filterBarOpening,
  filterBarQuery,
  listMemory,
  memoryOn,
  queryRefusal,
  type MemoryContext,
  type UrlChangedEvent,
} from './listMemory';
import type { ApplyViewEvent } from './savedViewsMachine';
import type { PageMeta } from '../services/paging';

// The Payments List and the Disbursement List were twins (issue 27). Their charts are the auditors'
// definition and differ (the pay-in list loads rows and tiles at once, the disbursement list in two
// regions; their dialogs differ), so each keeps its own setup and chart. What they share is here,
// written once and type-checked against the common context below, which each list's context extends.

/** What either list's filter bar holds; `applied` is what the table and tiles show, set by Search. */
export interface ListFilterForm {
  searchBy: string;
  search: string;
  methods: string[];
  rangeText: string;
  clientId: number | null;
  status: string;
}

/** The least a row is: its identity, as the table, the row actions and the dialogs name it. */
export interface ListRow {
  uuid: string;
  correlation_id: string;
}

/** The tiles' figures: the count decides whether there is anything to export. */
export interface ListStats {
  total_transaction_count: number;
}

/** What every list machine holds; each list adds its own dialogs' fields. */
export interface ListPageContext<
  Row extends ListRow,
  Stats extends ListStats,
  Form extends ListFilterForm,
> extends MemoryContext {
  /** The list's id (issue 29): its address-bar query, saved views and columns are this list's. */
  listId: FilterBarListId;
  /** The form a bare address opens with (Back to the page as first opened). */
  defaults: Form;
  /** The signed-in user's type: the list's lifecycle is asked with it. */
  role: UserTypeName;
  /** The user reads the Ledger: each row's reference links to its journal (issue 28). */
  journals: boolean;
  form: Form;
  applied: TransactionFilterParams;
  page: number;
  limit: number;
  rows: Row[];
  meta: PageMeta | null;
  stats: Stats | null;
  rangeError: string | null;
  loadError: string | null;
  /** The row the open dialog is about. */
  target: Row | null;
  invoice: Invoice | null;
  invoiceError: string | null;
}

/** The filter bar's events, typed by each list's own form. */
export type ListFilterEvent<Form extends ListFilterForm> =
  | { type: 'SET_SEARCH_BY'; value: Form['searchBy'] }
  | { type: 'SET_SEARCH'; value: string }
  | { type: 'SET_METHODS'; value: string[] }
  | { type: 'SET_RANGE_TEXT'; value: string }
  | { type: 'SET_CLIENT'; value: number | null }
  | { type: 'SET_STATUS'; value: Form['status'] };

/** The lists with a filter bar of this shape. */
export type FilterBarListId = 'transactions' | 'disbursements';

/** The events both lists take besides the filter bar and their own row actions and dialogs. */
export type ListPageEvent =
  | UrlChangedEvent
  | ApplyViewEvent
  | { type: 'SEARCH' }
  | { type: 'PAGE'; page: number }
  | { type: 'PAGE_SIZE'; limit: number }
  | { type: 'RELOAD' }
  | { type: 'OPEN_EXPORT' }
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'CLOSE' };

/** What the list is asked for: the form's fields and the range its text was read as (dateFilter.ts). */
export const applyForm = (form: ListFilterForm, range: DateRange): TransactionFilterParams => ({
  start: range.start,
  end: range.end,
  status: form.status,
  search_by: form.searchBy,
  search: form.search,
  payment_method: form.methods,
  client_id: form.clientId,
});

/** A row action: the lifecycle event of the same name, about that row. */
export type ListRowEvent<Type extends string, Row extends ListRow> = { type: Type; row: Row };

/** What a list shows for an opened query: its form applied at its page. */
const openedContext = <Form extends ListFilterForm>({
  form,
  page,
  limit,
}: {
  form: Form;
  page: number;
  limit: number;
}) => ({
  form,
  applied: applyForm(form, typedRange({ text: form.rangeText })!),
  page,
  limit,
  rangeError: null,
});

/**
 * A list's context before anything is read: the address's query (issue 29) over the list's defaults,
 * applied, or the defaults, page 1 of 15, when the query says nothing or cannot be read; no dialog.
 */
export const startingContext = <Form extends ListFilterForm>(
  role: UserTypeName,
  defaults: Form,
  journals = false,
  listId: FilterBarListId = 'transactions',
  query = '',
) => {
  const opening = filterBarOpening(listId, query, defaults) ?? { form: defaults, page: 1, limit: 15 };
  return {
    listId,
    defaults,
    opensDefault: query === '',
    linkRefusal: queryRefusal(listId, query),
    ...openedContext(opening),
    role,
    journals,
    rows: [],
    meta: null,
    stats: null,
    loadError: null,
    target: null,
    invoice: null,
    invoiceError: null,
  };
};

// The list's words are English here and said in the person's language where they are shown (issue 48).
export const FAILED = GENERIC_ERROR;
export const success = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Success', id: 'xrKHS6' }),
  message,
  intent: 'success',
});
export const failure = (message: string): Alert => ({
  title: msg({ defaultMessage: 'Failed', id: 'vXCeIi' }),
  message,
  intent: 'error',
});
export { outputOf };
export const errorOf = (event: unknown) => (event as { error: unknown }).error;

type FilterBarMemory = { listId: FilterBarListId; applied: TransactionFilterParams; page: number; limit: number };

/** Issue 29: a filter-bar list's memory (listMemory.ts), its query what it applied and its page. */
const memory = listMemory<FilterBarMemory & MemoryContext>((context) => context.listId, filterBarQuery);

/** The guards both lists name; each list gives them its own words. */
export const listGuards = {
  rangeIsValid: ({ context }: { context: FilterBarRange }) => filterTextIsValid(filterOfBar(context)),
  somethingToExport: ({ context }: { context: { stats: ListStats | null } }) =>
    (context.stats?.total_transaction_count ?? 0) > 0,
  statusChanged: ({ event }: { event: EventObject }) => outputOf<{ changed: boolean }>(event).changed,
  exportAnswered: ({ event }: { event: EventObject }) => outputOf<ExportOutput>(event).message != null,
  queryReadable: memory.guards.queryReadable,
};

/** The `lifecycleAllows` guard: the list's lifecycle allows this row action, as the user's role, on this row. */
export const lifecycleAllows =
  <Row extends ListRow, Type extends string>(
    allows: (row: Row, action: { type: Type; role: UserTypeName }) => boolean,
  ) =>
  ({ context, event }: { context: { role: UserTypeName }; event: EventObject }) =>
    'row' in event && allows((event as ListRowEvent<Type, Row>).row, { type: event.type as Type, role: context.role });

/** Announces through the one alerts channel: every outcome of either list is said there. */
export const announce = (_: unknown, alert: Alert) => alerts.show(alert);

/** What runs beside a filter-bar list: the person's saved views and columns, and Back and Forward. */
export const memoryInvoke = memory.invoke;

/**
 * The machine's memory actions, for each list's setup; `open` takes the query of a Back/Forward or a
 * saved view (readable: the guard asked first) over the list's defaults, at its page.
 */
export const memoryActions = {
  ...memory.actions,
  // Cast as listMemory's tellViews is: an assign made outside the lists' setups types their events as any event.
  open: assign(({ context, event }: { context: FilterBarMemory & { defaults: ListFilterForm }; event: EventObject }) =>
    openedContext(
      filterBarOpening(context.listId, (event as UrlChangedEvent | ApplyViewEvent).query, context.defaults)!,
    ),
  ) as unknown as (args: { context: FilterBarMemory }) => void,
};

/** A row action both lists take; the shared states are written with it, and mean any of a list's own. */
type SharedRowEvent = { type: 'REFRESH_STATUS' | 'GENERATE_INVOICE' | 'ADD_TO_WITHDRAWABLE'; row: ListRow };

/** The common setup the shared states are written against and checked by; no machine is made of it. */
type CommonContext = ListPageContext<ListRow, ListStats, ListFilterForm>;

export const listSetup = setup({
  types: {
    context: {} as CommonContext,
    events: {} as ListFilterEvent<ListFilterForm> | ListPageEvent | SharedRowEvent,
  },
  actors: {
    refreshStatus: {} as PromiseActorLogic<{ message: string; changed: boolean }, unknown>,
    addToWithdrawable: {} as PromiseActorLogic<string, unknown>,
    loadInvoice: {} as PromiseActorLogic<Invoice, { correlationId: string }>,
    export: exportMachine,
  },
  actions: { announce, reload: raise({ type: 'RELOAD' }), ...memoryActions },
  // Each list asks its own lifecycle; here only the name is checked.
  guards: { ...listGuards, lifecycleAllows: () => false },
});

/**
 * Config checked here against the common list types, handed to a list's own machine. XState types a
 * config with its machine's actor ref (`self`), which makes no two machines' configs assignable, so
 * the pieces go on loosely typed; each list's setup gives the actors, actions and guards they name
 * (a name it lacks fails its chart and model tests).
 */
const shared = (config: Omit<Parameters<typeof listSetup.createMachine>[0], 'context'>) => config as AnyStateNodeConfig;

/** A shared state with substates, as its machine's types see it: their names, for `matches` and the charts. */
type Nested<Initial extends string, Names extends string> = {
  initial: Initial;
  states: Record<Initial | Names, object>;
};

const { on: common } = shared({
  on: {
    SET_SEARCH_BY: { actions: assign({ form: ({ context, event }) => ({ ...context.form, searchBy: event.value }) }) },
    SET_SEARCH: { actions: assign({ form: ({ context, event }) => ({ ...context.form, search: event.value }) }) },
    SET_METHODS: { actions: assign({ form: ({ context, event }) => ({ ...context.form, methods: event.value }) }) },
    SET_RANGE_TEXT: {
      actions: assign(({ context, event }) =>
        barFieldsOf(context.form, typedFilter(filterOfBar(context), event.value)),
      ),
    },
    SET_CLIENT: { actions: assign({ form: ({ context, event }) => ({ ...context.form, clientId: event.value }) }) },
    SET_STATUS: { actions: assign({ form: ({ context, event }) => ({ ...context.form, status: event.value }) }) },
    SEARCH: [
      {
        guard: 'rangeIsValid',
        actions: [
          assign(({ context }) => {
            const filter = searchedFilter(filterOfBar(context));
            const { form, rangeError } = barFieldsOf(context.form, filter);
            return { form, applied: applyForm(form, filter), page: 1, rangeError };
          }),
          'showQuery',
          'tellViews',
        ],
      },
      { actions: assign(({ context }) => barFieldsOf(context.form, searchedFilter(filterOfBar(context)))) },
    ],
    PAGE: { actions: [assign({ page: ({ event }) => event.page }), 'showQuery', 'tellViews'] },
    PAGE_SIZE: { actions: [assign({ limit: ({ event }) => event.limit, page: 1 }), 'showQuery', 'tellViews'] },
    // Back or Forward and a saved view (issue 29), as every remembering list takes them (listMemory.ts).
    ...memoryOn,
    REFRESH_STATUS: { guard: 'lifecycleAllows', actions: assign({ target: ({ event }) => event.row }) },
  },
});
const { SEARCH, PAGE, PAGE_SIZE, REFRESH_STATUS: ROW_ACTION, ...filterBarOn } = common as Record<string, any>;
const [applySearch, refuseSearch] = SEARCH;

/** The filter bar's transitions, on the machine itself: typing changes the form only; Search applies it. */
export const filterBar = filterBarOn;

/** Search: a readable range applies the form from page 1 and the list reads again, at `target` or by `reload`. */
export const search = (then: { target: string } | { reload: true }) => [
  'target' in then
    ? { ...applySearch, target: then.target }
    : // Spread: XState runs no list nested in an action list, so Search would apply and write nothing.
      { ...applySearch, actions: [...applySearch.actions, 'reload'] },
  refuseSearch,
];

/** The Pager's two events: a page, or a size from page 1; either reads the list at `target`. */
export const paging = (target: string) => ({ PAGE: { ...PAGE, target }, PAGE_SIZE: { ...PAGE_SIZE, target } });

/** A row action the list's lifecycle allows (its `lifecycleAllows`): the dialog at `target` opens about that row. */
export const rowAction = (target: string) => ({ ...ROW_ACTION, target });

/** The provider is asked for a row's status; a change reloads, the same status is news, not a success (issue 16). */
export const refreshingStatus = <Row extends ListRow>(inputOf: (target: Row) => unknown) =>
  shared({
    invoke: {
      id: 'refreshStatus',
      src: 'refreshStatus',
      input: ({ context }: { context: CommonContext }) => inputOf(context.target as Row),
      onDone: [
        {
          guard: 'statusChanged',
          target: 'closed',
          actions: [{ type: 'announce', params: ({ event }) => success(event.output.message) }, 'reload'],
        },
        {
          target: 'closed',
          actions: {
            type: 'announce',
            params: ({ event }) => ({
              title: msg({ defaultMessage: 'No change', id: 'bnMqMr' }),
              message: event.output.message,
              intent: 'info',
            }),
          },
        },
      ],
      onError: {
        target: 'closed',
        actions: { type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) },
      },
    },
  });

/**
 * Irreversible: a row's money moves on to the withdrawable balance once, so it is confirmed first. A
 * refusal (already added, or no longer in a status that allows it) means the row on screen is stale,
 * so the list reads again either way.
 */
export const addingToWithdrawable = <Row extends ListRow>(machineId: string, inputOf: (target: Row) => unknown) => {
  const closed = `#${machineId}.dialog.closed`;
  const state = shared({
    initial: 'confirming',
    states: {
      confirming: { on: { CONFIRM: 'adding', CANCEL: closed } },
      adding: {
        invoke: {
          id: 'addToWithdrawable',
          src: 'addToWithdrawable',
          input: ({ context }: { context: CommonContext }) => inputOf(context.target as Row),
          onDone: {
            target: closed,
            actions: [{ type: 'announce', params: ({ event }) => success(event.output) }, 'reload'],
          },
          onError: {
            target: closed,
            actions: [{ type: 'announce', params: ({ event }) => failure(messageOf(event.error, FAILED)) }, 'reload'],
          },
        },
      },
    },
  });
  return state as Nested<'confirming', 'adding'>;
};

/** The row's invoice, generated by the server and shown in a dialog until closed. */
export const viewingInvoice = shared({
  initial: 'generating',
  on: { CLOSE: 'closed' },
  states: {
    generating: {
      invoke: {
        id: 'invoice',
        src: 'loadInvoice',
        input: ({ context }) => ({ correlationId: context.target!.correlation_id }),
        onDone: {
          target: 'showing',
          actions: [
            assign({ invoice: ({ event }) => event.output }),
            { type: 'announce', params: success(INVOICE_GENERATED) },
          ],
        },
        onError: {
          target: 'failed',
          actions: assign({
            invoiceError: ({ event }) => messageOf(event.error, msg({ defaultMessage: 'Error', id: 'KN7zKn' })),
          }),
        },
      },
    },
    showing: {},
    failed: {},
  },
}) as Nested<'generating', 'showing' | 'failed'>;

/** The export dialog (the export machine) on the applied filter; the server's words, if any, are announced. */
export const exporting = shared({
  invoke: {
    id: 'export',
    src: 'export',
    input: ({ context }) => ({ filter: context.applied }),
    onDone: [
      {
        guard: 'exportAnswered',
        target: 'closed',
        actions: {
          type: 'announce',
          params: ({ event }) =>
            event.output.failed ? failure(event.output.message!) : success(event.output.message!),
        },
      },
      { target: 'closed' },
    ],
  },
});

/**
 * Nothing moves on the first press (issue 25): a dry run (`src`) asks what the apply would move. With
 * something (`found`), the confirmation shows it; with nothing, there is nothing to confirm. The
 * list's own setup names `keepPreview` (the answer) and `refusePreview` (why the dry run failed),
 * and any action to take first (`entry`).
 */
export const dryRun = <Context>(run: {
  src: string;
  input: (context: Context) => unknown;
  found: string;
  nothing: string;
  failed: string;
  entry?: string;
}) =>
  ({
    ...(run.entry ? { entry: run.entry } : {}),
    invoke: {
      id: run.src,
      src: run.src,
      input: ({ context }: { context: Context }) => run.input(context),
      onDone: [
        { guard: run.found, target: 'confirming', actions: 'keepPreview' },
        { target: run.nothing, actions: 'keepPreview' },
      ],
      onError: { target: run.failed, actions: 'refusePreview' },
    },
  }) as AnyStateNodeConfig;
