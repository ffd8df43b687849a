import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { audit, type AuditEntry } from './audit.ts';

/**
 * The items of a bulk line (issue 43, migration 0026): each record one action moved in bulk, kept
 * beside its audit line so that a search by the record's id finds the line, and covered by the
 * chain through a digest in the line's detail.
 */

/** What the chained line says of its items: how many, and the SHA-256 of them in position order. */
export interface ItemsSeal {
  count: number;
  digest: string;
}

/** One item as the digest takes it: both fields as JSON strings (the chain's own field form), then a newline. */
export const itemLine = (objectType: string, objectId: string): string =>
  `${JSON.stringify(objectType)},${JSON.stringify(objectId)}\n`;

/** The digest of items in order, computed in Node (audit:verify's side of migration 0026). */
export function itemsDigest(items: Iterable<{ object_type: string; object_id: string }>): string {
  const hash = createHash('sha256');
  for (const item of items) hash.update(itemLine(item.object_type, item.object_id), 'utf8');
  return hash.digest('hex');
}

/** The SQL side of itemLine, over a row of (object_type, object_id). */
const ITEM_LINE = sql`audit_log_field(i.object_type) || ',' || audit_log_field(i.object_id) || E'\\n'`;

/**
 * Writes `entry` with the records `items` selects (a query of `object_type, object_id` text
 * columns) as its items, inside the caller's transaction: the items are numbered in id order, their
 * count and digest go into the line's detail (so the chain covers them), then the items are written
 * under the line's id. Answers the line's id.
 */
export async function auditWithItems(tx: Db, entry: AuditEntry, items: SQL): Promise<number> {
  await tx.execute(sql`
    create temp table audit_items_new on commit drop as
    select (row_number() over (order by i.object_type, i.object_id collate "C"))::int as position,
      i.object_type::text as object_type, i.object_id::text as object_id
    from (${items}) i`);
  const {
    rows: [seal],
  } = await tx.execute<{ count: number; digest: string }>(sql`
    select count(*)::int as count,
      encode(sha256(convert_to(coalesce(string_agg(${ITEM_LINE}, '' order by i.position), ''), 'UTF8')), 'hex')
        as digest
    from audit_items_new i`);
  const id = await audit(tx, {
    ...entry,
    detail: { ...entry.detail, items: { count: Number(seal.count), digest: seal.digest } satisfies ItemsSeal },
  });
  await tx.execute(sql`
    insert into audit_items (audit_id, position, object_type, object_id)
    select ${id}, position, object_type, object_id from audit_items_new`);
  await tx.execute(sql`drop table audit_items_new`);
  return id;
}

/** The seal a line's detail names, or null for a line without items. */
export function sealOf(detail: unknown): ItemsSeal | null {
  const items = (detail as { items?: unknown } | null)?.items as Partial<ItemsSeal> | undefined;
  return items && typeof items.count === 'number' && typeof items.digest === 'string'
    ? { count: items.count, digest: items.digest }
    : null;
}

/** Rows per read when the items are walked whole (verify, export): memory stays flat. */
export const ITEMS_PAGE = 5_000;

/** The items of one line in position order, `limit` after position `after`. */
export async function itemsAfter(
  db: Db,
  auditId: number,
  after: number,
  limit: number,
): Promise<Array<{ position: number; object_type: string; object_id: string }>> {
  const { rows } = await db.execute<{ position: number; object_type: string; object_id: string }>(sql`
    select position, object_type, object_id from audit_items
    where audit_id = ${auditId} and position > ${after} order by position limit ${limit}`);
  return rows.map((r) => ({ ...r, position: Number(r.position) }));
}

/** Every item of a line, page by page, in position order. */
export async function* allItems(
  db: Db,
  auditId: number,
): AsyncGenerator<Array<{ position: number; object_type: string; object_id: string }>> {
  let after = 0;
  for (;;) {
    const batch = await itemsAfter(db, auditId, after, ITEMS_PAGE);
    if (batch.length) yield batch;
    if (batch.length < ITEMS_PAGE) return;
    after = batch[batch.length - 1].position;
  }
}

/** Whether a line's stored items still match its seal: their count and the digest recomputed in Node. */
export async function itemsMatchSeal(db: Db, auditId: number, seal: ItemsSeal): Promise<boolean> {
  const hash = createHash('sha256');
  let count = 0;
  let expected = 1;
  for await (const batch of allItems(db, auditId)) {
    for (const item of batch) {
      // A gap or a repeat in the positions is an edit too.
      if (item.position !== expected++) return false;
      hash.update(itemLine(item.object_type, item.object_id), 'utf8');
    }
    count += batch.length;
  }
  return count === seal.count && hash.digest('hex') === seal.digest;
}

/** Items from ids known in Node (a void upload's rows): one JSON parameter, however many. */
export const itemsOfIds = (objectType: string, ids: readonly string[]): SQL =>
  sql`select ${objectType}::text as object_type, x.id as object_id
    from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) as x(id)`;
