import { fromCallback, sendTo, type EventObject } from 'xstate';
import { alerts } from '../services/alerts';
import type { TransactionFilterParams } from '../services/api';
import { formatDateRange } from '../services/dateRange';
import { pageQuery, readPageQuery, showQuery, watchQuery } from '../services/listUrl';
import type { ListId } from '../services/savedViewRules';
import type { ListFilterForm } from './listPageMachine';
import type { ApplyViewEvent } from './savedViewsMachine';

/**
 * Issue 29, for a list machine: its filters in the address bar and Back/Forward through its searches.
 * The machine owns the address bar as it owns its calls: it writes the query on each search and page,
 * and hears Back and Forward through `urlWatch`, as it hears a socket.
 */

/** Back or Forward reached another entry of this page: the list opens that entry's query. */
export type UrlChangedEvent = { type: 'URL_CHANGED'; query: string };

export const urlWatch = fromCallback<EventObject>(({ sendBack }) =>
  watchQuery((query) => sendBack({ type: 'URL_CHANGED', query } satisfies UrlChangedEvent)),
);

/** A filter-bar list's (Payments, Disbursements) query: what it applied, and its page. */
export const filterBarQuery = ({
  applied,
  page,
  limit,
}: {
  applied: TransactionFilterParams;
  page: number;
  limit: number;
}) =>
  pageQuery({
    start: applied.start,
    end: applied.end,
    status: applied.status,
    search_by: applied.search_by,
    search: applied.search,
    payment_method: applied.payment_method,
    client_id: applied.client_id,
    page,
    limit,
  });

/** What a filter-bar list opens a query with: its form (the defaults for what the query leaves out) and page. */
export function filterBarOpening<Form extends ListFilterForm>(
  list: Extract<ListId, 'transactions' | 'disbursements'>,
  query: string,
  defaults: Form,
): { form: Form; page: number; limit: number } | null {
  const read = readPageQuery(list, query);
  if (read.kind === 'refused') return null;
  if (read.kind === 'none') return { form: defaults, page: 1, limit: 15 };
  const q = read.value;
  const form = {
    ...defaults,
    searchBy: q.search_by ?? defaults.searchBy,
    search: q.search ?? '',
    methods: q.payment_method ?? [],
    rangeText: q.start && q.end ? formatDateRange({ start: q.start, end: q.end }) : defaults.rangeText,
    // The filter bar picks one client; a link naming several opens on the first.
    clientId: q.client_id?.[0] ?? null,
    status: q.status ?? defaults.status,
  } as Form;
  return { form, page: q.page, limit: q.limit };
}

/** Why a list cannot open `query`, or null when it can. */
export function queryRefusal(list: ListId, query: string): string | null {
  const read = readPageQuery(list, query);
  return read.kind === 'refused' ? read.message : null;
}

/** Shows the list's query in the address bar (a new entry, or replacing the one the page opened on). */
export const showListQuery = (query: string, replace = false) => showQuery(query, replace ? 'replace' : 'push');

/** What a remembering list's context holds besides its own: whether it opened bare, and why its link was refused. */
export interface MemoryContext {
  /** The page opened on a bare address: the person's default view may open in its defaults' place. */
  opensDefault: boolean;
  /** Why the address's query could not be read (the list opened on its defaults and says so). */
  linkRefusal: string | null;
}

/** The person's searches go into history; only a default view, opened in place of the bare page, replaces its entry. */
const replaces = (event: EventObject) => event.type === 'APPLY_VIEW' && (event as ApplyViewEvent).replace;

/**
 * Issue 29, for any list machine: its memory's actions, guard and invoked actors, written once. `listOf`
 * names the list (its query's schema, its views), `addressOf` is what the list shows as its query string.
 * The machine names `savedViews` and `urlWatch` among its actors, and an `open` action (the query of a
 * URL_CHANGED or APPLY_VIEW event, readable: `queryReadable` asked first) and a `reload` for `memoryOn`.
 */
export function listMemory<C extends MemoryContext>(listOf: (context: C) => ListId, addressOf: (context: C) => string) {
  type Args = { context: C; event: EventObject };
  const refusalOf = ({ context, event }: Args) =>
    'query' in event ? queryRefusal(listOf(context), (event as UrlChangedEvent).query) : context.linkRefusal;
  return {
    actions: {
      /** What the list shows, in the address bar. */
      showQuery: ({ context, event }: Args) => showListQuery(addressOf(context), replaces(event)),
      /** The address's query could not be read: the list says why (it shows its defaults, or what it showed). */
      refuseQuery: (args: Args) => {
        const message = refusalOf(args);
        if (message) alerts.error(message);
      },
      /** The saved views (a child, `views`) are told each query the list shows: Save keeps that one. */
      tellViews: sendTo('views', ({ context }: { context: C }) => ({
        type: 'QUERY',
        query: addressOf(context),
      })) as unknown as (args: { context: C }) => void,
    },
    guards: {
      queryReadable: ({ context, event }: Args) =>
        'query' in event && queryRefusal(listOf(context), (event as UrlChangedEvent).query) == null,
    },
    /** The person's saved views and columns (`views`) and Back and Forward (`urlWatch`), beside the list. */
    invoke: [
      {
        id: 'views',
        src: 'savedViews',
        input: ({ context }: { context: C }) => ({
          list: listOf(context),
          query: addressOf(context),
          opensDefault: context.opensDefault,
        }),
      },
      { src: 'urlWatch' },
    ] as const,
  };
}

/**
 * Back or Forward (the address already shows the entry) and a saved view (written to the address, into
 * history) open their query, which the list then reads; a query that cannot be read is said, and the list
 * keeps what it shows. For a list machine whose `open`, `reload` and memory actions are named in its setup.
 */
export const memoryOn = {
  URL_CHANGED: [{ guard: 'queryReadable', actions: ['open', 'tellViews', 'reload'] }, { actions: 'refuseQuery' }],
  APPLY_VIEW: [
    { guard: 'queryReadable', actions: ['open', 'showQuery', 'tellViews', 'reload'] },
    { actions: 'refuseQuery' },
  ],
} as const;
