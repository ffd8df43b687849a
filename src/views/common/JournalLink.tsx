import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { journalLink } from '../../services/ledgerLinks';
import { useT } from '../../i18n/useT';

/**
 * A row's reference as a link to its journal on the Ledger (issue 28): navigation, not an action,
 * shown to those who read the Ledger. `~` makes the address absolute inside the dashboard's router.
 */
export function JournalLink({ reference, children }: { reference: string; children: ReactNode }) {
  const t = useT();
  return (
    <Link
      href={`~${journalLink(reference)}`}
      title={t({ defaultMessage: 'Open its journal in the Ledger', id: '6hMZqM' })}
    >
      {children}
    </Link>
  );
}
