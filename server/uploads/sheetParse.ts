import { inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { countTextCells, countXmlEntries, type SheetSize } from './sheetSize.ts';
import { checkZip, isZip, type ZipEntry, type ZipLimits } from './zipCheck.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Reads the first sheet of an uploaded CSV or Excel file into rows of display strings. This runs
 * inside a worker thread (sheetWorker.mjs): SheetJS is synchronous and can spin on hostile input,
 * so it must never run on the server's event loop. It returns a verdict instead of throwing,
 * because an Error loses its class crossing the thread boundary.
 */
export interface SheetTask {
  filename: string;
  data: Uint8Array;
  /** Data rows wanted at most; the sheet is read a little past it to tell 'too many' apart. */
  maxRows: number;
  /** Cells the route reads at most (its row cap times the columns it allows): more is refused before SheetJS. */
  maxCells: number;
}

export type SheetResult = { ok: true; rows: unknown[][]; truncated: boolean } | { ok: false; message: string };

export const SHEET_EXTENSIONS = ['csv', 'xlsx', 'xls'] as const;
export const MAX_SHEET_ROWS = 100_000;
/**
 * What a route's rows can need unpacked: ~2 KB of sheet XML a row leaves room for twenty-odd columns of
 * inline text; a compact sheet that declares more is refused before it is inflated.
 */
export const zipLimitsFor = (maxRows: number): ZipLimits => ({
  maxEntries: 1_000,
  maxEntryBytes: maxRows * 2_048,
  maxTotalBytes: maxRows * 3_072,
});
const count = (n: number) => n.toLocaleString('en-US');
export const tooManyRowsMessage = (filename: string, maxRows: number) =>
  msg(
    { defaultMessage: '{filename}: the file has more than {rows} rows; split it into smaller files', id: '3Vlg7A' },
    { filename, rows: count(maxRows) },
  );
export const tooManyCellsMessage = (filename: string, maxRows: number, maxCells: number) =>
  msg(
    {
      defaultMessage:
        '{filename}: the file has more than {cells} cells ({rows} rows of {columns} columns); split it into smaller files',
      id: '89d4Ox',
    },
    { filename, cells: count(maxCells), rows: count(maxRows), columns: count(Math.floor(maxCells / maxRows)) },
  );
export const extensionOf = (filename: string) => /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';

// Rows read past maxRows, so a sheet with a few trailing empty (formatted) rows is not mistaken for a long one.
const SLACK_ROWS = 1_000;

/**
 * The worker's task: the sheet's size first (rows and cells, counted cheaply and stopping at the
 * route's limits), then SheetJS only for a sheet within them.
 */
export async function readSheet(task: SheetTask): Promise<SheetResult> {
  const sheetRows = task.maxRows + SLACK_ROWS;
  const size = await measureSheet(task, { rows: sheetRows, cells: task.maxCells });
  if (size === 'not xml')
    return {
      ok: false,
      message: msg(
        { defaultMessage: '{filename}: the file could not be read as an Excel file', id: 'O+me9i' },
        { filename: task.filename },
      ),
    };
  // Counting a workbook's rows takes milliseconds; SheetJS reading 100,000 of them takes seconds.
  if (size && size.rows > sheetRows) return { ok: false, message: tooManyRowsMessage(task.filename, task.maxRows) };
  if (size && size.cells > task.maxCells)
    return { ok: false, message: tooManyCellsMessage(task.filename, task.maxRows, task.maxCells) };
  return parseSheet(task);
}

export function parseSheet({ filename, data, maxRows }: SheetTask): SheetResult {
  const ext = extensionOf(filename);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const unreadable = {
    ok: false,
    message:
      ext === 'csv'
        ? msg({ defaultMessage: '{filename}: the file could not be read as CSV', id: 'xOOSHM' }, { filename })
        : msg(
            { defaultMessage: '{filename}: the file could not be read as an Excel file', id: 'O+me9i' },
            { filename },
          ),
  } as const;
  // SheetJS falls back to reading unknown bytes as text, so obvious binary junk would otherwise become a garbage sheet.
  if (ext !== 'csv' && !isZipOrCfb(bytes) && bytes.subarray(0, 1024).includes(0)) return unreadable;
  // An .xlsx is a zip, always; only .xls has text forms (HTML or tab-separated exports of portals).
  if (ext === 'xlsx' && !isZip(bytes)) return unreadable;
  try {
    const sheetRows = maxRows + SLACK_ROWS;
    // CSV is decoded here because SheetJS reads a BOM-less buffer as Latin-1; raw keeps long ids from becoming numbers.
    const wb =
      ext === 'csv'
        ? XLSX.read(new TextDecoder('utf-8').decode(bytes), { type: 'string', dense: true, raw: true, sheetRows })
        : XLSX.read(bytes, { type: 'buffer', dense: true, sheets: 0, sheetRows });
    const sheet = wb.Sheets[wb.SheetNames[0]];
    if (!sheet) return unreadable;
    fixExponentIntegers(sheet);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: null });
    // Reading stopped at sheetRows (SheetJS keeps the declared extent in !fullref, when the sheet has one).
    const truncated = rows.length >= sheetRows || Boolean(sheet['!fullref'] && sheet['!fullref'] !== sheet['!ref']);
    return { ok: true, rows, truncated };
  } catch {
    return unreadable;
  }
}

// A 12-digit RRN stored as a number in Excel renders as '1.23457E+11' under the General format; its exact digits are in
// v.
function fixExponentIntegers(sheet: XLSX.WorkSheet): void {
  for (const row of (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][]) {
    for (const cell of row ?? []) {
      if (cell?.t === 'n' && Number.isSafeInteger(cell.v) && /e/i.test(cell.w ?? '')) cell.w = String(cell.v);
    }
  }
}

/**
 * The rows and cells of what SheetJS would read: a zip's first sheet, found the way Excel does (the
 * first <sheet> of xl/workbook.xml, through its relationship), or every part of a zip laid out
 * otherwise (more than SheetJS reads, never less); a CSV's or a text .xls's cells. 'not xml' for a
 * first sheet in another form (a binary part, which SheetJS would read uncounted); null for a
 * legacy binary .xls, which its 5 MB cap and the read time bound instead.
 */
export async function measureSheet(
  task: SheetTask,
  limits: { rows: number; cells: number },
): Promise<SheetSize | 'not xml' | null> {
  const bytes = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
  if (!isZip(bytes)) {
    if (isZipOrCfb(bytes)) return null;
    return { rows: 0, cells: countTextCells(new TextDecoder('utf-8').decode(bytes), limits.cells) };
  }
  const directory = checkZip(bytes, zipLimitsFor(task.maxRows));
  if (!directory.ok) return null;
  const target = firstSheetPart(bytes, directory.entries);
  if (target && !/\.xml$/i.test(target)) return 'not xml';
  const sheet = target && directory.entries.find((e) => e.name === target);
  return countXmlEntries(bytes, sheet ? [sheet] : directory.entries, limits);
}

/** The first sheet's part name, or null when the layout is not the usual one. Each part is inflated no further than it declares. */
function firstSheetPart(bytes: Buffer, entries: ZipEntry[]): string | null {
  const part = (name: string) => {
    const entry = entries.find((e) => e.name === name);
    if (!entry) return null;
    const packed = bytes.subarray(entry.dataOffset, entry.dataOffset + entry.packed);
    return (
      entry.method === 0 ? packed : inflateRawSync(packed, { maxOutputLength: Math.max(1, entry.unpacked) })
    ).toString('utf8');
  };
  const workbook = part('xl/workbook.xml');
  const relations = part('xl/_rels/workbook.xml.rels');
  const firstSheet = workbook && /<(?:\w+:)?sheet\b[^>]*\br:id="([^"]+)"/.exec(workbook)?.[1];
  if (!relations || !firstSheet) return null;
  const id = firstSheet.replace(/[^\w-]/g, '');
  const target =
    new RegExp(`<Relationship\\b[^>]*\\bId="${id}"[^>]*\\bTarget="([^"]+)"`).exec(relations)?.[1] ??
    new RegExp(`<Relationship\\b[^>]*\\bTarget="([^"]+)"[^>]*\\bId="${id}"`).exec(relations)?.[1];
  if (!target) return null;
  return target.startsWith('/') ? target.slice(1) : `xl/${target}`;
}

function isZipOrCfb(b: Buffer): boolean {
  const zip = b.length >= 4 && b.readUInt32BE(0) === 0x504b0304;
  const cfb = b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;
  return zip || cfb;
}
