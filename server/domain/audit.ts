import type { Db } from '../db/connect.ts';
import { auditLog } from '../db/schema.ts';

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

/** Appends one line to the append-only audit log; pass the transaction so it commits with the change. */
export async function audit(db: Db, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorUserId: entry.actorUserId ?? null,
    actorEmail: entry.actorEmail ?? null,
    action: entry.action,
    objectType: entry.objectType ?? null,
    objectId: entry.objectId == null ? null : String(entry.objectId),
    outcome: entry.outcome,
    ip: entry.ip ?? null,
    detail: entry.detail ?? null,
  });
}

/** The audit line of what `actor` did from `origin`: who and from where, said once. */
export const auditBy = (
  db: Db,
  actor: { id: number; email: string },
  origin: { ip?: string | null },
  entry: Omit<AuditEntry, 'actorUserId' | 'actorEmail' | 'ip'>,
): Promise<void> => audit(db, { ...entry, actorUserId: actor.id, actorEmail: actor.email, ip: origin.ip });
