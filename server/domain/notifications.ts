import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationItem } from '../../src/services/schemas.ts';
import type { Db } from '../db/connect.ts';
import { notifications } from '../db/schema.ts';
import type { Realtime } from '../events/realtime.ts';

type Row = typeof notifications.$inferSelect;

const toItem = (row: Row): NotificationItem => ({
  id: row.id,
  subject: row.subject,
  message: row.message,
  is_read: row.readAt != null,
  data: { created_at: row.createdAt.toISOString(), work_order_code: row.workOrderCode },
  step_data: { icon: row.icon },
});

export async function listNotifications(db: Db, userId: number, limit = 50) {
  const rows = await db.select().from(notifications).where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(limit);
  const [{ unread }] = await db.select({ unread: sql<number>`count(*)::int` }).from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return { items: rows.map(toItem), unread };
}

/** Marks one of the caller's own notifications read; another user's id matches nothing. */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db.select({ id: notifications.id }).from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  if (rows.length === 0) return false;
  await db.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, now())` }).where(eq(notifications.id, id));
  return true;
}

export async function findByWorkOrder(db: Db, userId: number, code: string) {
  const [row] = await db.select().from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.workOrderCode, code)))
    .orderBy(desc(notifications.createdAt)).limit(1);
  return row ? toItem(row) : null;
}

/** Stores a notification and pushes it live as a 'work-order' event. */
export async function notify(
  db: Db, realtime: Realtime,
  input: { userId: number; subject: string; message: string; workOrderCode: string; icon?: string },
): Promise<NotificationItem> {
  const [row] = await db.insert(notifications).values({ ...input, icon: input.icon ?? 'wrench' }).returning();
  const item = toItem(row);
  realtime.emitToUser(input.userId, 'work-order', item);
  return item;
}
