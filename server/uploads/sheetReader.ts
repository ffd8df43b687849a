import * as XLSX from 'xlsx';
import { unprocessable } from '../http/errors.ts';

/**
 * TEMPORARY (branch disb-server): the lead's server/uploads/sheetReader.ts replaces this file at
 * merge, with the same export and signature, and reads the sheet in a worker pool with time and
 * memory limits. This stand-in reads it here, synchronously. The first sheet's rows, header
 * included, as display strings (null for an empty cell).
 */
export async function readSheetRows(file: { filename: string; data: Buffer }): Promise<unknown[][]> {
  const csv = /\.csv$/i.test(file.filename);
  const unreadable = () => unprocessable(`${file.filename}: the file could not be read as ${csv ? 'CSV' : 'an Excel file'}`);
  const zip = file.data.length >= 4 && file.data.readUInt32BE(0) === 0x504b0304;
  // SheetJS reads unknown bytes as text, so binary junk would otherwise become a garbage sheet.
  if (!csv && !zip) throw unreadable();
  if (csv && file.data.subarray(0, 1024).includes(0)) throw unreadable();
  try {
    // CSV decoded here (SheetJS reads a BOM-less buffer as Latin-1); raw keeps long ids from becoming numbers.
    const workbook = csv
      ? XLSX.read(new TextDecoder('utf-8').decode(file.data), { type: 'string', dense: true, raw: true })
      : XLSX.read(file.data, { type: 'buffer', dense: true, sheets: 0 });
    const sheet = workbook.Sheets[workbook.SheetNames[0]];
    if (!sheet) throw unreadable();
    return XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: false, defval: null });
  } catch {
    throw unreadable();
  }
}
