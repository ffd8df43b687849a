import { assign, fromPromise, setup } from 'xstate';
import { api } from '../services/api';
import type { NotificationItem } from '../services/schemas';

interface NotificationsContext { items: NotificationItem[]; unread: number }

type NotificationsEvent =
  | { type: 'RECEIVED'; item: NotificationItem }
  | { type: 'OPENED'; id: number }
  | { type: 'REFRESH' };

/** The header bell: the list with its unread count, live additions, and read marks. */
export const notificationsMachine = setup({
  types: { context: {} as NotificationsContext, events: {} as NotificationsEvent },
  actors: {
    load: fromPromise(() => api.notifications()),
    markRead: fromPromise<unknown, { id: number }>(({ input }) => api.markNotificationRead(input.id)),
  },
  guards: {
    isUnread: ({ context, event }) => event.type === 'OPENED' && context.items.some((n) => n.id === event.id && !n.is_read),
  },
}).createMachine({
  id: 'notifications',
  context: { items: [], unread: 0 },
  initial: 'loading',
  on: {
    RECEIVED: { actions: assign(({ context, event }) => ({ items: [event.item, ...context.items], unread: context.unread + (event.item.is_read ? 0 : 1) })) },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => ({ items: event.output.items, unread: event.output.unread })) },
        // Only logged, as the spec says of list failures; the bell shows what it has.
        onError: { target: 'ready', actions: ({ event }) => console.warn('notifications could not be loaded', event.error) },
      },
    },
    ready: {
      on: {
        REFRESH: 'loading',
        OPENED: {
          guard: 'isUnread',
          target: 'markingRead',
          actions: assign(({ context, event }) => ({
            items: context.items.map((n) => (n.id === event.id ? { ...n, is_read: true } : n)),
            unread: Math.max(0, context.unread - 1),
          })),
        },
      },
    },
    markingRead: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ event }) => ({ id: (event as { id: number }).id }),
        onDone: 'ready',
        onError: 'ready',
      },
    },
  },
});
