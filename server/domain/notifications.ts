import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { NotificationItem } from '../../src/services/workOrders.ts';
import type { Language } from '../../src/i18n/language.ts';
import type { Db } from '../db/connect.ts';
import { translatorFor } from './translations.ts';
import { notifications, outbox } from '../db/schema.ts';

type Row = typeof notifications.$inferSelect;

/** Once resolved, a work order says what happened instead of what it asked for. */
export const toItem = (row: Row): NotificationItem => ({
  id: row.id,
  subject: row.subject,
  message: row.status === 'RESOLVED' && row.outcome ? row.outcome : row.message,
  is_read: row.readAt != null,
  data: {
    created_at: new Date(row.createdAt).toISOString(),
    work_order_code: row.workOrderCode,
    status: row.status,
    resolved_at: row.resolvedAt ? new Date(row.resolvedAt).toISOString() : null,
    item: row.item ?? null,
  },
  step_data: { icon: row.icon },
});

/**
 * A work order in its reader's language (issue 48): its title and text are written in English (declared with msg())
 * and kept so; each reader reads them in theirs, on the bell's list and as they are pushed.
 */
export function itemInLanguage(item: NotificationItem, language: Language): NotificationItem {
  if (language === 'en') return item;
  const say = translatorFor(language);
  return { ...item, subject: say(item.subject), message: say(item.message) };
}

/**
 * The newest items and the badge's count: unread OPEN work orders only (countsAsUnread in
 * src/services/workOrders.ts), since a resolved one no longer needs anyone.
 */
export async function listNotifications(db: Db, userId: number, limit = 50) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
  const [{ unread }] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), eq(notifications.status, 'OPEN')));
  return { items: rows.map(toItem), unread: Number(unread) };
}

/**
 * Marks one of the caller's own notifications read (another user's id matches nothing) and queues
 * the change for the user's other sockets, on any node; false when there is no such notification.
 */
export async function markRead(db: Db, userId: number, id: number): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const rows = await tx
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
      .returning({ id: notifications.id });
    if (rows.length === 0) return false;
    await tx.insert(outbox).values({ event: 'work-order-changed', notificationId: id });
    return true;
  });
}

/** Marks every notification of the caller read; answers how many were unread. */
export async function markAllRead(db: Db, userId: number): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function findByWorkOrder(db: Db, userId: number, code: string) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.workOrderCode, code)))
    .orderBy(desc(notifications.createdAt))
    .limit(1);
  return row ? toItem(row) : null;
}
