import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import { api } from '../services/api';
import { asEnglish, type Translate } from '../i18n/translate';
import { connectNotifications, type RealtimeHandlers } from '../services/realtime';
import { countsAsUnread, type NotificationItem, type NotificationList } from '../services/workOrders';
import type { GuardWords } from './guardWords';
import { msg } from '../i18n/msg';

/** The server lists the newest 50 (and counts every unread one): the bell keeps no more than that. */
export const NOTIFICATION_LIST_LIMIT = 50;

/** What the notifications socket says, as events of this machine. */
export type NotificationSocketEvent =
  /** A new work order (or the same one again: the server publishes at least once). */
  | { type: 'RECEIVED'; item: NotificationItem }
  /** One of this user's work orders was resolved, or read elsewhere: the whole item as it is now. */
  | { type: 'CHANGED'; item: NotificationItem }
  /** Every work order of this user was marked read. */
  | { type: 'READ_ALL' }
  /** The socket connected again after a drop: what was pushed meanwhile was missed. */
  | { type: 'RECONNECTED' }
  | { type: 'SESSION_ENDED' }
  | { type: 'ACCESS_CHANGED' };

export type NotificationsEvent =
  | NotificationSocketEvent
  /** The user opened an item: it is read from now on. */
  | { type: 'OPENED'; id: number }
  | { type: 'MARK_ALL_READ' }
  /** Raised by the machine itself when a read mark was refused: the list is read again. */
  | { type: 'RELOAD' };

type Connect = (handlers: RealtimeHandlers) => () => void;

/**
 * The notifications socket as an actor: open for as long as the bell's machine runs, closed when it
 * stops. Tests give it a fake `connect`; the mapping of the socket's callbacks to events stays this one.
 */
export const notificationSocketFrom = (connect: Connect) =>
  fromCallback<NotificationSocketEvent, { live: boolean }>(({ sendBack, input }) => {
    if (!input.live) return undefined;
    return connect({
      onWorkOrder: (item) => sendBack({ type: 'RECEIVED', item }),
      onWorkOrderChanged: (item) => sendBack({ type: 'CHANGED', item }),
      onWorkOrdersRead: () => sendBack({ type: 'READ_ALL' }),
      onReconnected: () => sendBack({ type: 'RECONNECTED' }),
      onSessionEnded: () => sendBack({ type: 'SESSION_ENDED' }),
      onAccessChanged: () => sendBack({ type: 'ACCESS_CHANGED' }),
    });
  });

export const notificationSocket = notificationSocketFrom(connectNotifications);

export interface NotificationsInput {
  live: boolean;
  /** The session machine's SESSION_ENDED: the server ended this session. */
  onSessionEnded?: () => void;
  /** The session machine's ACCESS_CHANGED: menus and allowed paths are to be read again. */
  onAccessChanged?: () => void;
  /**
   * Puts the server's English subject and message of a work order in the language shown (the bell's said()), for the
   * desktop notification; without it they are shown as the server wrote them.
   */
  translate?: Translate;
}

export interface NotificationsContext {
  live: boolean;
  /** Newest first, one per id. */
  items: NotificationItem[];
  /** As the server counts them (every unread OPEN one, listed or not), kept in step with what happens here. */
  unread: number;
  /** Items opened whose read mark has yet to be sent, oldest first. */
  pendingReads: number[];
  onSessionEnded: () => void;
  onAccessChanged: () => void;
  translate: Translate;
}

const newestFirst = (a: NotificationItem, b: NotificationItem) =>
  a.data.created_at === b.data.created_at ? b.id - a.id : a.data.created_at < b.data.created_at ? 1 : -1;

/**
 * The list with this item in it: replaced where it is (never twice), or added in its place by time.
 * The count moves by what changed: a new unread one adds one, a listed one read elsewhere or
 * resolved by anyone takes one (countsAsUnread).
 * One older than the whole of a full list was counted by the server when the list was read, and
 * stays out of it.
 */
export function withItem(
  context: Pick<NotificationsContext, 'items' | 'unread'>,
  item: NotificationItem,
): Pick<NotificationsContext, 'items' | 'unread'> {
  const before = context.items.find((n) => n.id === item.id);
  const all = before
    ? context.items.map((n) => (n.id === item.id ? item : n))
    : [...context.items, item].sort(newestFirst);
  const items = all.slice(0, NOTIFICATION_LIST_LIMIT);
  if (!before && !items.includes(item)) return { items: context.items, unread: context.unread };
  const delta = Number(countsAsUnread(item)) - Number(before ? countsAsUnread(before) : false);
  return { items, unread: Math.max(0, context.unread + delta) };
}

const itemOf = (event: { type: string }) => (event as { item?: NotificationItem }).item;

/** A new work order waiting for this user: a desktop notification too, when the browser allows it. */
function desktopNotify(item: NotificationItem, translate: Translate) {
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    new Notification(translate(item.subject), { body: translate(item.message), tag: `wo-${item.id}` });
  }
}

/**
 * The header bell (issue 14): this user's work orders, newest first, with the unread count the
 * server reports. It owns the notifications socket: new items arrive live (each one once, however
 * often it is published), changes replace an item in place, all-read marks every one, and a
 * reconnection reads the list again (what was pushed while the socket was down was missed). The
 * server's SESSION_ENDED and ACCESS_CHANGED go on to the session through the input's callbacks.
 * Two regions: `list` (the items) and `marking` (read marks sent, one at a time, in order).
 */
export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as NotificationsInput,
  },
  actors: {
    socket: notificationSocket,
    load: fromPromise<NotificationList>(() => api.notifications()),
    markRead: fromPromise<unknown, { id: number }>(({ input }) => api.markNotificationRead(input.id)),
    markAllRead: fromPromise<unknown>(() => api.markAllNotificationsRead()),
  },
  actions: {
    upsert: assign(({ context, event }) => withItem(context, itemOf(event)!)),
    allRead: assign(({ context }) => ({
      items: context.items.map((n) => (n.is_read ? n : { ...n, is_read: true })),
      unread: 0,
      pendingReads: [],
    })),
    /** Optimistic: read on screen at once; the mark is queued for the server. */
    openedRead: assign(({ context, event }) => {
      const id = (event as { id: number }).id;
      // A resolved one was not in the count: reading it changes only its look.
      const counted = context.items.some((n) => n.id === id && countsAsUnread(n));
      return {
        items: context.items.map((n) => (n.id === id ? { ...n, is_read: true } : n)),
        unread: Math.max(0, context.unread - Number(counted)),
        pendingReads: [...context.pendingReads, id],
      };
    }),
    dequeueRead: assign({ pendingReads: ({ context }) => context.pendingReads.slice(1) }),
    notifyDesktop: ({ context, event }) => desktopNotify(itemOf(event)!, context.translate),
    endSession: ({ context }) => context.onSessionEnded(),
    changeAccess: ({ context }) => context.onAccessChanged(),
    reload: raise({ type: 'RELOAD' }),
    allReadHere: raise({ type: 'READ_ALL' }),
  },
  guards: {
    isNewOpen: ({ context, event }) => {
      const item = itemOf(event)!;
      return !context.items.some((n) => n.id === item.id) && item.data.status === 'OPEN' && !item.is_read;
    },
    isListed: ({ context, event }) => context.items.some((n) => n.id === itemOf(event)!.id),
    isUnread: ({ context, event }) =>
      event.type === 'OPENED' && context.items.some((n) => n.id === event.id && !n.is_read),
    readPending: ({ context }) => context.pendingReads.length > 0,
    anyUnread: ({ context }) => context.unread > 0,
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({
    live: input.live,
    items: [],
    unread: 0,
    pendingReads: [],
    onSessionEnded: input.onSessionEnded ?? (() => {}),
    onAccessChanged: input.onAccessChanged ?? (() => {}),
    translate: input.translate ?? asEnglish,
  }),
  invoke: { id: 'socket', src: 'socket', input: ({ context }) => ({ live: context.live }) },
  type: 'parallel',
  on: {
    SESSION_ENDED: { actions: 'endSession' },
    ACCESS_CHANGED: { actions: 'changeAccess' },
    OPENED: { guard: 'isUnread', actions: 'openedRead' },
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          // Whatever arrives while the list is read may be in the answer or not: read it again.
          on: {
            RECEIVED: [
              { guard: 'isNewOpen', target: 'loading', reenter: true, actions: 'notifyDesktop' },
              { target: 'loading', reenter: true },
            ],
            CHANGED: { target: 'loading', reenter: true },
            READ_ALL: { target: 'loading', reenter: true },
            RECONNECTED: { target: 'loading', reenter: true },
            RELOAD: { target: 'loading', reenter: true },
          },
          invoke: {
            id: 'load',
            src: 'load',
            onDone: {
              target: 'ready',
              actions: assign(({ event }) => ({
                items: event.output.items.slice(0, NOTIFICATION_LIST_LIMIT),
                unread: event.output.unread,
              })),
            },
            // Only logged, as the spec says of list failures; the bell shows what it has.
            onError: {
              target: 'ready',
              actions: ({ event }) => console.warn('notifications could not be loaded', event.error),
            },
          },
        },
        ready: {
          on: {
            RECEIVED: [{ guard: 'isNewOpen', actions: ['upsert', 'notifyDesktop'] }, { actions: 'upsert' }],
            // One not listed (older than the newest 50): whether it was counted unread is the server's to say.
            CHANGED: [{ guard: 'isListed', actions: 'upsert' }, { target: 'loading' }],
            READ_ALL: { actions: 'allRead' },
            RECONNECTED: 'loading',
            RELOAD: 'loading',
          },
        },
      },
    },
    marking: {
      initial: 'idle',
      states: {
        idle: {
          always: { guard: 'readPending', target: 'markingOne' },
          on: { MARK_ALL_READ: { guard: 'anyUnread', target: 'markingAll' } },
        },
        markingOne: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ context }) => ({ id: context.pendingReads[0] }),
            onDone: { target: 'idle', actions: 'dequeueRead' },
            // Refused or lost: the count on screen may be wrong, so the server's is read again.
            onError: {
              target: 'idle',
              actions: [
                'dequeueRead',
                ({ event }) => console.warn('the notification could not be marked read', event.error),
                'reload',
              ],
            },
          },
        },
        markingAll: {
          invoke: {
            id: 'markAllRead',
            src: 'markAllRead',
            onDone: { target: 'idle', actions: 'allReadHere' },
            onError: {
              target: 'idle',
              actions: ({ event }) => console.warn('the notifications could not be marked read', event.error),
            },
          },
        },
      },
    },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const notificationsGuardWords: GuardWords<typeof notificationsMachine> = {
  isNewOpen: msg({
    defaultMessage: 'A work order not in the list yet, OPEN and unread: worth a desktop notification.',
    id: 'ITpNLq',
  }),
  isListed: msg({
    defaultMessage:
      'The changed work order is in the list: it is replaced in place (otherwise the list is read again).',
    id: 'H62KAM',
  }),
  isUnread: msg({
    defaultMessage: 'The opened work order is in the list and still unread: it is marked read.',
    id: 'x2eeZ+',
  }),
  readPending: msg({ defaultMessage: 'Reads are queued: the next one is sent to the server.', id: '5y4htl' }),
  anyUnread: msg({
    defaultMessage: 'Mark all read only when the server counts at least one unread work order.',
    id: 'z4+mfI',
  }),
};
