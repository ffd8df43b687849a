import { act } from '@testing-library/react';
import type { RealtimeHandlers } from '../../services/realtime';

/** The notifications socket as the bell's tests drive it: what it was opened with, and how often closed. */
export class FakeNotificationSocket {
  handlers: RealtimeHandlers | null = null;
  /** How many sockets the page opened (the session cookie authenticates each). */
  opened = 0;
  closed = 0;
  connect = (handlers: RealtimeHandlers) => {
    this.opened += 1;
    this.handlers = handlers;
    return () => {
      this.closed += 1;
      this.handlers = null;
    };
  };
  async say(fn: (h: RealtimeHandlers) => void) {
    await act(async () => {
      fn(this.handlers!);
    });
  }
}
