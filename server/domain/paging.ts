import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/connect.ts';
import type { PageMeta } from '../../src/services/paging.ts';

/** Paged lists' `meta`: page n of at least one, however few the rows. */
export const pageMeta = (page: number, limit: number, total: number): PageMeta => ({
  current_page: page,
  last_page: Math.max(1, Math.ceil(total / limit)),
  total,
  per_page: limit,
});

/** How many rows come before page `page` of `limit` rows. */
export const pageOffset = (page: number, limit: number) => (page - 1) * limit;

/** How many rows of `table` the filter keeps: a paged list's total. */
export async function countWhere(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return Number(total);
}

/** What a page's rows link to (a role's modules, a user's clients), in one query; an empty page asks nothing. */
export const linksOf = <L>(page: Array<{ id: number }>, fetch: (ids: number[]) => Promise<L[]>): Promise<L[]> =>
  page.length === 0 ? Promise.resolve([]) : fetch(page.map((r) => r.id));
