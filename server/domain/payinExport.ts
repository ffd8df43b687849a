import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import type { TransactionFilter, TransactionRow } from '../../src/services/payinQuery.ts';
import type { Db } from '../db/connect.ts';
import { EXCEL_MAX_ROWS, writeXlsxFile, type Cell, type SheetColumn, type SheetRows } from '../export/xlsxStream.ts';
import { audit, type AuditEntry } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { ruleBroken } from './errors.ts';
import type { Principal } from './principal.ts';
import { TRANSACTION_COLUMNS, toTransactionRow } from './paymentsList.ts';
import { msg } from '../../src/i18n/msg.ts';

export const EXPORT_FILENAME = 'Data Download.xlsx';
export const EXPORT_MAX_ROWS = EXCEL_MAX_ROWS - 1;
const BATCH_SIZE = 10_000;

export type ExportColumn<R> = SheetColumn & { value: (row: R, time: (iso: string | null) => string | null) => Cell };

/**
 * What one list exports: its table (aliased `t` in `where`), its order (newest first by
 * transaction_time and id, as the list is), the columns to read with the client's name as `c`, and
 * the sheet built from them.
 */
export interface ExportSource<R> {
  table: string;
  /**
   * Spelled as the table's time index is, so that the rows stream in index order: a sort must read
   * the whole window before its first row. Both columns are NOT NULL, so NULLS FIRST or LAST
   * changes the plan only, never the rows or their order.
   */
  order: SQL;
  columns: SQL;
  toRow: (raw: any) => R;
  sheetName: string;
  sheet: ExportColumn<R>[];
}

const COLUMNS: ExportColumn<TransactionRow>[] = [
  { header: 'Transaction Time', width: 20, value: (r, time) => time(r.transaction_time) },
  { header: 'Correlation ID', width: 30, value: (r) => r.correlation_id },
  { header: 'Client', width: 24, value: (r) => r.client_name },
  { header: 'Type', width: 18, value: (r) => r.type },
  { header: 'Service', width: 16, value: (r) => r.service_type },
  { header: 'Account No', width: 20, value: (r) => r.account_no },
  { header: 'RRN', width: 16, value: (r) => r.rrn },
  { header: 'Currency', width: 9, value: (r) => r.currency },
  { header: 'Amount', width: 14, value: (r) => r.amount },
  { header: 'Fee', width: 10, value: (r) => r.fee_amount },
  { header: 'Status', width: 16, value: (r) => r.status },
  { header: 'Paid Time', width: 20, value: (r, time) => time(r.paid_time) },
  { header: 'Settlement Time', width: 20, value: (r, time) => time(r.settlement_time) },
];
export const EXPORT_HEADERS = COLUMNS.map((c) => c.header);

export const TRANSACTION_EXPORT: ExportSource<TransactionRow> = {
  table: 'transactions',
  // transactions_time_idx and transactions_client_time_idx are DESC NULLS LAST (migration 0005); a
  // plain DESC (NULLS FIRST) matches neither, and the export sorted every window (docs/bench-export.md).
  order: sql`t.transaction_time desc nulls last, t.id desc nulls last`,
  columns: TRANSACTION_COLUMNS,
  toRow: toTransactionRow,
  sheetName: 'Transactions',
  sheet: COLUMNS,
};

/**
 * Counts the rows first, so an export Excel could not open is refused before any work. (`maxRows`
 * is Excel's limit; tests pass a small one, as a million rows take half a minute to insert.)
 */
export async function assertExportable(
  db: Db,
  where: SQL,
  maxRows = EXPORT_MAX_ROWS,
  table = 'transactions',
): Promise<number> {
  const [{ n }] = (
    await db.execute<{ n: number }>(sql`select count(*)::int as n from ${sql.raw(table)} t where ${where}`)
  ).rows;
  const rows = Number(n);
  if (rows > maxRows) {
    throw ruleBroken(
      msg(
        {
          defaultMessage:
            'The export has {count} rows, more than the {max} an Excel sheet can hold. Narrow the filter and try again.',
          id: 'yunslX',
        },
        { count: rows.toLocaleString('en-US'), max: maxRows.toLocaleString('en-US') },
      ),
    );
  }
  return rows;
}

/**
 * Hands the list's rows for a filter, newest first, to `each` in batches, from one query read
 * through a cursor in the time index's order. Keyset pages (one query per 10,000 rows) were planned
 * as a sort of all the window's rows left, read and sorted again for every page; one statement in
 * index order reads each row once and its first batch comes at once, so PostgreSQL reads while
 * ExcelJS writes (docs/bench-export.md). The next batch is fetched while `each` writes this one.
 * The cursor lives in a read-only transaction, held for the export's few seconds.
 */
async function eachRowBatch<R>(
  db: Db,
  source: ExportSource<R>,
  where: SQL,
  each: (rows: R[]) => Promise<void>,
): Promise<void> {
  await db.transaction(
    async (tx) => {
      await tx.execute(sql`declare export_rows no scroll cursor for
        select ${source.columns} from ${sql.raw(source.table)} t join clients c on c.id = t.client_id
        where ${where} order by ${source.order}`);
      // Drizzle's query runs each time it is awaited: one real promise per fetch.
      const fetchBatch = async () => tx.execute(sql`fetch forward ${sql.raw(String(BATCH_SIZE))} from export_rows`);
      let next = fetchBatch();
      for (;;) {
        const { rows } = await next;
        const more = rows.length === BATCH_SIZE;
        if (more) {
          next = fetchBatch();
          // Should `each` fail first, the transaction's rollback is what ends this fetch.
          next.catch(() => {});
        }
        if (rows.length) await each(rows.map(source.toRow));
        if (!more) return;
      }
    },
    { accessMode: 'read only' },
  );
}

/** Minutes remembered by one `businessTime`: rows come in time order, so a few suffice. */
const MINUTES_KEPT = 10_000;

/**
 * Times on the business clock, as the sheets show them ('2026-11-25 14:03:09'), from ISO strings
 * ('2026-11-25T07:03:09.123Z'). Intl's formatting costs about 5 µs a time, a second per 100,000 rows
 * of three times each (docs/bench-export.md); it is done once per UTC minute and the seconds copied,
 * which is exact wherever the zone's offset is whole minutes (every zone since 1972). A minute whose
 * start is not ':00' on the business clock (an offset with seconds) is formatted time by time.
 */
export function businessTime(timeZone: string) {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const minutes = new Map<string, string | null>();
  function minuteOf(utcMinute: string): string | null {
    let local = minutes.get(utcMinute);
    if (local === undefined) {
      if (minutes.size >= MINUTES_KEPT) minutes.clear();
      const start = format.format(new Date(`${utcMinute}:00Z`));
      local = start.endsWith(':00') ? start.slice(0, -3) : null;
      minutes.set(utcMinute, local);
    }
    return local;
  }
  function time(iso: string): string;
  function time(iso: string | null): string | null;
  function time(iso: string | null) {
    if (iso == null) return null;
    const local = iso.length >= 19 && iso[16] === ':' ? minuteOf(iso.slice(0, 16)) : null;
    return local == null ? format.format(new Date(iso)) : `${local}:${iso.slice(17, 19)}`;
  }
  return time;
}

function sheetRows<R>(db: Db, source: ExportSource<R>, where: SQL, timeZone: string): SheetRows {
  const time = businessTime(timeZone);
  return (write) =>
    eachRowBatch(db, source, where, (batch) => write(batch.map((r) => source.sheet.map((c) => c.value(r, time)))));
}

export interface ExportFile {
  path: string;
  rows: number;
  /** Deletes the file and its private folder. */
  dispose(): Promise<void>;
}

/** Writes the filtered transactions to an .xlsx in a private temporary folder. */
export const writeTransactionExport = (db: Db, where: SQL, timeZone: string) =>
  writeListExport(db, TRANSACTION_EXPORT, where, timeZone);

/**
 * Records who downloaded a written file (`action`, with the filter and row count in its detail); a file
 * whose record cannot be written is deleted, never sent.
 */
export async function auditDownload(
  db: Db,
  file: ExportFile,
  by: { principal: Principal; origin: RequestOrigin },
  action: string,
  detail: Record<string, unknown>,
): Promise<ExportFile> {
  const entry: AuditEntry = {
    actorUserId: by.principal.id,
    actorEmail: by.principal.email,
    action,
    outcome: 'success',
    ip: by.origin.ip,
    detail: { ...detail, rows: file.rows },
  };
  try {
    await audit(db, entry);
    return file;
  } catch (error) {
    await file.dispose();
    throw error;
  }
}

/** The Payments List's Export as a download: the file, and the audit line of who took it. */
export async function downloadTransactionExport(
  db: Db,
  principal: Principal,
  filter: TransactionFilter,
  where: SQL,
  timeZone: string,
  origin: RequestOrigin,
): Promise<ExportFile> {
  const file = await writeTransactionExport(db, where, timeZone);
  return auditDownload(db, file, { principal, origin }, 'transaction.export.download', { filter });
}

/** Writes a list's filtered rows, newest first, to an .xlsx in a private temporary folder. */
export async function writeListExport<R>(
  db: Db,
  source: ExportSource<R>,
  where: SQL,
  timeZone: string,
): Promise<ExportFile> {
  return writeSheetFile(
    { prefix: 'bo-export-', filename: EXPORT_FILENAME, sheetName: source.sheetName, sheet: source.sheet },
    sheetRows(db, source, where, timeZone),
  );
}

/** Streams batches of cells to an .xlsx in a private temporary folder; on any failure the folder goes. */
export async function writeSheetFile(
  file: { prefix: string; filename: string; sheetName: string; sheet: SheetColumn[]; trailer?: Cell[][] },
  cells: SheetRows,
): Promise<ExportFile> {
  const dir = await mkdtemp(join(tmpdir(), file.prefix));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, file.filename);
    const rows = await writeXlsxFile(path, file.sheetName, file.sheet, cells, file.trailer);
    return { path, rows, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}
