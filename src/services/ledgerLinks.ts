import { pagePath } from './pages';

/**
 * Where the Ledger opens a reference's journal or an account's statement: a plain link any page may
 * show (navigation, not an action). The Ledger page reads these query parameters as its machine's input.
 */
export const journalLink = (reference: string) => `${pagePath('ledger')}?reference=${encodeURIComponent(reference)}`;
export const accountLink = (accountId: number) => `${pagePath('ledger')}?account=${accountId}`;
