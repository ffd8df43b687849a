import { inflateRawSync } from 'node:zlib';
import * as XLSX from 'xlsx';
import { checkZip, isZip } from './zipCheck.ts';

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
}

export type SheetResult = { ok: true; rows: unknown[][]; truncated: boolean } | { ok: false; message: string };

export const SHEET_EXTENSIONS = ['csv', 'xlsx', 'xls'] as const;
export const MAX_SHEET_ROWS = 100_000;
// What MAX_SHEET_ROWS rows can need unpacked: ~2 KB of sheet XML a row leaves room for twenty-odd
// columns of inline text; a compact sheet that declares more is refused before it is inflated.
export const ZIP_LIMITS = {
  maxEntries: 1_000,
  maxEntryBytes: MAX_SHEET_ROWS * 2_048,
  maxTotalBytes: MAX_SHEET_ROWS * 3_072,
};
export const tooManyRowsMessage = (filename: string, maxRows: number) =>
  `${filename}: the file has more than ${maxRows.toLocaleString('en-US')} rows; split it into smaller files`;
export const extensionOf = (filename: string) => /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';

// Rows read past maxRows, so a sheet with a few trailing empty (formatted) rows is not mistaken for a long one.
const SLACK_ROWS = 1_000;

export function parseSheet({ filename, data, maxRows }: SheetTask): SheetResult {
  const ext = extensionOf(filename);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const unreadable = {
    ok: false,
    message: `${filename}: the file could not be read as ${ext === 'csv' ? 'CSV' : 'an Excel file'}`,
  } as const;
  // SheetJS falls back to reading unknown bytes as text, so obvious binary junk would otherwise become a garbage sheet.
  if (ext !== 'csv' && !isZipOrCfb(bytes) && bytes.subarray(0, 1024).includes(0)) return unreadable;
  // An .xlsx is a zip, always; only .xls has text forms (HTML or tab-separated exports of portals).
  if (ext === 'xlsx' && !isZip(bytes)) return unreadable;
  try {
    const sheetRows = maxRows + SLACK_ROWS;
    // Counting a workbook's rows takes milliseconds; SheetJS reading 100,000 of them takes seconds.
    if (isZip(bytes) && (countFirstSheetRows(bytes) ?? 0) > sheetRows)
      return { ok: false, message: tooManyRowsMessage(filename, maxRows) };
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
 * The number of <row> elements in the workbook's first sheet, found the way Excel does (the first
 * <sheet> of xl/workbook.xml, through its relationship), or null when the layout is not the usual
 * one and SheetJS is left to judge. Each part is inflated no further than it declares.
 */
function countFirstSheetRows(bytes: Buffer): number | null {
  const directory = checkZip(bytes, ZIP_LIMITS);
  if (!directory.ok) return null;
  const part = (name: string) => {
    const entry = directory.entries.find((e) => e.name === name);
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
  const target =
    new RegExp(`<Relationship\\b[^>]*\\bId="${firstSheet.replace(/[^\w-]/g, '')}"[^>]*\\bTarget="([^"]+)"`).exec(
      relations,
    )?.[1] ??
    new RegExp(`<Relationship\\b[^>]*\\bTarget="([^"]+)"[^>]*\\bId="${firstSheet.replace(/[^\w-]/g, '')}"`).exec(
      relations,
    )?.[1];
  if (!target) return null;
  const sheet = part(target.startsWith('/') ? target.slice(1) : `xl/${target}`);
  if (sheet === null) return null;
  return sheet.match(/<(?:\w+:)?row[\s>/]/g)?.length ?? 0;
}

function isZipOrCfb(b: Buffer): boolean {
  const zip = b.length >= 4 && b.readUInt32BE(0) === 0x504b0304;
  const cfb = b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;
  return zip || cfb;
}
