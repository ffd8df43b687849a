import { BALANCE_CHANGED_EVENT, type BalanceChanged } from '../../src/services/disbursementAccountRules.ts';
import type { Realtime } from './realtime.ts';

/** After a commit that moved a client's money: every open screen that may see the client reloads its figures. */
export function announceBalance(realtime: Realtime, clientId: number): void {
  realtime.emitToClientWatchers(clientId, BALANCE_CHANGED_EVENT, { client_id: clientId } satisfies BalanceChanged);
}
