import { and, desc, getTableColumns, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AuditLogFilter, AuditLogRow, AuditOutcome } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import { auditLog } from '../db/schema.ts';
import { auditChainHead } from './auditChain.ts';
import { type Cell, type SheetColumn } from '../export/xlsxStream.ts';
import type { RequestOrigin } from './authentication.ts';
import { namedWhere, objectLabels, objectsNamed, type NamedObjects } from './auditObjects.ts';
import { ruleBroken } from './errors.ts';
import { pageMeta } from './paging.ts';
import type { Principal } from './principal.ts';
import { containing } from './textSearch.ts';
import { auditDownload, businessTime, writeSheetFile, type ExportFile } from './payinExport.ts';
import { windowConditions } from './businessWindow.ts';
import type { Paged } from '../../src/services/paging.ts';
import { msg } from '../../src/i18n/msg.ts';

export const AUDIT_EXPORT_FILENAME = 'Audit Log.xlsx';
/** The download's cap: beyond it the filter must be narrowed (ruleBroken). */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;
const BATCH_SIZE = 5_000;
/** Excel's limit on one cell's text. */
const EXCEL_CELL_MAX = 32_767;

/**
 * The ids an entity is known by in the log: a disbursement's or pay-in's uuid and correlation_id
 * stand for each other (pay-ins are logged by correlation_id, disbursements mostly by uuid).
 */
export const objectIdAliases = (id: string): SQL => sql`(
  select ${id}::text
  union all select d.uuid from disbursements d where d.correlation_id = ${id}
  union all select d.correlation_id from disbursements d where d.uuid = ${id}
  union all select t.correlation_id from transactions t where t.uuid = ${id}
  union all select t.uuid from transactions t where t.correlation_id = ${id})`;

/**
 * The WHERE clause of a filter over audit_log (see AuditLogFilterQuery for each field's meaning).
 * `named` is what the search text names (objectsNamed): when it names objects, the search is their
 * lines by index; only text that names nothing falls back to the contains scan.
 */
export function auditWhere(f: AuditLogFilter, timeZone: string, named?: NamedObjects): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.actor) parts.push(ilike(auditLog.actorEmail, containing(f.actor)));
  if (f.action) parts.push(sql`${auditLog.action} = ${f.action}`);
  if (f.object_type) parts.push(sql`${auditLog.objectType} = ${f.object_type}`);
  if (f.object_id)
    parts.push(
      sql`(${auditLog.objectId} in ${objectIdAliases(f.object_id)} or ${auditLog.id} in (select i.audit_id from
        audit_items i where i.object_id in ${objectIdAliases(f.object_id)}))`,
    );
  if (f.outcome) parts.push(sql`${auditLog.outcome} = ${f.outcome}`);
  if (f.line) parts.push(sql`${auditLog.id} = ${Number(f.line)}`);
  parts.push(...windowConditions(auditLog.at, f, timeZone));
  if (f.search && named?.objects.length) parts.push(namedWhere(named));
  else if (f.search) {
    const pattern = containing(f.search);
    parts.push(
      or(
        ilike(auditLog.action, pattern),
        ilike(auditLog.actorEmail, pattern),
        ilike(auditLog.objectId, pattern),
        sql`${auditLog.detail}::text ilike ${pattern}`,
      )!,
    );
  }
  return and(...parts)!;
}

/** auditWhere with the search's identifiers looked up first. */
export async function auditFilterWhere(db: Db, f: AuditLogFilter, timeZone: string): Promise<SQL> {
  return auditWhere(f, timeZone, f.search ? await objectsNamed(db, f.search) : undefined);
}

type AuditRecord = typeof auditLog.$inferSelect;

export const toAuditRow = (r: AuditRecord, objectLabel: string | null = null): AuditLogRow => ({
  id: Number(r.id),
  created_at: new Date(r.at).toISOString(),
  actor_email: r.actorEmail,
  ip: r.ip,
  action: r.action,
  object_type: r.objectType,
  object_id: r.objectId,
  object_label: objectLabel,
  outcome: r.outcome as AuditOutcome,
  detail: (r.detail as Record<string, unknown> | null) ?? null,
});

/** Rows with their objects' human ids. */
async function labelled(db: Db, records: AuditRecord[]): Promise<AuditLogRow[]> {
  const labels = await objectLabels(
    db,
    records.map((r) => ({ object_type: r.objectType, object_id: r.objectId })),
  );
  return records.map((r, i) => toAuditRow(r, labels[i]));
}

/** One page of the filtered log, newest first (id breaks ties within one instant). */
export async function listAuditLog(
  db: Db,
  f: AuditLogFilter,
  page: number,
  limit: number,
  timeZone: string,
): Promise<Paged<AuditLogRow>> {
  const where = await auditFilterWhere(db, f, timeZone);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const total = Number(n);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows: await labelled(db, rows), meta: pageMeta(page, limit, total) };
}

/** Counts first, so a download beyond the cap is refused before any work. */
export async function assertAuditExportable(db: Db, where: SQL, maxRows = AUDIT_EXPORT_MAX_ROWS): Promise<number> {
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLog)
    .where(where);
  const rows = Number(n);
  if (rows > maxRows) {
    throw ruleBroken(
      msg(
        {
          defaultMessage:
            'The export has {count} audit lines, more than the {max} a download may hold. Narrow the filter and try again.',
          id: 'vl8AtU',
        },
        { count: rows.toLocaleString('en-US'), max: maxRows.toLocaleString('en-US') },
      ),
    );
  }
  return rows;
}

const SHEET: Array<SheetColumn & { value: (r: AuditLogRow, time: (iso: string) => string) => Cell }> = [
  { header: 'Time', width: 20, value: (r, time) => time(r.created_at) },
  { header: 'Actor', width: 28, value: (r) => r.actor_email },
  { header: 'IP', width: 16, value: (r) => r.ip },
  { header: 'Action', width: 30, value: (r) => r.action },
  { header: 'Object Type', width: 16, value: (r) => r.object_type },
  { header: 'Object ID', width: 38, value: (r) => r.object_id },
  { header: 'Object', width: 24, value: (r) => r.object_label },
  { header: 'Outcome', width: 10, value: (r) => r.outcome },
  {
    header: 'Detail',
    width: 80,
    value: (r) => (r.detail == null ? null : JSON.stringify(r.detail).slice(0, EXCEL_CELL_MAX)),
  },
];
export const AUDIT_EXPORT_HEADERS = SHEET.map((c) => c.header);

/** The filtered lines newest first, in keyset batches below the last (at, id) seen. */
async function* auditBatches(db: Db, where: SQL): AsyncGenerator<AuditLogRow[]> {
  // The cursor travels as text: a JS Date would drop the microseconds and skip rows of the same millisecond.
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const below: SQL = after
      ? sql`(${auditLog.at}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::bigint)`
      : sql`true`;
    const rows = await db
      .select({ ...getTableColumns(auditLog), cursor: sql<string>`${auditLog.at}::text` })
      .from(auditLog)
      .where(and(where, below))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(BATCH_SIZE);
    if (rows.length) yield await labelled(db, rows);
    if (rows.length < BATCH_SIZE) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor, id: Number(last.id) };
  }
}

/** The export's last line: the chain's head it was taken up to, to hold against a later verify (issue 28). */
export const chainHeadLine = (head: { id: number; hash: string } | null): string =>
  head ? `Chain head: ${head.hash} (entry #${head.id})` : 'Chain head: none (the log is empty)';

/**
 * Writes the filtered lines, newest first, times on the business clock, to an .xlsx in a private
 * folder. The head is read first and the lines stop at it, so the file holds no line newer than the
 * head its last row names.
 */
export async function writeAuditExport(db: Db, where: SQL, timeZone: string): Promise<ExportFile> {
  const time = businessTime(timeZone);
  const head = await auditChainHead(db);
  const upToHead = and(where, sql`${auditLog.id} <= ${head?.id ?? 0}`)!;
  async function* cells(): AsyncGenerator<Cell[][]> {
    for await (const batch of auditBatches(db, upToHead)) yield batch.map((r) => SHEET.map((c) => c.value(r, time)));
  }
  return writeSheetFile(
    {
      prefix: 'bo-audit-',
      filename: AUDIT_EXPORT_FILENAME,
      sheetName: 'Audit Log',
      sheet: SHEET,
      trailer: [[chainHeadLine(head)]],
    },
    cells(),
  );
}

/** The audit log's download: the file, and the audit line of who took it. */
export async function downloadAuditLog(
  db: Db,
  principal: Principal,
  filter: AuditLogFilter,
  where: SQL,
  timeZone: string,
  origin: RequestOrigin,
): Promise<ExportFile> {
  const file = await writeAuditExport(db, where, timeZone);
  return auditDownload(db, file, { principal, origin }, 'audit_log.download', { filter });
}
