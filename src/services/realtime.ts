import { io, type Socket } from 'socket.io-client';
import { BALANCE_CHANGED_EVENT, type BalanceChanged } from './disbursementAccountRules';
import {
  WORK_ORDER_CHANGED_EVENT,
  WORK_ORDER_EVENT,
  WORK_ORDERS_READ_EVENT,
  type NotificationItem,
} from './workOrders';
import { SETTLEMENT_PROGRESS_EVENT, type SettlementRun } from './settlementRules';
import { APPROVAL_CHANGED_EVENT, type ApprovalChanged } from './approvalRules';
import { CALLBACK_CHANGED_EVENT, type CallbackChanged } from './callbackRules';

export interface RealtimeHandlers {
  onWorkOrder(item: NotificationItem): void;
  /** One of this user's work orders was resolved or read (on any node, in any tab). */
  onWorkOrderChanged(item: NotificationItem): void;
  /** Every work order of this user was marked read. */
  onWorkOrdersRead(): void;
  /** The socket connected again after a drop: whatever was pushed meanwhile was missed, so the list is read again. */
  onReconnected(): void;
  /** The server ended this session (logout elsewhere, two-factor reset, deactivation, expiry). */
  onSessionEnded(): void;
  /** An admin changed this user's role or clients: menus and allowed paths are to be read again. */
  onAccessChanged(): void;
}

/**
 * Live 'work-order' notifications on the API's own origin. Every socket here is authenticated by the
 * session cookie, which the browser sends with the handshake by itself (the server checks its Origin).
 */
export function connectNotifications(handlers: RealtimeHandlers): () => void {
  const socket: Socket = io({ transports: ['websocket'] });
  socket.on(WORK_ORDER_EVENT, handlers.onWorkOrder);
  socket.on(WORK_ORDER_CHANGED_EVENT, handlers.onWorkOrderChanged);
  socket.on(WORK_ORDERS_READ_EVENT, handlers.onWorkOrdersRead);
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) handlers.onReconnected();
    connectedBefore = true;
  });
  socket.on('access-changed', handlers.onAccessChanged);
  socket.on('disconnect', (reason) => {
    if (reason === 'io server disconnect') handlers.onSessionEnded();
  });
  socket.on('connect_error', (error) => {
    if (error.message === 'unauthorized') handlers.onSessionEnded();
  });
  return () => {
    socket.close();
  };
}

/**
 * 'balance-changed' for the clients this user may see, on its own socket so a page can stop
 * listening when it closes. Ending the session is the notifications socket's job, not this one's.
 */
export function watchBalances(onChanged: (change: BalanceChanged) => void): () => void {
  const socket: Socket = io({ transports: ['websocket'] });
  socket.on(BALANCE_CHANGED_EVENT, onChanged);
  return () => {
    socket.close();
  };
}

/**
 * 'callback-changed' (issue 47) for the clients this user may see, on the Callbacks page's own socket.
 * `onConnected` is called each time the socket (re)connects: a change pushed meanwhile never arrives, so the
 * watcher reads again there.
 */
export function watchCallbacks(onChanged: (change: CallbackChanged) => void, onConnected?: () => void): () => void {
  const socket: Socket = io({ transports: ['websocket'] });
  socket.on(CALLBACK_CHANGED_EVENT, onChanged);
  if (onConnected) socket.on('connect', onConnected);
  return () => {
    socket.close();
  };
}

/**
 * 'settlement-progress' (SUPER ADMIN sockets only): a run after each committed batch and when it ends.
 * `onConnected` is called each time the socket (re)connects: what was emitted before then (while
 * connecting, or while the connection was lost) never arrives, so a watcher reads the run again there.
 */
export function watchSettlements(onProgress: (run: SettlementRun) => void, onConnected?: () => void): () => void {
  const socket: Socket = io({ transports: ['websocket'] });
  socket.on(SETTLEMENT_PROGRESS_EVENT, onProgress);
  if (onConnected) socket.on('connect', onConnected);
  return () => {
    socket.close();
  };
}

/**
 * 'work-order-changed' for this user, on its own socket so a page (the work order detail) can stop
 * listening when it closes. `onConnected` is called each time the socket (re)connects: a change
 * pushed before then never arrives, so the watcher reads the work order again there. Ending the
 * session is the notifications socket's job, not this one's.
 */
export function watchWorkOrders(onChanged: (item: NotificationItem) => void, onConnected: () => void): () => void {
  const socket: Socket = io({ transports: ['websocket'] });
  socket.on(WORK_ORDER_CHANGED_EVENT, onChanged);
  socket.on('connect', onConnected);
  return () => {
    socket.close();
  };
}

/**
 * 'approval-changed' (SUPER ADMIN sockets only): a request for approval was made or decided, on its
 * own socket so the Approvals page can stop listening when it closes. `onConnected` is called each
 * time the socket (re)connects: a change emitted meanwhile never arrives, so the watcher reads again.
 */
export function watchApprovals(onChanged: (change: ApprovalChanged) => void, onConnected?: () => void): () => void {
  const socket: Socket = io({ transports: ['websocket'] });
  socket.on(APPROVAL_CHANGED_EVENT, onChanged);
  if (onConnected) socket.on('connect', onConnected);
  return () => {
    socket.close();
  };
}

/**
 * Issue 29: what the lists hear, on one socket for the Overview, whose figures sum them all: money
 * moved (pay-ins finalized or settled, disbursements, withdrawals, adjustments: 'balance-changed'),
 * approvals made or decided, settlement progress, and work orders (a failed callback opens one). The
 * server already sends each only to those who may see it. A reconnection also counts as a change:
 * whatever was pushed while the socket was away never arrives.
 */
const OVERVIEW_EVENTS = [
  BALANCE_CHANGED_EVENT,
  APPROVAL_CHANGED_EVENT,
  SETTLEMENT_PROGRESS_EVENT,
  WORK_ORDER_EVENT,
  WORK_ORDER_CHANGED_EVENT,
] as const;

export function watchOverview(onChanged: () => void): () => void {
  const socket: Socket = io({ transports: ['websocket'] });
  for (const event of OVERVIEW_EVENTS) socket.on(event, () => onChanged());
  let connectedBefore = false;
  socket.on('connect', () => {
    if (connectedBefore) onChanged();
    connectedBefore = true;
  });
  return () => {
    socket.close();
  };
}
