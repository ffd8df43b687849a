import { sql } from 'drizzle-orm';
import { AUDIT_ITEMS_FILENAME, type AuditItemRow } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import type { Cell, SheetColumn } from '../export/xlsxStream.ts';
import { allItems, sealOf } from './auditItems.ts';
import type { RequestOrigin } from './authentication.ts';
import { objectLabels } from './auditObjects.ts';
import { notFound } from './errors.ts';
import { pageMeta, pageOffset } from './paging.ts';
import type { Principal } from './principal.ts';
import { auditDownload, writeSheetFile, type ExportFile } from './payinExport.ts';
import type { Paged } from '../../src/services/paging.ts';
import { msg } from '../../src/i18n/msg.ts';

/** One audit line's reads (issue 43): the records a bulk line moved, a page at a time or as a file. */

/** The line's chained seal; 404 for no such line, and for a line that moved no records in bulk. */
async function sealedLine(db: Db, auditId: number) {
  const { rows } = await db.execute<{ detail: unknown }>(sql`select detail from audit_log where id = ${auditId}`);
  if (!rows[0]) throw notFound(msg({ defaultMessage: 'Audit line not found', id: '5hP82S' }));
  const seal = sealOf(rows[0].detail);
  if (!seal) throw notFound(msg({ defaultMessage: 'This audit line moved no records in bulk', id: 'JJc8nS' }));
  return seal;
}

const labelled = async (
  db: Db,
  items: Array<{ position: number; object_type: string; object_id: string }>,
): Promise<AuditItemRow[]> => {
  const labels = await objectLabels(db, items);
  return items.map((item, i) => ({ ...item, object_label: labels[i] }));
};

/** A page of the line's items in position order (the order its digest covers). */
export async function auditLineItems(
  db: Db,
  auditId: number,
  page: number,
  limit: number,
): Promise<Paged<AuditItemRow>> {
  const seal = await sealedLine(db, auditId);
  // Positions run 1..count without gaps (audit:verify checks it), so a page is a key range.
  const { rows } = await db.execute<{ position: number; object_type: string; object_id: string }>(sql`
    select position, object_type, object_id from audit_items
    where audit_id = ${auditId} and position > ${pageOffset(page, limit)} order by position limit ${limit}`);
  const items = rows.map((r) => ({ ...r, position: Number(r.position) }));
  return { rows: await labelled(db, items), meta: pageMeta(page, limit, seal.count) };
}

const SHEET: Array<SheetColumn & { value: (r: AuditItemRow) => Cell }> = [
  { header: '#', width: 8, value: (r) => r.position },
  { header: 'Object Type', width: 16, value: (r) => r.object_type },
  { header: 'Object ID', width: 38, value: (r) => r.object_id },
  { header: 'Object', width: 26, value: (r) => r.object_label },
];
export const AUDIT_ITEMS_HEADERS = SHEET.map((c) => c.header);

/** Every item of the line as an .xlsx (a bulk line holds at most the 100,000 its action allows), audited. */
export async function downloadAuditLineItems(
  db: Db,
  principal: Principal,
  auditId: number,
  origin: RequestOrigin,
): Promise<ExportFile> {
  await sealedLine(db, auditId);
  async function* cells(): AsyncGenerator<Cell[][]> {
    for await (const batch of allItems(db, auditId))
      yield (await labelled(db, batch)).map((r) => SHEET.map((c) => c.value(r)));
  }
  const file = await writeSheetFile(
    {
      prefix: 'bo-audit-items-',
      filename: AUDIT_ITEMS_FILENAME,
      sheetName: `Items of line ${auditId}`,
      sheet: SHEET,
    },
    cells(),
  );
  return auditDownload(db, file, { principal, origin }, 'audit_log.items_download', { audit_id: auditId });
}
