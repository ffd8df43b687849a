import type * as v from 'valibot';
import { pagePath } from './pages';
import type { LIST_PAGE_QUERIES, ListId } from './savedViewRules';
import type { Overview } from './overviewRules';
import { readsAsSuperAdmin, type PageUser } from './schemas';
import { WAITING } from './workOrders';

/**
 * Issue 29: where each overview tile opens its list, already filtered. The addresses carry the list
 * pages' own query (the API list query's names, plus a named `range`, savedViewRules.ts), so a tile
 * opens exactly the rows it counts, and the list applies its own default window where none is named.
 */

/** A list page's query string, typed by the list's own page query (keys and values the list reads). */
export type ListPageQuery<L extends ListId> = v.InferInput<(typeof LIST_PAGE_QUERIES)[L]>;

/** The names whose empty value means something ('client_filter=' is every client, issue 45): kept when empty. */
const KEPT_EMPTY = new Set(['client_filter']);

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query))
    if (value || (value === '' && KEPT_EMPTY.has(name))) params.set(name, value);
  const text = params.toString();
  return text ? `${path}?${text}` : path;
};

export const transactionsLink = (query: ListPageQuery<'transactions'>) => withQuery(pagePath('transactions'), query);
export const disbursementsLink = (query: ListPageQuery<'disbursements'>) =>
  withQuery(pagePath('disbursement-list'), query);
/** Withdrawal History lives on Payments Balance. */
export const withdrawalsLink = (query: ListPageQuery<'withdrawals'>) => withQuery(pagePath('balance'), query);

/** The finalized pay-ins of a day the overview counts: 'today' or 'yesterday', kept as a name so the link does not age. */
export const finalizedPayinsLink = (range: 'today' | 'yesterday') => transactionsLink({ range, status: 'FINALIZED' });
/**
 * Every disbursement waiting for a decision (issue 45: PENDING_REQUEST and PENDING, the list's WAITING).
 * They may be older than any preset: the window runs from the day the Overview names (the oldest
 * waiting one's) to today; before the figures are read, the list's own default window.
 */
export const pendingDisbursementsLink = (window?: { since: string; today: string }) =>
  disbursementsLink({
    status: WAITING,
    ...(window ? { start: `${window.since} 00:00`, end: `${window.today} 23:59` } : {}),
  });
/**
 * Every client's PENDING withdrawals (issue 45): an empty client_filter is All clients, from the day the
 * Overview names (the oldest PENDING one's) to today; before the figures are read, the page's default window.
 */
export const pendingWithdrawalsLink = (window?: { since: string; today: string }) =>
  withdrawalsLink({
    client_filter: '',
    status: 'PENDING',
    ...(window ? { start: `${window.since} 00:00`, end: `${window.today} 23:59` } : {}),
  });
/** The Approvals page lists only what waits: it needs no filter. */
export const pendingApprovalsLink = () => pagePath('approvals');
export const settlementLink = () => pagePath('settlement');

/**
 * The tiles' links for this user: a tile links to its list only when the user's role holds that
 * list's page (the menu's rule, Settlement for SUPER ADMIN and AUDITOR alone). Failed callbacks have
 * no list page (their work orders are in the header's bell), so that tile never links.
 */
export interface OverviewLinks {
  today: string | null;
  yesterday: string | null;
  withdrawals: string | null;
  disbursements: string | null;
  approvals: string | null;
  settlement: string | null;
}

export function overviewLinks(user: PageUser, overview?: Overview | null): OverviewLinks {
  const since = (day: string) => (overview ? { since: day, today: overview.today.day } : undefined);
  const holds = (module: string) => user?.modules?.includes(module) ?? false;
  const when = (module: string, link: () => string) => (holds(module) ? link() : null);
  return {
    today: when('transactions', () => finalizedPayinsLink('today')),
    yesterday: when('transactions', () => finalizedPayinsLink('yesterday')),
    withdrawals: when('balance', () => pendingWithdrawalsLink(since(overview?.pending.withdrawals_since ?? ''))),
    disbursements: when('disbursement-list', () =>
      pendingDisbursementsLink(since(overview?.pending.disbursements_since ?? '')),
    ),
    approvals: when('approvals', pendingApprovalsLink),
    settlement: user && readsAsSuperAdmin(user.type) ? when('settlement', settlementLink) : null,
  };
}
