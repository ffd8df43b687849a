import { useEffect } from 'react';
import type { Actor, AnyStateMachine } from 'xstate';
import { alerts } from '../../services/alerts';

/**
 * When a form machine ends: the server's success message goes to the app's alerts, and the page
 * hears whether anything was saved (to reload its list).
 */
export function useFormOutcome(actor: Actor<AnyStateMachine>, onClose: (saved: boolean) => void) {
  useEffect(() => {
    const sub = actor.subscribe((snapshot) => {
      if (snapshot.status !== 'done') return;
      const output = snapshot.output as { saved: boolean; message: string | null } | undefined;
      if (output?.saved && output.message) alerts.success(output.message);
      onClose(output?.saved ?? false);
    });
    return () => sub.unsubscribe();
  }, [actor, onClose]);
}
