import { CALLBACK_CHANGED_EVENT, type CallbackChanged } from '../../src/services/callbackRules.ts';
import type { Realtime } from './realtime.ts';

/** After an attempt's record committed: the Callbacks page and Payments List of whoever sees the client read again. */
export function announceCallback(realtime: Realtime, changed: CallbackChanged): void {
  realtime.emitToClientWatchers(changed.client_id, CALLBACK_CHANGED_EVENT, changed satisfies CallbackChanged);
}
