/**
 * Work orders (issue 14): a notification telling the users who can act on an item that it waits
 * for them. Written in the same transaction as the event that causes it (an outbox), published
 * after commit, shared across API nodes by the socket.io PostgreSQL adapter, and resolved on every
 * copy by the decision that settles the item.
 */
import * as v from 'valibot';

/** A new work order for this user. Payload: NotificationItem. */
export const WORK_ORDER_EVENT = 'work-order';
/** A work order of this user changed (resolved, or read on another tab or node). Payload: NotificationItem. */
export const WORK_ORDER_CHANGED_EVENT = 'work-order-changed';
/** All of this user's work orders were marked read. Payload: { unread: 0 }. */
export const WORK_ORDERS_READ_EVENT = 'work-orders-read';

export const WORK_ORDER_STATUSES = ['OPEN', 'RESOLVED'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** What a work order is about. */
export const WORK_ORDER_KINDS = [
  'withdrawal',
  'disbursement',
  'callback',
  'reconciliation',
  'settlement',
  'approval',
  // A sign-in with a recovery code, told to every SUPER ADMIN (issue 44): ref is the user's id.
  'recovery_code',
] as const;
export type WorkOrderKind = (typeof WORK_ORDER_KINDS)[number];

/**
 * The item a work order names: its kind and reference (a withdrawal's or disbursement's uuid, a
 * pay-in's correlation id, a settlement run's id, an upload's audit id), its client and amount
 * where it has them, and for a withdrawal its kind (a withdrawal or a transfer to disburse).
 */
export const WorkOrderItem = v.strictObject({
  kind: v.picklist(WORK_ORDER_KINDS),
  ref: v.string(),
  client_id: v.nullable(v.number()),
  client_name: v.nullable(v.string()),
  amount: v.nullable(v.number()),
  withdrawal_kind: v.optional(v.picklist(['withdrawal', 'transfer_to_disburse'])),
});
export type WorkOrderItem = v.InferOutput<typeof WorkOrderItem>;

export const WorkOrderData = v.strictObject({
  created_at: v.string(),
  work_order_code: v.string(),
  status: v.picklist(WORK_ORDER_STATUSES),
  resolved_at: v.nullable(v.string()),
  item: v.nullable(WorkOrderItem),
});
export type WorkOrderData = v.InferOutput<typeof WorkOrderData>;

/**
 * A notification as the API and the socket send it: a work order for this user. It lives here, not
 * in schemas.ts, so the two files do not import each other.
 */
export const NotificationItem = v.strictObject({
  id: v.number(),
  subject: v.string(),
  message: v.string(),
  is_read: v.boolean(),
  data: WorkOrderData,
  step_data: v.strictObject({ icon: v.string() }),
});
export type NotificationItem = v.InferOutput<typeof NotificationItem>;

/**
 * What the bell counts: a work order this user has not read that still waits for someone. One
 * resolved (anywhere, by anyone) no longer counts, read or not; the server's count is the same
 * rule in SQL (listNotifications).
 */
export const countsAsUnread = (n: Pick<NotificationItem, 'is_read' | 'data'>) => !n.is_read && n.data.status === 'OPEN';

/**
 * GET /api/v1/notification answers data: { items, unread } (the newest 50, and the count of every
 * unread OPEN one). A RESOLVED item's message says what happened ('Rejected by …').
 */
export const NotificationList = v.strictObject({ items: v.array(NotificationItem), unread: v.number() });
export type NotificationList = v.InferOutput<typeof NotificationList>;

/**
 * Issue 45: what waits for a decision, per work order kind: the item's statuses in which its work
 * order stays OPEN (the decision that moves the item on resolves it in the same transaction). The
 * bell counts these work orders and the Overview counts these records, from this one list, so the
 * two agree: a disbursement waits as PENDING_REQUEST and as PENDING (both take Finalize/Reject).
 */
export const WAITING_STATUSES = {
  withdrawal: ['PENDING'],
  disbursement: ['PENDING_REQUEST', 'PENDING'],
  approval: ['PENDING_APPROVAL'],
} as const satisfies Partial<Record<WorkOrderKind, readonly string[]>>;

/** A list's status filter value meaning every waiting status of its kind (the Disbursement List's takes one value). */
export const WAITING = 'WAITING';
