import type * as v from 'valibot';
import { pagePath } from './pages';
import type { LIST_PAGE_QUERIES, ListId } from './savedViewRules';
import { readsAsSuperAdmin, type PageUser } from './schemas';

/**
 * Issue 29: where each overview tile opens its list, already filtered. The addresses carry the list
 * pages' own query (the API list query's names, plus a named `range`, savedViewRules.ts), so a tile
 * opens exactly the rows it counts, and the list applies its own default window where none is named.
 */

/** A list page's query string, typed by the list's own page query (keys and values the list reads). */
export type ListPageQuery<L extends ListId> = v.InferInput<(typeof LIST_PAGE_QUERIES)[L]>;

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) params.set(name, value);
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
/** Pending disbursements may be older than any preset: no window, so the list applies its own default. */
export const pendingDisbursementsLink = () => disbursementsLink({ status: 'PENDING' });
export const pendingWithdrawalsLink = () => withdrawalsLink({ status: 'PENDING' });
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

export function overviewLinks(user: PageUser): OverviewLinks {
  const holds = (module: string) => user?.modules?.includes(module) ?? false;
  const when = (module: string, link: () => string) => (holds(module) ? link() : null);
  return {
    today: when('transactions', () => finalizedPayinsLink('today')),
    yesterday: when('transactions', () => finalizedPayinsLink('yesterday')),
    withdrawals: when('balance', pendingWithdrawalsLink),
    disbursements: when('disbursement-list', pendingDisbursementsLink),
    approvals: when('approvals', pendingApprovalsLink),
    settlement: user && readsAsSuperAdmin(user.type) ? when('settlement', settlementLink) : null,
  };
}
