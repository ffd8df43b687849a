import { sql, type SQL } from 'drizzle-orm';
import { approvalCode, parseCode, settlementRunCode, shortCode } from '../../src/services/objectCodes.ts';
import type { Db } from '../db/connect.ts';

/**
 * The audit log's objects as people know them (issue 26): which objects a typed identifier names,
 * and each logged object's human id. Both go through the entities' own unique indexes, so a search
 * for 'DSB26112500000037' reads a few index entries instead of scanning the log's JSON.
 */

/** The objects a search names: (object_type, object_id) as the log writes them, and users (also as actors). */
export interface NamedObjects {
  objects: Array<{ type: string; id: string }>;
  userIds: number[];
}

const list = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/** Looks the text up as a correlation id, uuid, e-mail or short code (WD-, DSB-, APR-, STL-). */
export async function objectsNamed(db: Db, text: string): Promise<NamedObjects> {
  const t = text.trim();
  const code = parseCode(t);
  const lookups: SQL[] = [
    // Pay-ins and disbursements are logged by uuid or by correlation_id: both name them.
    sql`select 'transaction' as type, x.id from transactions t, lateral (values (t.uuid), (t.correlation_id)) x(id)
        where t.correlation_id in (${t}, ${t.toUpperCase()}) or t.uuid = ${t.toLowerCase()}`,
    sql`select 'disbursement', x.id from disbursements d, lateral (values (d.uuid), (d.correlation_id)) x(id)
        where d.correlation_id in (${t}, ${t.toUpperCase()}) or d.uuid = ${t.toLowerCase()}`,
    sql`select 'withdrawal', w.uuid from withdrawals w where w.uuid = ${t.toLowerCase()}`,
    sql`select 'user', u.id::text from users u where lower(u.email) = ${t.toLowerCase()}`,
  ];
  // The uuid prefixes use the text_pattern_ops indexes of migration 0019.
  if (code?.kind === 'withdrawal')
    lookups.push(sql`select 'withdrawal', w.uuid from withdrawals w where w.uuid like ${`${code.uuidPrefix}%`}`);
  if (code?.kind === 'disbursement') {
    lookups.push(
      sql`select 'disbursement', x.id from disbursements d, lateral (values (d.uuid), (d.correlation_id)) x(id)
        where d.uuid like ${`${code.uuidPrefix}%`}`,
    );
  }
  if (code?.kind === 'approval')
    lookups.push(sql`select 'approval', a.id::text from approval_requests a where a.id = ${code.id}`);
  if (code?.kind === 'settlement_run')
    lookups.push(sql`select 'settlement_run', s.id::text from settlement_runs s where s.id = ${code.id}`);
  const { rows } = await db.execute<{ type: string; id: string }>(sql.join(lookups, sql` union `));
  return {
    objects: rows.map((r) => ({ type: r.type, id: r.id })),
    userIds: rows.filter((r) => r.type === 'user').map((r) => Number(r.id)),
  };
}

/** The log lines of the named objects (their own and the bulk lines that moved them), and those the named users wrote (all by index). */
export function namedWhere(named: NamedObjects): SQL {
  const byType = new Map<string, string[]>();
  for (const o of named.objects) byType.set(o.type, [...(byType.get(o.type) ?? []), o.id]);
  const parts = [...byType].flatMap(([type, ids]) => [
    sql`(audit_log.object_type = ${type} and audit_log.object_id in (${list(ids)}))`,
    // The bulk lines that moved the record (issue 43), by the items' index.
    sql`audit_log.id in (select i.audit_id from audit_items i where i.object_id in (${list(ids)})
      and i.object_type = ${type})`,
  ]);
  if (named.userIds.length) parts.push(sql`audit_log.actor_user_id in (${list(named.userIds)})`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

interface Logged {
  object_type: string | null;
  object_id: string | null;
}

/** Human ids by type, for the ids that type's rows name. */
const LABELLERS: Record<string, (db: Db, ids: string[]) => Promise<Map<string, string>>> = {
  disbursement: (db, ids) => correlationIds(db, 'disbursements', ids),
  transaction: (db, ids) => correlationIds(db, 'transactions', ids),
  withdrawal: async (_db, ids) => new Map(ids.map((id) => [id, shortCode('WD', id)])),
  approval: async (_db, ids) => new Map(ids.map((id) => [id, approvalCode(id)])),
  settlement_run: async (_db, ids) => new Map(ids.map((id) => [id, settlementRunCode(id)])),
  user: (db, ids) => byIntegerId(db, sql`select id::text as id, email as label from users`, ids),
  role: (db, ids) => byIntegerId(db, sql`select id::text as id, name as label from roles`, ids),
  client: (db, ids) => byIntegerId(db, sql`select id::text as id, client_name as label from clients`, ids),
};

async function correlationIds(
  db: Db,
  table: 'disbursements' | 'transactions',
  ids: string[],
): Promise<Map<string, string>> {
  const { rows } = await db.execute<{ uuid: string; correlation_id: string }>(sql`
    select uuid, correlation_id from ${sql.identifier(table)} where uuid in (${list(ids)})
      or correlation_id in (${list(ids)})`);
  return new Map(
    rows.flatMap(
      (r) =>
        [
          [r.uuid, r.correlation_id],
          [r.correlation_id, r.correlation_id],
        ] as const,
    ),
  );
}

async function byIntegerId(db: Db, select: SQL, ids: string[]): Promise<Map<string, string>> {
  const numeric = ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
  if (!numeric.length) return new Map();
  const { rows } = await db.execute<{ id: string; label: string }>(sql`${select} where id in (${list(numeric)})`);
  return new Map(rows.map((r) => [r.id, r.label]));
}

/** Each row's human id (null when its object has none or is gone), one query per type in the batch. */
export async function objectLabels(db: Db, rows: readonly Logged[]): Promise<Array<string | null>> {
  const byType = new Map<string, Set<string>>();
  for (const r of rows) {
    if (r.object_type && r.object_id && Object.hasOwn(LABELLERS, r.object_type))
      byType.set(r.object_type, (byType.get(r.object_type) ?? new Set()).add(r.object_id));
  }
  const labels = new Map<string, Map<string, string>>();
  await Promise.all(
    [...byType].map(async ([type, ids]) => {
      labels.set(type, await LABELLERS[type](db, [...ids]));
    }),
  );
  return rows.map((r) => (r.object_type && r.object_id ? (labels.get(r.object_type)?.get(r.object_id) ?? null) : null));
}
