import * as XLSX from 'xlsx';

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
export const extensionOf = (filename: string) => /\.([^.]+)$/.exec(filename)?.[1]?.toLowerCase() ?? '';

// Rows read past maxRows, so a sheet with a few trailing empty (formatted) rows is not mistaken for a long one.
const SLACK_ROWS = 1_000;

export function parseSheet({ filename, data, maxRows }: SheetTask): SheetResult {
  const ext = extensionOf(filename);
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const unreadable = { ok: false, message: `${filename}: the file could not be read as ${ext === 'csv' ? 'CSV' : 'an Excel file'}` } as const;
  // SheetJS falls back to reading unknown bytes as text, so obvious binary junk would otherwise become a garbage sheet.
  if (ext !== 'csv' && !isZipOrCfb(bytes) && bytes.subarray(0, 1024).includes(0)) return unreadable;
  try {
    const sheetRows = maxRows + SLACK_ROWS;
    // CSV is decoded here because SheetJS reads a BOM-less buffer as Latin-1; raw keeps long ids from becoming numbers.
    const wb = ext === 'csv'
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

// A 12-digit RRN stored as a number in Excel renders as '1.23457E+11' under the General format; its exact digits are in v.
function fixExponentIntegers(sheet: XLSX.WorkSheet): void {
  for (const row of (sheet['!data'] ?? []) as (XLSX.CellObject | undefined)[][]) {
    for (const cell of row ?? []) {
      if (cell?.t === 'n' && Number.isSafeInteger(cell.v) && /e/i.test(cell.w ?? '')) cell.w = String(cell.v);
    }
  }
}

function isZipOrCfb(b: Buffer): boolean {
  const zip = b.length >= 4 && b.readUInt32BE(0) === 0x504b0304;
  const cfb = b.length >= 8 && b.readUInt32BE(0) === 0xd0cf11e0 && b.readUInt32BE(4) === 0xa1b11ae1;
  return zip || cfb;
}
