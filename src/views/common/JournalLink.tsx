import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { journalLink } from '../../services/ledgerLinks';

/**
 * A row's reference as a link to its journal on the Ledger (issue 28): navigation, not an action,
 * shown to those who read the Ledger. `~` makes the address absolute inside the dashboard's router.
 */
export function JournalLink({ reference, children }: { reference: string; children: ReactNode }) {
  return (
    <Link href={`~${journalLink(reference)}`} title="Open its journal in the Ledger">
      {children}
    </Link>
  );
}
