import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  NOTIFICATION_LIST_LIMIT,
  notificationSocketFrom,
  notificationsMachine,
  withItem,
  type NotificationsContext,
} from '../../machines/notificationsMachine';
import type { RealtimeHandlers } from '../../services/realtime';
import type { NotificationItem, NotificationList } from '../../services/workOrders';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 21) + minute * 60_000).toISOString();
const item = (
  id: number,
  over: { is_read?: boolean; status?: 'OPEN' | 'RESOLVED'; minute?: number } = {},
): NotificationItem => ({
  id,
  subject: `Withdrawal WD-${id}`,
  message: `Withdrawal WD-${id} is waiting for your decision`,
  is_read: over.is_read ?? false,
  data: {
    created_at: at(over.minute ?? id),
    work_order_code: `WD-${id}`,
    status: over.status ?? 'OPEN',
    resolved_at: over.status === 'RESOLVED' ? at(5000) : null,
    item: { kind: 'withdrawal', ref: `uuid-${id}`, client_id: 1, client_name: 'PT Maju', amount: 250_000 },
  },
  step_data: { icon: 'money' },
});

const LISTED = { items: [item(2, { is_read: true }), item(1)], unread: 1 };
const ids = (s: AnyMachineSnapshot) => (s.context as NotificationsContext).items.map((n) => n.id);

const events = (s: AnyMachineSnapshot) => {
  const c = s.context as NotificationsContext;
  const quiet = s.matches({ marking: 'idle' });
  const one = c.items.find((n) => n.id === 1);
  const asListed = one != null && !one.is_read && one.data.status === 'OPEN';
  return [
    doneEvent('load', LISTED),
    errorEvent('load', new Error('offline')),
    // A new work order, once (more would only grow the list), and one already listed published again.
    ...(c.items.some((n) => n.id === 3) ? [] : [{ type: 'RECEIVED', item: item(3) }]),
    // Changes to item 1 arrive while it is as listed (after, they add states, not transitions):
    // published again, resolved by another admin (still unread, no longer counted), read in another tab; and one not
    // listed.
    ...(asListed
      ? [
          { type: 'RECEIVED', item: item(1) },
          { type: 'CHANGED', item: item(1, { status: 'RESOLVED' }) },
          { type: 'CHANGED', item: item(1, { is_read: true }) },
        ]
      : []),
    { type: 'CHANGED', item: item(9, { is_read: true }) },
    ...(c.unread > 0 ? [{ type: 'READ_ALL' }] : []),
    { type: 'RECONNECTED' },
    // What goes on to the session, tried while nothing else is under way (it changes nothing here).
    ...(quiet && c.items.length === 0 ? [{ type: 'SESSION_ENDED' }, { type: 'ACCESS_CHANGED' }] : []),
    // Opening waits its turn: one mark queued behind the one under way keeps the graph finite.
    ...(c.pendingReads.length < 2
      ? [
          { type: 'OPENED', id: 1 },
          { type: 'OPENED', id: 2 },
          { type: 'OPENED', id: 3 },
        ]
      : []),
    { type: 'MARK_ALL_READ' },
    doneEvent('markRead', {}),
    errorEvent('markRead', new Error('offline')),
    doneEvent('markAllRead', {}),
    errorEvent('markAllRead', new Error('offline')),
  ];
};

vi.spyOn(console, 'warn').mockImplementation(() => {});

describe('notifications machine: model', () => {
  const sessionEnded = vi.fn();
  const accessChanged = vi.fn();
  const model = buildModel(notificationsMachine.provide({ actions: { notifyDesktop: () => {} } }), {
    inputs: [{ live: true, onSessionEnded: sessionEnded, onAccessChanged: accessChanged }],
    events: events as never,
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    sessionEnded.mockClear();
    accessChanged.mockClear();
    const snapshot = model.replay(path);
    const c = snapshot.context as NotificationsContext;
    // The badge never disagrees with the list it summarises (every unread one is listed here), and
    // counts only what still needs someone: unread and OPEN (issue 26).
    expect(c.unread).toBe(c.items.filter((n) => !n.is_read && n.data.status === 'OPEN').length);
    // One entry per id, newest first.
    expect(new Set(ids(snapshot)).size).toBe(c.items.length);
    expect(ids(snapshot)).toEqual([...ids(snapshot)].sort((a, b) => b - a));
    // The session hears of its end and of changed access once for each time the socket said so.
    expect(sessionEnded).toHaveBeenCalledTimes(path.events.filter((e) => e.type === 'SESSION_ENDED').length);
    expect(accessChanged).toHaveBeenCalledTimes(path.events.filter((e) => e.type === 'ACCESS_CHANGED').length);
  });
});

/** The machine with promise actors that wait for the test, and a fake socket. */
function started(unread: number, items: NotificationItem[]) {
  const handlers: RealtimeHandlers[] = [];
  const closed = vi.fn();
  const calls = { load: 0, markRead: [] as number[], markAll: 0 };
  const notified: number[] = [];
  let answerLoad: (list: NotificationList) => void = () => {};
  const logic = notificationsMachine.provide({
    actors: {
      socket: notificationSocketFrom((h) => {
        handlers.push(h);
        return closed;
      }),
      load: fromPromise<NotificationList>(() => {
        calls.load += 1;
        return new Promise((resolve) => {
          answerLoad = resolve;
        });
      }),
      markRead: fromPromise<unknown, { id: number }>(async ({ input }) => {
        calls.markRead.push(input.id);
        return {};
      }),
      markAllRead: fromPromise<unknown>(async () => {
        calls.markAll += 1;
        return {};
      }),
    },
    actions: {
      notifyDesktop: ({ event }) => {
        notified.push((event as { item: NotificationItem }).item.id);
      },
    },
  });
  const actor = createActor(logic, { input: { live: true } }).start();
  answerLoad({ items, unread });
  return {
    actor,
    socket: () => handlers.at(-1)!,
    closed,
    calls,
    notified,
    answerLoad: (list: { items: NotificationItem[]; unread: number }) => answerLoad(list),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("notifications machine: the count is the server's", () => {
  it('counts unread work orders beyond the listed ones, and moves the count by what happens', async () => {
    const listed = Array.from({ length: NOTIFICATION_LIST_LIMIT }, (_, i) => item(100 + i));
    const t = started(73, listed);
    await settle();
    expect(t.actor.getSnapshot().context.unread).toBe(73);
    t.socket().onWorkOrder(item(500));
    expect(t.actor.getSnapshot().context.unread).toBe(74);
    expect(t.actor.getSnapshot().context.items).toHaveLength(NOTIFICATION_LIST_LIMIT);
    expect(t.actor.getSnapshot().context.items[0].id).toBe(500);
    // The same item published again: replaced, not counted twice, no second desktop notification.
    t.socket().onWorkOrder(item(500));
    expect(t.actor.getSnapshot().context.unread).toBe(74);
    expect(t.notified).toEqual([500]);
    t.actor.send({ type: 'OPENED', id: 500 });
    await settle();
    expect(t.actor.getSnapshot().context.unread).toBe(73);
    expect(t.calls.markRead).toEqual([500]);
    // Its own read mark comes back on the socket: nothing moves again.
    t.socket().onWorkOrderChanged(item(500, { is_read: true }));
    expect(t.actor.getSnapshot().context.unread).toBe(73);
    // Resolved elsewhere, still unread here: it no longer needs anyone, so one fewer (issue 26);
    // the item stays listed, resolved.
    t.socket().onWorkOrderChanged(item(120, { status: 'RESOLVED' }));
    expect(t.actor.getSnapshot().context.unread).toBe(72);
    expect(t.actor.getSnapshot().context.items.find((n) => n.id === 120)!.data.status).toBe('RESOLVED');
    // Opening the resolved one reads it without taking one off again.
    t.actor.send({ type: 'OPENED', id: 120 });
    await settle();
    expect(t.calls.markRead).toEqual([500, 120]);
    expect(t.actor.getSnapshot().context.unread).toBe(72);
    // Read in another tab: one fewer.
    t.socket().onWorkOrderChanged(item(121, { is_read: true }));
    expect(t.actor.getSnapshot().context.unread).toBe(71);
    // One not listed changed: whether it was counted is the server's to say, so the list is read again.
    t.socket().onWorkOrderChanged(item(7, { is_read: true }));
    expect(t.calls.load).toBe(2);
    t.answerLoad({ items: listed, unread: 70 });
    await settle();
    expect(t.actor.getSnapshot().context.unread).toBe(70);
    t.actor.stop();
    expect(t.closed).toHaveBeenCalledTimes(1);
  });

  it('marks all read only when the server has', async () => {
    const t = started(2, [item(2), item(1)]);
    await settle();
    t.actor.send({ type: 'MARK_ALL_READ' });
    expect(t.actor.getSnapshot().matches({ marking: 'markingAll' })).toBe(true);
    expect(t.actor.getSnapshot().can({ type: 'MARK_ALL_READ' })).toBe(false);
    await settle();
    expect(t.calls.markAll).toBe(1);
    expect(t.actor.getSnapshot().context.unread).toBe(0);
    expect(t.actor.getSnapshot().context.items.every((n) => n.is_read)).toBe(true);
    expect(t.actor.getSnapshot().can({ type: 'MARK_ALL_READ' })).toBe(false);
  });

  it('reads the list again on reconnect, and raises a desktop notification only for new open work orders', async () => {
    const t = started(1, [item(1)]);
    await settle();
    t.socket().onReconnected();
    expect(t.calls.load).toBe(2);
    t.answerLoad({ items: [item(4), item(1)], unread: 2 });
    await settle();
    expect(t.actor.getSnapshot().context.items.map((n) => n.id)).toEqual([4, 1]);
    t.socket().onWorkOrder(item(5, { status: 'RESOLVED' }));
    t.socket().onWorkOrder(item(6));
    expect(t.notified).toEqual([6]);
  });
});

describe('the desktop notification', () => {
  it("is written in the language shown: the server's English subject and message through the bell's translation", async () => {
    const shown: Array<{ title: string; body?: string; tag?: string }> = [];
    class FakeNotification {
      static permission = 'granted';
      constructor(title: string, options?: { body?: string; tag?: string }) {
        shown.push({ title, ...options });
      }
    }
    vi.stubGlobal('Notification', FakeNotification);
    try {
      const logic = notificationsMachine.provide({
        actors: {
          socket: notificationSocketFrom(() => () => {}),
          load: fromPromise<NotificationList>(async () => ({ items: [], unread: 0 })),
        },
      });
      const translate = (text: string) => text.replace('Withdrawal', 'Penarikan').replace('is waiting for', 'menunggu');
      const actor = createActor(logic, { input: { live: true, translate } }).start();
      await settle();
      actor.send({ type: 'RECEIVED', item: item(7) });
      expect(shown).toEqual([{ title: 'Penarikan WD-7', body: 'Penarikan WD-7 menunggu your decision', tag: 'wo-7' }]);
      actor.stop();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('withItem', () => {
  it('places a late arrival by its time, and leaves out one older than a full list', () => {
    const full = Array.from({ length: NOTIFICATION_LIST_LIMIT }, (_, i) => item(1000 - i, { minute: 50 }));
    const older = item(5, { minute: 1 });
    expect(withItem({ items: full, unread: 60 }, older)).toEqual({ items: full, unread: 60 });
    const some = [item(3, { minute: 30 }), item(1, { minute: 10 })];
    expect(withItem({ items: some, unread: 2 }, item(2, { minute: 20 })).items.map((n) => n.id)).toEqual([3, 2, 1]);
  });
});
