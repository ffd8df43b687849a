import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';

export interface AuditEntry {
  actorUserId?: number | null;
  actorEmail?: string | null;
  action: string;
  objectType?: string;
  objectId?: string | number;
  outcome: 'success' | 'failure' | 'denied';
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/**
 * The one advisory lock every audit insert takes (issue 28). A row's hash covers the previous row's,
 * so two writers must never read the same head: the lock is transaction-scoped, held until the
 * inserting transaction commits, so the next writer reads a head that is committed. The id is drawn
 * under the lock too, so id order is chain order (verify walks ids). A sequence-ordered scheme
 * (chaining after commit) would leave rows unchained for a while; writers queue here instead.
 */
export const AUDIT_CHAIN_LOCK = sql`hashtext('audit_log_chain')`;

/**
 * Appends one line to the append-only, hash-chained audit log and answers its id; pass the
 * transaction so it commits with the change (and holds the chain's lock until then). Without one
 * it runs in its own. Needs READ COMMITTED (the default): each statement after the lock sees the
 * head just committed.
 *
 * The line claims the journal entries its transaction posted since the line before (issue 43): their
 * action key (ledger_action_key, migration 0026) goes into the detail as `action_key`, under the
 * chain's hash, and is cleared, so the next entries draw a new key for the next line.
 */
export async function audit(db: Db, entry: AuditEntry): Promise<number> {
  const objectId = entry.objectId == null ? null : String(entry.objectId);
  return db.transaction(async (tx) => {
    // A key with no entry is not claimed: an insert that met its unique pair (the movement was
    // applied before) still drew one for the row it did not write.
    const {
      rows: [{ action_key: actionKey, drawn }],
    } = await tx.execute<{ action_key: string | null; drawn: boolean }>(sql`
      select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK}) as locked, k.key is not null as drawn,
        case when exists (select 1 from journal_entries e where e.action_key = k.key) then k.key end as action_key
      from (select nullif(current_setting('bo.action_key', true), '') as key) k`);
    const withKey = actionKey == null ? entry.detail : { ...entry.detail, action_key: actionKey };
    const detail = withKey == null ? null : JSON.stringify(withKey);
    // audit_log_hash (migration 0020) is the canonical serialisation that auditChain.ts verifies.
    const {
      rows: [{ id }],
    } = await tx.execute<{ id: string }>(sql`
      insert into audit_log
        (id, at, actor_user_id, actor_email, action, object_type, object_id, outcome, ip, detail, prev_hash, hash)
      select r.id, r.at, r.actor_user_id, r.actor_email, r.action, r.object_type, r.object_id, r.outcome, r.ip,
        r.detail, head.hash,
        audit_log_hash(r.id, r.at, r.actor_user_id, r.actor_email, r.action, r.object_type, r.object_id,
          r.outcome, r.ip, r.detail, head.hash)
      from (
        select nextval(pg_get_serial_sequence('audit_log', 'id')) as id, now() as at,
          ${entry.actorUserId ?? null}::integer as actor_user_id, ${entry.actorEmail ?? null}::text as actor_email,
          ${entry.action}::text as action, ${entry.objectType ?? null}::text as object_type,
          ${objectId}::text as object_id, ${entry.outcome}::text as outcome, ${entry.ip ?? null}::text as ip,
          ${detail}::jsonb as detail
      ) r
      left join lateral (select a.hash from audit_log a order by a.id desc limit 1) head on true
      returning id::text as id`);
    if (drawn) await tx.execute(sql`select set_config('bo.action_key', '', true)`);
    return Number(id);
  });
}

/** The audit line of what `actor` did from `origin`: who and from where, said once. */
export const auditBy = (
  db: Db,
  actor: { id: number; email: string },
  origin: { ip?: string | null },
  entry: Omit<AuditEntry, 'actorUserId' | 'actorEmail' | 'ip'>,
): Promise<number> => audit(db, { ...entry, actorUserId: actor.id, actorEmail: actor.email, ip: origin.ip });
