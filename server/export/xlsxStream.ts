import { setImmediate } from 'node:timers/promises';
import ExcelJS from 'exceljs';

/** Excel's hard limit per sheet, the header row included. */
export const EXCEL_MAX_ROWS = 1_048_576;

export interface SheetColumn {
  header: string;
  width: number;
}

export type Cell = string | number | null;

/**
 * The rows of a sheet, in batches: an async iterable, or a function that hands each batch to
 * `write` and waits for it (for a reader that must keep a transaction open around its batches).
 */
export type SheetRows = AsyncIterable<Cell[][]> | ((write: (rows: Cell[][]) => Promise<void>) => Promise<void>);

/** Rows written between two turns of the event loop: about 25 ms of work on this machine. */
const ROWS_PER_SLICE = 1_000;

/** Sheet bytes ExcelJS may hold ahead of the zip before the writer waits (a few MB, whatever the row count). */
const MAX_UNZIPPED_BYTES = 4 * 1024 * 1024;

/**
 * Writes one sheet to an .xlsx file with ExcelJS's streaming WorkbookWriter, batch by batch, so
 * memory stays flat however many rows come. `trailer` rows follow the data (a note such as the audit
 * chain's head) and are not counted. Returns the number of data rows written.
 */
export async function writeXlsxFile(
  filename: string,
  sheetName: string,
  columns: SheetColumn[],
  batches: SheetRows,
  trailer: Cell[][] = [],
): Promise<number> {
  // Without styles (a bold header, number formats) ExcelJS writes about three times faster;
  // inline strings, not a shared-string table, keep memory flat.
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ width: c.width }));
  sheet.addRow(columns.map((c) => c.header)).commit();
  let written = 0;
  const write = async (rows: Cell[][]) => {
    for (let i = 0; i < rows.length; i++) {
      sheet.addRow(rows[i]).commit();
      // Writing rows is synchronous work on the event loop: let other requests in every slice.
      if (i % ROWS_PER_SLICE === ROWS_PER_SLICE - 1) await setImmediate();
    }
    written += rows.length;
    await zipCaughtUp(sheet);
  };
  if (typeof batches === 'function') await batches(write);
  else for await (const rows of batches) await write(rows);
  for (const row of trailer) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
  return written;
}

/**
 * ExcelJS 4 pipes the sheet's XML into the zip without heeding backpressure (its StreamBuf ignores
 * what write() answers), so a million rows would sit in memory as ~600 MB of buffers waiting for
 * deflate. Wait here until the zip's intake is small again. This reads ExcelJS internals; should
 * they change, the export still works, only without the pacing.
 */
async function zipCaughtUp(sheet: ExcelJS.Worksheet): Promise<void> {
  const intake = (
    sheet as unknown as {
      stream?: { pipes?: Array<{ _writableState?: { length: number }; _readableState?: { length: number } }> };
    }
  ).stream?.pipes?.[0];
  const buffered = () => (intake?._writableState?.length ?? 0) + (intake?._readableState?.length ?? 0);
  while (buffered() > MAX_UNZIPPED_BYTES) await new Promise((resolve) => setTimeout(resolve, 5));
}
