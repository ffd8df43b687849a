import { fromCallback } from 'xstate';
import type { BalanceChanged } from '../services/disbursementAccountRules';
import { watchBalances } from '../services/realtime';

/** Asks the page to load again; the page's guard keeps only a change of the client it shows. */
export interface RefreshEvent {
  type: 'REFRESH';
  clientId: number;
}

type Watch = (onChanged: (change: BalanceChanged) => void) => () => void;

/**
 * The 'balance-changed' socket as an actor a page machine invokes: it lives as long as the page,
 * and stopping the page closes the socket. Tests give it a fake `watch`; the mapping stays this one.
 */
export const balanceChangesFrom = (watch: Watch) =>
  fromCallback<RefreshEvent, { live: boolean }>(({ sendBack, input }) => {
    if (!input.live) return undefined;
    return watch((change) => sendBack({ type: 'REFRESH', clientId: change.client_id }));
  });

export const balanceChanges = balanceChangesFrom(watchBalances);

/** Guard: a change of another client's balance leaves this page as it is. */
export const isShownClient = ({
  context,
  event,
}: {
  context: { clientId: number | null };
  event: { type: string; clientId?: number };
}) => event.type === 'REFRESH' && event.clientId === context.clientId;
