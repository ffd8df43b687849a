import { io, type Socket } from 'socket.io-client';
import type { NotificationItem } from './schemas';

/** Live 'work-order' notifications on the API's own origin, authenticated by the session token. */
export function connectNotifications(token: string, onWorkOrder: (item: NotificationItem) => void): () => void {
  const socket: Socket = io({ auth: { token }, transports: ['websocket'] });
  socket.on('work-order', onWorkOrder);
  return () => { socket.close(); };
}
