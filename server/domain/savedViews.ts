import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  ListColumnsBody,
  ListColumnsQuery,
  MAX_VIEWS_PER_LIST,
  SavedViewBody,
  SavedViewParams,
  SavedViewsQuery,
  type ListColumns,
  type SavedView,
} from '../../src/services/savedViewRules.ts';
import type { Db } from '../db/connect.ts';
import { listColumns, savedViews } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { notFound, ruleBroken } from './errors.ts';
import { parseInput } from './input.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Issue 29: a person's saved views and column choice of a list. Every call acts on the caller's own
 * rows only (the route is CALLERS_OWN): no query here reads or writes another user's.
 */

type Row = typeof savedViews.$inferSelect;

const toView = (row: Row): SavedView => ({
  id: row.id,
  list: row.list,
  name: row.name,
  query: row.query,
  columns: row.columns ?? null,
  is_default: row.isDefault,
  created_at: new Date(row.createdAt).toISOString(),
});

const TOO_MANY = msg(
  { defaultMessage: 'You can keep at most {count} views of a list. Delete one first.', id: 'w8QMbF' },
  { count: MAX_VIEWS_PER_LIST },
);

/** The caller's views of a list, by name (the order the list's menu shows them). */
export async function listSavedViews(db: Db, userId: number, query: unknown): Promise<SavedView[]> {
  const { list } = parseInput(SavedViewsQuery, query);
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, userId), eq(savedViews.list, list)))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
  return rows.map(toView);
}

/**
 * Saves a view. A name the caller already uses in that list is replaced in place (same id, the
 * view's filters and columns updated), as 'Save' over an existing name means in any file dialog;
 * `replaced` says so. A default clears the list's previous default in the same transaction.
 *
 * Saves of one user queue on an advisory lock: the default switch (clear, then set) and the count
 * against MAX_VIEWS_PER_LIST are read-then-write, and two at once would otherwise both pass the
 * count, or both set a default and one fail on the one-default index.
 */
export async function saveView(db: Db, userId: number, body: unknown): Promise<{ view: SavedView; replaced: boolean }> {
  const input = parseInput(SavedViewBody, body);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('saved_views'), ${userId}::int)`);
    const mine = and(eq(savedViews.userId, userId), eq(savedViews.list, input.list));
    const [existing] = await tx
      .select({ id: savedViews.id })
      .from(savedViews)
      .where(and(mine, eq(savedViews.name, input.name)));
    if (!existing) {
      const [{ n }] = await tx.select({ n: count() }).from(savedViews).where(mine);
      if (Number(n) >= MAX_VIEWS_PER_LIST) throw ruleBroken(TOO_MANY);
    }
    if (input.is_default) {
      await tx
        .update(savedViews)
        .set({ isDefault: false })
        .where(and(mine, eq(savedViews.isDefault, true)));
    }
    const values = { query: input.query, columns: input.columns, isDefault: input.is_default };
    const [row] = existing
      ? await tx.update(savedViews).set(values).where(eq(savedViews.id, existing.id)).returning()
      : await tx
          .insert(savedViews)
          .values({ userId, list: input.list, name: input.name, ...values })
          .returning();
    return { view: toView(row), replaced: Boolean(existing) };
  });
}

/** Deletes one of the caller's views. Another user's id is 'not found' like an unknown one: ids do not leak. */
export async function deleteSavedView(db: Db, userId: number, params: unknown): Promise<void> {
  const { id } = parseInput(SavedViewParams, params);
  const deleted = await db
    .delete(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)))
    .returning({ id: savedViews.id });
  if (deleted.length === 0) throw notFound(msg({ defaultMessage: 'Saved view not found', id: '6NsHlW' }));
}

/** The caller's shown columns of a list, in order; null when they never chose (the table's own). */
export async function getListColumns(db: Db, userId: number, query: unknown): Promise<ListColumns> {
  const { list } = parseInput(ListColumnsQuery, query);
  const [row] = await db
    .select({ columns: listColumns.columns })
    .from(listColumns)
    .where(and(eq(listColumns.userId, userId), eq(listColumns.list, list)));
  return { list, columns: row?.columns ?? null };
}

/** Keeps the caller's shown columns of a list; the last save wins, on every device. */
export async function putListColumns(db: Db, userId: number, body: unknown): Promise<ListColumns> {
  const { list, columns } = parseInput(ListColumnsBody, body);
  await db
    .insert(listColumns)
    .values({ userId, list, columns })
    .onConflictDoUpdate({
      target: [listColumns.userId, listColumns.list],
      set: { columns, updatedAt: sql`now()` },
    });
  return { list, columns };
}
