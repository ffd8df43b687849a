import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { notificationSocketFrom, notificationsMachine } from '../../machines/notificationsMachine';
import type { NotificationItem, NotificationList } from '../../services/workOrders';
import { NotificationBell } from '../../views/NotificationBell';
import { SessionContext } from '../../views/SessionContext';
import { FakeNotificationSocket } from './fakeNotificationSocket';
import { deferredActors } from './deferredActors';
import { renderPage } from './pageModelHarness';

/**
 * The header bell, rendered as a signed-in SUPER ADMIN sees it, with a fake notifications socket
 * and the server's answers held until the test gives them.
 */

const item = (
  id: number,
  minute: number,
  over: Partial<Pick<NotificationItem, 'is_read'>> & { status?: 'OPEN' | 'RESOLVED' } = {},
): NotificationItem => ({
  id,
  subject: `Withdrawal WD-${id}`,
  message: `Withdrawal WD-${id} of Rp. 250,000 from PT Maju is waiting for your decision`,
  is_read: over.is_read ?? false,
  data: {
    // 03:mm UTC is 10:mm in Jakarta, the business clock the bell shows.
    created_at: `2026-11-21T03:${String(minute).padStart(2, '0')}:00.000Z`,
    work_order_code: `WD-${id}`,
    status: over.status ?? 'OPEN',
    resolved_at: over.status === 'RESOLVED' ? '2026-11-21T03:59:00.000Z' : null,
    item: {
      kind: 'withdrawal',
      ref: `uuid-${id}`,
      client_id: 1,
      client_name: 'PT Maju',
      amount: 250_000,
      withdrawal_kind: 'withdrawal',
    },
  },
  step_data: { icon: 'money' },
});

function renderBell() {
  const socket = new FakeNotificationSocket();
  const server = deferredActors(['load', 'markRead', 'markAllRead'] as const);
  const logic = notificationsMachine.provide({
    actors: { socket: notificationSocketFrom(socket.connect), ...server.actors },
    actions: { notifyDesktop: () => {} },
  });
  let session: ReturnType<typeof SessionContext.useActorRef> | null = null;
  function Spy() {
    session = SessionContext.useActorRef();
    return null;
  }
  renderPage(
    <>
      <Spy />
      <NotificationBell logic={logic} />
    </>,
    [],
  );
  const answer = async (name: 'load' | 'markRead' | 'markAllRead', value: unknown) => {
    await act(async () => {
      server.last(name).resolve(value);
    });
  };
  return { socket, server, answer, session: () => session! };
}

const bell = (unread: number) => screen.findByRole('button', { name: `Notifications, ${unread} unread` });
const openList = async () => {
  fireEvent.click(screen.getByRole('button', { name: /^Notifications, \d+ unread$/ }));
  return screen.findByRole('list', { name: 'Work orders' });
};
const entries = (list: HTMLElement) => within(list).getAllByRole('listitem');
const entryOf = (list: HTMLElement, id: number) =>
  entries(list).find((li) => new RegExp(`WD-${id}(?!\\d)`).test(li.textContent!))!;

describe('Notification bell', () => {
  it("shows the server's count, raises it for a new work order, shows one resolved, clears on Mark all", async () => {
    const t = renderBell();
    const listed: NotificationList = { items: [item(2, 20, { is_read: true }), item(1, 10)], unread: 1 };
    await waitFor(() => expect(t.server.count('load')).toBe(1));
    await t.answer('load', listed);
    await bell(1);
    expect(t.socket.opened).toBe(1);

    // A new work order on the socket: the count goes up and it is listed first, as 'Open'.
    await t.socket.say((h) => h.onWorkOrder(item(3, 30)));
    await bell(2);
    const list = await openList();
    expect(entries(list).map((li) => li.textContent)).toEqual([
      'Unread: Withdrawal WD-3Withdrawal WD-3 of Rp. 250,000 from PT Maju is waiting for your ' +
        'decision2026-11-21 10:30Open',
      'Withdrawal WD-2Withdrawal WD-2 of Rp. 250,000 from PT Maju is waiting for your decision2026-11-21 10:20Open',
      'Unread: Withdrawal WD-1Withdrawal WD-1 of Rp. 250,000 from PT Maju is waiting for your ' +
        'decision2026-11-21 10:10Open',
    ]);
    // Published again (at least once): still one entry, still two unread.
    await t.socket.say((h) => h.onWorkOrder(item(3, 30)));
    expect(entries(list)).toHaveLength(3);
    await bell(2);

    // Another admin decided WD-1 (issue 26): it shows resolved, in place, saying what happened,
    // and no longer counts (nor looks unread): the badge means 'needs you'.
    await t.socket.say((h) =>
      h.onWorkOrderChanged({ ...item(1, 10, { status: 'RESOLVED' }), message: 'Rejected by superadmin2@demo.local' }),
    );
    await bell(1);
    expect(entryOf(list, 1).textContent).toBe(
      'Withdrawal WD-1Rejected by superadmin2@demo.local2026-11-21 10:10Resolved',
    );
    expect(within(entryOf(list, 1)).queryByText('Open')).toBeNull();
    expect(entries(list)).toHaveLength(3);
    // Opened anyway: read, and the count (which no longer had it) stays.
    await act(async () => {
      fireEvent.click(within(entryOf(list, 1)).getByRole('button', { hidden: true }));
    });
    expect(t.server.last('markRead').input).toEqual({ id: 1 });
    await bell(1);
    await t.answer('markRead', { status: 'success' });

    // Mark all read: the call, then nothing unread; the button is off until something is.
    const markAll = screen.getByRole('button', { name: 'Mark all read' });
    expect(markAll).toBeEnabled();
    await act(async () => {
      fireEvent.click(markAll);
    });
    expect(t.server.count('markAllRead')).toBe(1);
    expect(screen.getByRole('button', { name: 'Marking…' })).toBeDisabled();
    await t.answer('markAllRead', { status: 'success' });
    await bell(0);
    expect(screen.getByRole('button', { name: 'Mark all read' })).toBeDisabled();
    // The server says so on the socket too: nothing moves.
    await t.socket.say((h) => h.onWorkOrdersRead());
    await bell(0);
  });

  it('reads the list again when the socket reconnects', async () => {
    const t = renderBell();
    await waitFor(() => expect(t.server.count('load')).toBe(1));
    await t.answer('load', { items: [item(1, 10)], unread: 1 });
    await bell(1);
    // While the socket was down, WD-4 arrived and WD-1 was read in another tab.
    await t.socket.say((h) => h.onReconnected());
    expect(t.server.count('load')).toBe(2);
    await t.answer('load', { items: [item(4, 40), item(1, 10, { is_read: true })], unread: 1 });
    await bell(1);
    const list = await openList();
    expect(entries(list).map((li) => li.textContent!.slice(0, 23))).toEqual([
      'Unread: Withdrawal WD-4',
      'Withdrawal WD-1Withdraw',
    ]);
  });

  it('opening an item marks it read and shows its work order', async () => {
    const t = renderBell();
    await waitFor(() => expect(t.server.count('load')).toBe(1));
    await t.answer('load', { items: [item(1, 10)], unread: 1 });
    const list = await openList();
    await act(async () => {
      fireEvent.click(within(entryOf(list, 1)).getByRole('button', { hidden: true }));
    });
    await bell(0);
    expect(t.server.last('markRead').input).toEqual({ id: 1 });
    expect(`${window.location.pathname}${window.location.search}`).toBe('/work-order-detail?wo=WD-1');
  });

  it('hands the end of the session on to the session machine, which closes the socket', async () => {
    const t = renderBell();
    await waitFor(() => expect(t.server.count('load')).toBe(1));
    await t.socket.say((h) => h.onSessionEnded());
    await waitFor(() => expect(t.session().getSnapshot().value).toBe('signedOut'));
    expect(t.socket.closed).toBe(1);
  });
});
