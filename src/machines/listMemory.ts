import { fromCallback, type EventObject } from 'xstate';
import type { TransactionFilterParams } from '../services/api';
import { formatDateRange } from '../services/dateRange';
import { pageQuery, readPageQuery, showQuery, watchQuery } from '../services/listUrl';
import type { ListId } from '../services/savedViewRules';
import type { ListFilterForm } from './listPageMachine';

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
