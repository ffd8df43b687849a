import { assign, fromCallback, raise, setup } from 'xstate';
import { ALERT_MS, alerts, type Alert } from '../services/alerts';

/**
 * The one alerts actor (cypress-realworld-app's snackbarMachine, for a stack): whatever raises an
 * alert (a machine's action, the HTTP layer) publishes it on the services' bus; this actor takes
 * it, shows it, and dismisses it after ALERT_MS or when the person closes it. The view only renders
 * `context.shown`.
 */
export interface ShownAlert extends Alert {
  id: number;
}

/** More than this at once is noise: the oldest go first. */
export const MOST_SHOWN = 4;

type AlertsEvent = { type: 'SHOW'; alert: Alert } | { type: 'DISMISS'; id: number };

export const alertsMachine = setup({
  types: { context: {} as { shown: ShownAlert[]; next: number }, events: {} as AlertsEvent },
  actors: {
    // The bus, so that services below the machines (the HTTP layer) can raise alerts too.
    bus: fromCallback<AlertsEvent>(({ sendBack }) => alerts.subscribe((alert) => sendBack({ type: 'SHOW', alert }))),
  },
}).createMachine({
  id: 'alerts',
  context: { shown: [], next: 1 },
  invoke: { src: 'bus' },
  on: {
    SHOW: {
      actions: [
        assign(({ context, event }) => ({
          shown: [...context.shown, { ...event.alert, id: context.next }].slice(-MOST_SHOWN),
          next: context.next + 1,
        })),
        raise(({ context }) => ({ type: 'DISMISS' as const, id: context.next - 1 }), { delay: ALERT_MS }),
      ],
    },
    DISMISS: { actions: assign({ shown: ({ context, event }) => context.shown.filter((a) => a.id !== event.id) }) },
  },
});
