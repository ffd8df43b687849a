import { io, type Socket } from 'socket.io-client';
import type { NotificationItem } from './schemas';

export interface RealtimeHandlers {
  onWorkOrder(item: NotificationItem): void;
  /** The server ended this session (logout elsewhere, two-factor reset, deactivation, expiry). */
  onSessionEnded(): void;
  /** An admin changed this user's role or clients: menus and allowed paths are to be read again. */
  onAccessChanged(): void;
}

/** Live 'work-order' notifications on the API's own origin, authenticated by the session token. */
export function connectNotifications(token: string, handlers: RealtimeHandlers): () => void {
  const socket: Socket = io({ auth: { token }, transports: ['websocket'] });
  socket.on('work-order', handlers.onWorkOrder);
  socket.on('access-changed', handlers.onAccessChanged);
  socket.on('disconnect', (reason) => { if (reason === 'io server disconnect') handlers.onSessionEnded(); });
  socket.on('connect_error', (error) => { if (error.message === 'unauthorized') handlers.onSessionEnded(); });
  return () => { socket.close(); };
}
