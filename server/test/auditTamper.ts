import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { auditLog } from '../db/schema.ts';

/**
 * Every column of audit_log in the schema's order: tests that walk these cover a column added to
 * the schema later without being edited.
 */
export const auditColumns = Object.values(getTableColumns(auditLog));
export type AuditColumn = (typeof auditColumns)[number];

/** How a test edits a column, by its Drizzle type. */
export type ColumnKind = 'key' | 'integer' | 'text' | 'timestamp' | 'jsonb';
const KINDS: Record<string, ColumnKind> = {
  PgBigSerial53: 'key',
  PgInteger: 'integer',
  PgText: 'text',
  PgTimestamp: 'timestamp',
  PgJsonb: 'jsonb',
};

/** A column of a type no test knows how to edit fails loudly rather than going unchecked. */
export function kindOf(column: AuditColumn): ColumnKind {
  const kind = KINDS[column.columnType];
  if (!kind) throw new Error(`audit_log.${column.name} is a ${column.columnType}: teach auditTamper.ts to edit it`);
  return kind;
}

/** Runs `change` on audit_log with the append-only triggers off, as someone with the database's keys could. */
export async function tamper<T extends Record<string, unknown>>(db: Db, change: SQL): Promise<T[]> {
  await db.execute(sql`alter table audit_log disable trigger user`);
  try {
    return (await db.execute<T>(change)).rows as T[];
  } finally {
    await db.execute(sql`alter table audit_log enable trigger user`);
  }
}

/**
 * The whole row, each column as its text (row_to_json would print SQL null and JSON null alike), to see
 * that an edit changed it and that it was put back exactly.
 */
export const rowText = async (db: Db, id: number): Promise<string | undefined> =>
  (
    await db.execute<{ row: string }>(
      sql`select json_build_array(${sql.join(
        auditColumns.map((column) => sql`${sql.identifier(column.name)}::text`),
        sql`, `,
      )})::text as row from audit_log where audit_log.id = ${id}`,
    )
  ).rows[0]?.row;

/** Every row's id in the order verify walks them. */
export const auditIds = async (db: Db): Promise<number[]> =>
  (await db.execute<{ id: string }>(sql`select id::text as id from audit_log order by audit_log.id`)).rows.map((r) =>
    Number(r.id),
  );

/**
 * The ids an edit of the key of `ids[i]` may take and keep the row in its place (verify walks id
 * order, so a key moved past a neighbour is a reordering, which breaks the link of another row): those
 * between its neighbours, or up to 1000 away at either end of the log.
 */
export const keyRoom = (ids: number[], i: number): { low: number; high: number } => ({
  low: i > 0 ? ids[i - 1] + 1 : ids[i] - 1000,
  high: i < ids.length - 1 ? ids[i + 1] - 1 : ids[i] + 1000,
});

/**
 * Sets `column` of row `id` to `value` behind the application's back; answers the row's id after the
 * edit and how to put the row back (the column's text cast back to its type: any value returns exactly).
 */
export async function editColumn(
  db: Db,
  id: number,
  column: AuditColumn,
  value: SQL,
): Promise<{ id: number; restore: () => Promise<unknown> }> {
  const name = sql.identifier(column.name);
  const res = await db.execute<{ original: string | null; type: string }>(sql`
    select ${name}::text as original, format_type(atttypid, atttypmod) as type
    from audit_log, pg_attribute
    where audit_log.id = ${id} and attrelid = 'audit_log'::regclass and attname = ${column.name}`);
  const { original, type } = res.rows[0];
  const [edited] = await tamper<{ id: string }>(
    db,
    sql`update audit_log set ${name} = ${value} where id = ${id} returning id::text as id`,
  );
  const idNow = Number(edited.id);
  return {
    id: idNow,
    // The type comes from the catalogue, not from input.
    restore: () => tamper(db, sql`update audit_log set ${name} = ${original}::${sql.raw(type)} where id = ${idNow}`),
  };
}

/** The newest row's hash: what verify names as the head. */
export const headHash = async (db: Db): Promise<string | null> =>
  (await db.execute<{ hash: string }>(sql`select hash from audit_log order by audit_log.id desc limit 1`)).rows[0]
    ?.hash ?? null;

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs `npm run audit:verify`'s script against a database and answers its exit code and output. */
export const runAuditVerifyScript = (env: Record<string, string | undefined>) =>
  new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/scripts/audit-verify.ts'], {
      cwd: root,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
