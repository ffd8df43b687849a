import { and, eq, sql } from 'drizzle-orm';
import type { RouteDef } from '../../src/services/routes.ts';
import type { WorkOrderItem, WorkOrderKind } from '../../src/services/workOrders.ts';
import type { Db } from '../db/connect.ts';
import { notifications, outbox, users, type UserType } from '../db/schema.ts';
import { userSeesClientSql } from './clientScope.ts';
import { mayCall, SUPER_ADMIN } from './grants.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Work orders (issue 14), written inside the caller's transaction: the notification rows for
 * every recipient and their outbox rows commit with the event that causes them, or not at all.
 * The outbox publisher (server/events/outboxPublisher.ts) pushes them after commit.
 */
export interface WorkOrder {
  item: WorkOrderItem;
  subject: string;
  message: string;
  /** Shown as the work order's number, and the detail page's `wo=`. */
  code: string;
  icon?: string;
  recipients: number[];
  /** When the event happened (default now): a seeded history dates its work orders with it. */
  at?: Date;
}

export async function openWorkOrder(tx: Db, order: WorkOrder): Promise<number[]> {
  const recipients = [...new Set(order.recipients)];
  if (recipients.length === 0) return [];
  const rows = await tx
    .insert(notifications)
    .values(
      recipients.map((userId) => ({
        userId,
        subject: order.subject,
        message: order.message,
        workOrderCode: order.code,
        icon: order.icon ?? 'wrench',
        item: order.item,
        itemKind: order.item.kind,
        itemRef: order.item.ref,
        ...(order.at ? { createdAt: order.at } : {}),
      })),
    )
    .returning({ id: notifications.id });
  await tx.insert(outbox).values(rows.map((r) => ({ event: 'work-order' as const, notificationId: r.id })));
  return rows.map((r) => r.id);
}

/**
 * The decision that settles an item resolves every OPEN copy of its work orders, for every
 * recipient, at once, and queues the change (each open bell drops its count live). `outcome` is
 * what happened, in words ('Rejected by superadmin@demo.local'): the resolved work order says it
 * in place of its request. Answers how many copies it resolved.
 */
export async function resolveWorkOrders(tx: Db, kind: WorkOrderKind, ref: string, outcome: string): Promise<number> {
  const rows = await tx
    .update(notifications)
    .set({ status: 'RESOLVED', resolvedAt: sql`now()`, outcome })
    .where(and(eq(notifications.itemKind, kind), eq(notifications.itemRef, ref), eq(notifications.status, 'OPEN')))
    .returning({ id: notifications.id });
  if (rows.length)
    await tx.insert(outbox).values(rows.map((r) => ({ event: 'work-order-changed' as const, notificationId: r.id })));
  return rows.length;
}

/** A person's decision in words: the verb and who took it, by the e-mail they sign in with. */
export const decidedBy = (verb: string, email: string): string => DECIDED_BY[verb]?.(email) ?? `${verb} by ${email}`;

// Each outcome with its decider as one message, so that a translation may order the words as its language does.
const DECIDED_BY: Record<string, (email: string) => string> = {
  Approved: (email) => msg({ defaultMessage: 'Approved by {email}', id: 'XyCXdq' }, { email }),
  Declined: (email) => msg({ defaultMessage: 'Declined by {email}', id: 'ngfCea' }, { email }),
  Cancelled: (email) => msg({ defaultMessage: 'Cancelled by {email}', id: 'wAlIfg' }, { email }),
  Completed: (email) => msg({ defaultMessage: 'Completed by {email}', id: 'w4N3ke' }, { email }),
  Rejected: (email) => msg({ defaultMessage: 'Rejected by {email}', id: 'qp+peI' }, { email }),
  Finalized: (email) => msg({ defaultMessage: 'Finalized by {email}', id: 'uGk/nm' }, { email }),
  Failed: (email) => msg({ defaultMessage: 'Failed by {email}', id: 'fYjAWY' }, { email }),
  Resent: (email) => msg({ defaultMessage: 'Resent by {email}', id: 'mh8gfR' }, { email }),
};

/** The same, for a decider known by id (a user since removed is named by the verb alone). */
export async function decidedByUser(tx: Db, verb: string, userId: number): Promise<string> {
  const [row] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row ? decidedBy(verb, row.email) : verb;
}

const ids = (rows: Array<{ id: number }>) => rows.map((r) => Number(r.id));

/** Every active SUPER ADMIN: who decides withdrawals, disbursements and settlements. */
export async function superAdminIds(tx: Db): Promise<number[]> {
  return ids(
    (await tx.execute<{ id: number }>(sql`select id from users where type = ${SUPER_ADMIN} and is_active order by id`))
      .rows,
  );
}

/**
 * The active users who see the client (clientScope: every client by type, else their assigned clients) and whom
 * grants() lets call `route`: who can do what a work order about the client asks. An AUDITOR sees every client but
 * is granted no call that changes anything, so a work order asking for one never reaches their bell.
 */
export async function clientUsersWhoMay(tx: Db, clientId: number, route: RouteDef): Promise<number[]> {
  const { rows } = await tx.execute<{ id: number; type: UserType; module_ids: string[] }>(sql`
    select u.id, u.type, coalesce((select json_agg(rm.module_id) from role_modules rm where rm.role_id = u.role_id),
      '[]'::json) as module_ids
    from users u
    where u.is_active and ${userSeesClientSql(clientId)}
    order by u.id`);
  return ids(rows.filter((r) => mayCall({ type: r.type, moduleIds: r.module_ids }, route)));
}
