import { useActorRef } from '@xstate/react';
import { useSearch } from 'wouter';
import { ledgerMachine } from '../../machines/ledgerMachine';
import { ledgerTargetOf } from '../../services/ledgerLinks';
import { SessionContext } from '../SessionContext';
import { LedgerScreen } from './LedgerScreen';

function LedgerWithTarget({ logic, search }: { logic: typeof ledgerMachine; search: string }) {
  const actor = useActorRef(logic, { input: ledgerTargetOf(search) });
  // The daily proof's client picker offers the clients the server lets this user see.
  const clients = SessionContext.useSelector((s) => s.context.options?.clients ?? []);
  return <LedgerScreen actor={actor} clients={clients} />;
}

/**
 * /dashboard/ledger (SUPER ADMIN, AUDITOR): the ledger machine started on what the address names (`?account=12`,
 * `?reference=...` from another page's Journal link). A new address is a new start, so a link
 * followed while the page is open opens what it names.
 */
export function LedgerPage({ logic = ledgerMachine }: { logic?: typeof ledgerMachine }) {
  const search = useSearch();
  return <LedgerWithTarget key={search} logic={logic} search={search} />;
}

export default LedgerPage;
