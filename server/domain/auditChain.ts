import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditChainVerdict } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import { itemsMatchSeal, sealOf } from './auditItems.ts';

/** Rows read per keyset page: memory stays flat however long the log. */
export const VERIFY_PAGE_SIZE = 5_000;

/** One row's columns as text, the way the canonical serialisation takes them. */
export interface ChainRow {
  id: string;
  at: string;
  actor_user_id: string | null;
  actor_email: string | null;
  action: string;
  object_type: string | null;
  object_id: string | null;
  outcome: string;
  ip: string | null;
  detail: string | null;
  prev_hash: string | null;
  hash: string;
}

/**
 * The canonical serialisation (documented in migration 0020, which computes it in SQL as
 * audit_log_hash): a JSON array of each field's text as a JSON string, or null, without spaces.
 * JSON.stringify escapes a string as PostgreSQL's to_json does, so the two agree byte for byte.
 * `at` is read as audit_log_time prints it (migration 0025), the text the SQL hash takes too.
 */
export const canonicalRow = (r: Omit<ChainRow, 'hash'>): string =>
  `[${[
    r.id,
    r.at,
    r.actor_user_id,
    r.actor_email,
    r.action,
    r.object_type,
    r.object_id,
    r.outcome,
    r.ip,
    r.detail,
    r.prev_hash,
  ]
    .map((field) => (field == null ? 'null' : JSON.stringify(field)))
    .join(',')}]`;

export const rowHash = (r: Omit<ChainRow, 'hash'>): string =>
  createHash('sha256').update(canonicalRow(r), 'utf8').digest('hex');

/** The rows after `afterId` in id order, every column as the text the hash was taken over. */
const page = async (db: Db, afterId: string | null, limit: number): Promise<ChainRow[]> => {
  const res = await db.execute<ChainRow & Record<string, unknown>>(sql`
    select id::text as id, audit_log_time(at) as at,
      actor_user_id::text as actor_user_id, actor_email, action, object_type, object_id, outcome, ip,
      detail::text as detail, prev_hash, hash
    from audit_log
    where ${afterId == null ? sql`true` : sql`audit_log.id > ${afterId}::bigint`}
    -- The column, not the text alias of the same name: '10' sorts before '9'.
    order by audit_log.id
    limit ${limit}`);
  return res.rows;
};

/** How many items each line of the page has (issue 43): lines without items are absent. */
async function itemCountsOf(db: Db, batch: ChainRow[]): Promise<Map<string, number>> {
  if (!batch.length) return new Map();
  const { rows } = await db.execute<{ audit_id: string; n: number }>(sql`
    select audit_id::text as audit_id, count(*)::int as n from audit_items
    where audit_id between ${batch[0].id}::bigint and ${batch[batch.length - 1].id}::bigint group by audit_id`);
  return new Map(rows.map((r) => [r.audit_id, Number(r.n)]));
}

/**
 * A line's items agree with its chained seal: a line that names none has none, and a line that
 * names some has exactly those, in order (their digest recomputed here).
 */
async function itemsHold(db: Db, row: ChainRow, itemCounts: Map<string, number>): Promise<boolean> {
  // Parsing only what can hold a seal keeps a walk of a million plain lines cheap.
  const seal = row.detail?.includes('"items"') ? sealOf(JSON.parse(row.detail)) : null;
  const stored = itemCounts.get(row.id) ?? 0;
  if (!seal) return stored === 0;
  return stored === seal.count && itemsMatchSeal(db, Number(row.id), seal);
}

/**
 * Walks the whole log in id order, page by page, recomputing each row's hash and checking it names
 * the row before (the first row names none), and a bulk line's items against its seal. The first row where either fails is the first broken
 * one; the walk goes on to the end only to count the rows and find the head.
 */
export async function verifyAuditChain(db: Db, pageSize = VERIFY_PAGE_SIZE): Promise<AuditChainVerdict> {
  let rows = 0;
  let previous: string | null = null;
  let firstBroken: number | null = null;
  let afterId: string | null = null;
  for (;;) {
    const batch = await page(db, afterId, pageSize);
    const itemCounts = firstBroken == null ? await itemCountsOf(db, batch) : new Map<string, number>();
    for (const row of batch) {
      if (
        firstBroken == null &&
        (row.prev_hash !== previous || rowHash(row) !== row.hash || !(await itemsHold(db, row, itemCounts)))
      )
        firstBroken = Number(row.id);
      previous = row.hash;
    }
    rows += batch.length;
    if (batch.length < pageSize) break;
    afterId = batch[batch.length - 1].id;
  }
  return { valid: firstBroken == null, rows, head: previous, first_broken_id: firstBroken };
}

/** The newest row's id and hash (null on an empty log): what an export says it was taken up to. */
export async function auditChainHead(db: Db): Promise<{ id: number; hash: string } | null> {
  const res = await db.execute<{ id: string; hash: string }>(
    sql`select id::text as id, hash from audit_log order by audit_log.id desc limit 1`,
  );
  const head = res.rows[0];
  return head ? { id: Number(head.id), hash: head.hash } : null;
}
