import { describe, expect, it, vi } from 'vitest';
import { notificationsMachine } from '../../machines/notificationsMachine';
import type { NotificationItem } from '../../services/schemas';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

const item = (id: number, is_read = false): NotificationItem => ({
  id, subject: 'work-order', message: `WO-${id}`, is_read, data: { created_at: '2026-01-01T00:00:00Z', work_order_code: `WO-${id}`, status: 'OPEN', resolved_at: null, item: null }, step_data: { icon: 'wrench' },
});

const events = [
  doneEvent('load', { items: [item(1), item(2, true)], unread: 1 }),
  errorEvent('load', new Error('offline')),
  { type: 'RECEIVED', item: item(3) },
  { type: 'OPENED', id: 1 },
  { type: 'OPENED', id: 2 },
  { type: 'REFRESH' },
  doneEvent('markRead', {}),
  errorEvent('markRead', new Error('offline')),
];

vi.spyOn(console, 'warn').mockImplementation(() => {});

describe('notifications machine: model', () => {
  // One live arrival is enough: more would only grow the list without new transitions.
  const model = buildModel(notificationsMachine, {
    events: (snapshot) => events.filter((e) => e.type !== 'RECEIVED' || !snapshot.context.items.some((n: NotificationItem) => n.id === 3)),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const snapshot = model.replay(path);
    expect(snapshot.value).toEqual(path.end.value);
    // The badge never disagrees with the list it summarises.
    expect(snapshot.context.unread).toBe(snapshot.context.items.filter((n: NotificationItem) => !n.is_read).length);
  });
});
