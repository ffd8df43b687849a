import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { MOST_SHOWN, alertsMachine } from '../../machines/alertsMachine';
import { ALERT_MS, alerts } from '../../services/alerts';

afterEach(() => {
  vi.useRealTimers();
});

const texts = (actor: ReturnType<typeof createActor<typeof alertsMachine>>) =>
  actor.getSnapshot().context.shown.map((a) => a.message);

describe('the alerts actor', () => {
  it('shows what anything raises on the bus, and closes each alert ALERT_MS after it came', () => {
    vi.useFakeTimers();
    const actor = createActor(alertsMachine).start();
    alerts.error('first');
    vi.advanceTimersByTime(ALERT_MS / 2);
    alerts.success('second');
    expect(actor.getSnapshot().context.shown.map((a) => [a.title, a.message, a.intent])).toEqual([
      ['Error!', 'first', 'error'],
      ['Success', 'second', 'success'],
    ]);
    vi.advanceTimersByTime(ALERT_MS / 2);
    expect(texts(actor)).toEqual(['second']);
    vi.advanceTimersByTime(ALERT_MS / 2);
    expect(texts(actor)).toEqual([]);
    actor.stop();
  });

  it('closes one alert when the person dismisses it, and keeps at most MOST_SHOWN', () => {
    const actor = createActor(alertsMachine).start();
    for (let i = 1; i <= MOST_SHOWN + 2; i++) alerts.success(`n${i}`);
    expect(texts(actor)).toEqual(Array.from({ length: MOST_SHOWN }, (_, i) => `n${i + 3}`));
    const [first] = actor.getSnapshot().context.shown;
    actor.send({ type: 'DISMISS', id: first.id });
    expect(texts(actor)).not.toContain(first.message);
    expect(texts(actor)).toHaveLength(MOST_SHOWN - 1);
    actor.stop();
  });

  it('stops listening when it stops', () => {
    const actor = createActor(alertsMachine).start();
    actor.stop();
    alerts.error('after');
    expect(texts(actor)).toEqual([]);
  });
});
