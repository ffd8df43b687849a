import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { measureSheet } from '../uploads/sheetParse.ts';
import { countTextCells, tagCounter } from '../uploads/sheetSize.ts';

/**
 * Issue 28: the cheap count that refuses an oversized sheet before SheetJS must never fall short of
 * what SheetJS reads (or a costly sheet slips through), and for ordinary sheets equals it.
 */
const LIMITS = { rows: 1_000_000, cells: 1_000_000 };
const cellValue = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.string({ maxLength: 6 }),
  fc.constantFrom('a,b', 'say "hi"', 'line\nbreak', '<c r="A1"/>'),
);
const sheetRows = fc.array(fc.array(cellValue, { maxLength: 8 }), { maxLength: 12 });

const cellsSheetJsReads = (wb: XLSX.WorkBook) => {
  const data = (wb.Sheets[wb.SheetNames[0]]['!data'] ?? []) as unknown[][];
  return data.reduce((n, row) => n + (row ?? []).filter((c) => c != null).length, 0);
};

describe('counting a sheet before SheetJS reads it', () => {
  it('counts exactly the cells SheetJS reads from an .xlsx SheetJS wrote', async () => {
    await fc.assert(
      fc.asyncProperty(sheetRows, fc.boolean(), async (rows, compression) => {
        const wb = XLSX.utils.book_new();
        XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Report');
        const data = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression }) as Buffer;
        const size = await measureSheet({ filename: 'r.xlsx', data, maxRows: 100, maxCells: 100 }, LIMITS);
        const read = XLSX.read(data, { type: 'buffer', dense: true, sheets: 0 });
        expect(size).not.toBe('not xml');
        expect((size as { cells: number }).cells).toBe(cellsSheetJsReads(read));
      }),
      { numRuns: 60 },
    );
  });

  it('never counts fewer cells in a CSV than SheetJS reads', () => {
    fc.assert(
      fc.property(sheetRows, (rows) => {
        const csv = XLSX.utils.sheet_to_csv(XLSX.utils.aoa_to_sheet(rows));
        const read = XLSX.read(csv, { type: 'string', dense: true, raw: true });
        expect(countTextCells(csv, LIMITS.cells)).toBeGreaterThanOrEqual(cellsSheetJsReads(read));
      }),
      { numRuns: 200 },
    );
  });

  it('counts the same however the inflated XML is cut into chunks', () => {
    const xml = fc
      .array(
        fc.constantFrom('<row r="1">', '</row>', '<c r="A1">', '<x:c>', '<c/>', '<col/>', '<cols>', 'text', ' ', '<'),
        {
          maxLength: 40,
        },
      )
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(xml, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const whole = tagCounter();
        whole.push(text);
        whole.end();
        const pieces = tagCounter();
        let from = 0;
        for (const at of [...cuts.map((c) => c % (text.length + 1))].sort((a, b) => a - b)) {
          pieces.push(text.slice(from, at));
          from = at;
        }
        pieces.push(text.slice(from));
        pieces.end();
        expect(pieces.size).toEqual(whole.size);
      }),
    );
  });

  it('stops counting once past the limit', async () => {
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(Array.from({ length: 50 }, () => Array(40).fill(1))), 'R');
    const data = XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const size = await measureSheet(
      { filename: 'r.xlsx', data, maxRows: 100, maxCells: 100 },
      { rows: 1_000, cells: 100 },
    );
    expect((size as { cells: number }).cells).toBeGreaterThan(100);
    expect((size as { cells: number }).cells).toBeLessThan(2_000);
  });
});
