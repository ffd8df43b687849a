import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AuditChainVerdict } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';

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

/**
 * Walks the whole log in id order, page by page, recomputing each row's hash and checking it names
 * the row before (the first row names none). The first row where either fails is the first broken
 * one; the walk goes on to the end only to count the rows and find the head.
 */
export async function verifyAuditChain(db: Db, pageSize = VERIFY_PAGE_SIZE): Promise<AuditChainVerdict> {
  let rows = 0;
  let previous: string | null = null;
  let firstBroken: number | null = null;
  let afterId: string | null = null;
  for (;;) {
    const batch = await page(db, afterId, pageSize);
    for (const row of batch) {
      if (firstBroken == null && (row.prev_hash !== previous || rowHash(row) !== row.hash))
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
