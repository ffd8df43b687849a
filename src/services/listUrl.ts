import { msg } from '../i18n/msg';
import * as v from 'valibot';
import type { Dayjs } from 'dayjs';
import { presetOf, presetRange } from './dateRange';
import { LIST_PAGE_QUERIES, listQueryIssue, queryObject, type ListId } from './savedViewRules';

/**
 * Issue 29: a list's filters live in its page's query string, so a link opens the same window and
 * filters for another permitted user (whose scope still applies on the server), Back and Forward
 * move through searches, and a saved view is that same string. Written and read here only.
 */

type QueryValue = string | number | null | undefined | readonly (string | number)[];

/**
 * The query string of a list's page: empty lists, nulls and empty searches left out, page 1 left out;
 * a window that is exactly a preset now (dateRange.ts) travels as `range=yesterday`, which keeps
 * meaning yesterday tomorrow.
 */
export function pageQuery(params: Record<string, QueryValue>, now?: Dayjs): string {
  const entries: [string, string][] = [];
  const { start, end, ...rest } = params;
  if (typeof start === 'string' && typeof end === 'string') {
    const preset = presetOf({ start, end }, now);
    if (preset) entries.push(['range', preset]);
    else entries.push(['start', start], ['end', end]);
  }
  for (const [key, value] of Object.entries(rest)) {
    if (value == null || (key === 'page' && Number(value) === 1)) continue;
    if (Array.isArray(value)) {
      if (value.length) entries.push([key, value.join(',')]);
    } else if (value !== '' || key === 'status' || key === 'client_filter') {
      // An empty status is 'All Status', which differs from the list's default status: it is kept. So is
      // an empty client_filter: Withdrawal History's All clients, not its default first client (issue 45).
      entries.push([key, String(value)]);
    }
  }
  return new URLSearchParams(entries).toString();
}

export type PageQueryOf<L extends ListId> = Omit<v.InferOutput<(typeof LIST_PAGE_QUERIES)[L]>, 'range'>;

/** What a page's query string says: nothing (the list's defaults), its filters, or why it cannot be read. */
export type PageQueryRead<L extends ListId> =
  { kind: 'none' } | { kind: 'read'; value: PageQueryOf<L> } | { kind: 'refused'; message: string };

/** Reads a list page's query string with the list's own API query schema; `range` becomes start and end now. */
export function readPageQuery<L extends ListId>(list: L, query: string, now?: Dayjs): PageQueryRead<L> {
  const raw = queryObject(query);
  if (Object.keys(raw).length === 0) return { kind: 'none' };
  // The server's words for a view's query (an unknown filter is named, not valibot's 'Expected never').
  const issue = listQueryIssue(list, query);
  if (issue)
    return {
      kind: 'refused',
      message: msg({ defaultMessage: "This link's filters cannot be read: {issue}", id: 'GH3Age' }, { issue }),
    };
  const parsed = v.parse(LIST_PAGE_QUERIES[list], raw);
  const { range, ...value } = parsed as PageQueryOf<L> & { range?: Parameters<typeof presetRange>[0] };
  return { kind: 'read', value: (range ? { ...value, ...presetRange(range, now) } : value) as PageQueryOf<L> };
}

/** The query string the browser shows now, without its '?'. */
export const currentQuery = () => window.location.search.replace(/^\?/, '');

/**
 * Shows `query` in the address bar: a new history entry (Back returns to the search before), or the
 * same entry replaced when the page only states what it opened with. Nothing when it already shows it.
 */
export function showQuery(query: string, mode: 'push' | 'replace' = 'push') {
  // No address bar where there is no browser (a machine's model replayed in node): nothing to show.
  if (typeof window === 'undefined' || currentQuery() === query) return;
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (mode === 'push') window.history.pushState(null, '', url);
  else window.history.replaceState(null, '', url);
}

/** Calls back with the query string whenever Back or Forward moves to another entry of this page. */
export function watchQuery(onChange: (query: string) => void) {
  const path = window.location.pathname;
  const listener = () => {
    if (window.location.pathname === path) onChange(currentQuery());
  };
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}
