import { formatDateTime } from './format';
import { pageQuery } from './listUrl';
import { pagePath } from './pages';

/**
 * Where the Ledger opens a reference's journal or an account's statement: a plain link any page may
 * show (navigation, not an action). The Ledger page reads these query parameters as its machine's input.
 */
export const journalLink = (reference: string) => `${pagePath('ledger')}?reference=${encodeURIComponent(reference)}`;
/** The audit log's entities whose movements the ledger records, under the id the journal knows them by (entityPath's). */
const JOURNAL_ENTITIES: readonly string[] = ['withdrawal', 'disbursement', 'transaction'];
export const hasJournal = (entityType: string) => JOURNAL_ENTITIES.includes(entityType);

/**
 * Whether this user reads the Ledger (their role holds its page): their lists then link a row's
 * reference to its journal. A machine reads it from the signed-in user, as a page's capability.
 */
export const readsJournals = (user: { modules?: readonly string[] } | null | undefined): boolean =>
  user?.modules?.includes('ledger') ?? false;

export const accountLink = (accountId: number) => `${pagePath('ledger')}?account=${accountId}`;

/** What the Ledger's address names (the inverse of the links above): an account id, a reference, or neither. */
export function ledgerTargetOf(search: string): { account: number | null; reference: string | null } {
  const params = new URLSearchParams(search);
  const account = params.get('account');
  const reference = params.get('reference')?.trim();
  return { account: account && /^\d{1,9}$/.test(account) ? Number(account) : null, reference: reference || null };
}

/**
 * Where the Audit Log shows the one line that posted a journal entry (issue 43): by its number, in
 * the minute the entry was posted (the line is written in the same transaction, so at the same instant).
 */
export function auditLineLink(entry: { audit_id: number | null; created_at: string }): string | null {
  if (entry.audit_id == null) return null;
  const minute = formatDateTime(entry.created_at);
  return `${pagePath('audit-log')}?${pageQuery({ line: String(entry.audit_id), start: minute, end: minute })}`;
}
