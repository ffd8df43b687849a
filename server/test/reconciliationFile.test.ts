import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import {
  checkFileCount,
  MAX_CELLS,
  MAX_FILES,
  MAX_ROWS,
  parseAmount,
  reportRowsFromSheet,
  ReportFileError,
} from '../domain/reconciliationFile.ts';
import { parseSheet } from '../uploads/sheetParse.ts';
import { readRupiah } from '../../src/services/rupiahInput.ts';

/** The worker's read and the domain's reading of it, in this thread (the pool is tested over HTTP). */
function parseReportFile(file: { filename: string; data: Buffer }) {
  const ext = /\.([^.]+)$/.exec(file.filename)?.[1]?.toLowerCase();
  if (ext !== 'csv' && ext !== 'xlsx' && ext !== 'xls')
    throw new ReportFileError(`${file.filename}: only CSV or Excel files are accepted`);
  const sheet = parseSheet({ filename: file.filename, data: file.data, maxRows: MAX_ROWS, maxCells: MAX_CELLS });
  if (!sheet.ok) throw new ReportFileError(sheet.message);
  return reportRowsFromSheet(file.filename, sheet);
}

const csv = (text: string, filename = 'report.csv') => parseReportFile({ filename, data: Buffer.from(text, 'utf8') });

function xlsxBuffer(rows: unknown[][], bookType: XLSX.BookType = 'xlsx'): Buffer {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'Report');
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['ignored'], ['x']]), 'Other');
  return XLSX.write(wb, { type: 'buffer', bookType });
}

function expectReportError(fn: () => unknown, message: string | RegExp) {
  let thrown: unknown;
  try {
    fn();
  } catch (err) {
    thrown = err;
  }
  expect(thrown).toBeInstanceOf(ReportFileError);
  if (typeof message === 'string') expect((thrown as Error).message).toBe(message);
  else expect((thrown as Error).message).toMatch(message);
}

describe('parseReportFile: CSV', () => {
  it('reads correlation id, status and amount, keeping long ids as text', () => {
    const rows = csv(
      [
        'correlation_id,status,amount',
        'FQR2611220001477460,success,"1,250,000"',
        '000123456789012, Pending ,Rp. 1.250.000',
        '123456789012,,',
      ].join('\n'),
    );
    expect(rows).toEqual([
      { row: 1, correlation_id: 'FQR2611220001477460', status: 'SUCCESS', amount: 1250000 },
      { row: 2, correlation_id: '000123456789012', status: 'PENDING', amount: 1250000 },
      { row: 3, correlation_id: '123456789012', status: null, amount: null },
    ]);
  });

  it.each([
    ['correlation_id'],
    ['Correlation ID'],
    ['CORRELATIONID'],
    ['correlation-id'],
    ['partner_reference_no'],
    ['Partner Reference No'],
    ['merchant_ref'],
    ['Merchant-Ref'],
    ['reference'],
  ])('accepts %s as the correlation column', (header) => {
    expect(csv(`${header},x\nABC-1,y\n`)).toEqual([{ row: 1, correlation_id: 'ABC-1', status: null, amount: null }]);
  });

  it.each([
    ['Status', 'Amount'],
    ['transaction_status', 'nominal'],
    ['Transaction Status', 'Transaction-Amount'],
  ])('accepts %s / %s', (status, amount) => {
    expect(csv(`reference,${status},${amount}\nR1,paid,5000\n`)[0]).toMatchObject({ status: 'PAID', amount: 5000 });
  });

  it('prefers correlation_id over a generic reference column', () => {
    expect(csv('reference,correlation_id\nBANKREF,CORR-1\n')[0].correlation_id).toBe('CORR-1');
  });

  it('finds the header after leading blank lines, skips empty rows, keeps row numbers pointing at the file', () => {
    const rows = csv('\n;;\nCorrelation Id;Status\nA;ok\n;\n\nB;failed\n');
    expect(rows).toEqual([
      { row: 1, correlation_id: 'A', status: 'OK', amount: null },
      { row: 4, correlation_id: 'B', status: 'FAILED', amount: null },
    ]);
  });

  it('decodes UTF-8 with or without a BOM', () => {
    expect(csv('\ufeffcorrelation_id,status\nA1,Berhasil é\n')[0]).toMatchObject({
      correlation_id: 'A1',
      status: 'BERHASIL É',
    });
    expect(csv('correlation_id,status\nA1,“sukses”\n')[0].status).toBe('“SUKSES”');
  });

  it('keeps a data row whose correlation cell is empty, with an empty id', () => {
    expect(csv('correlation_id,amount\n,9000\n')).toEqual([{ row: 1, correlation_id: '', status: null, amount: 9000 }]);
  });

  it('does not turn exponent-looking or date-looking text into numbers', () => {
    expect(csv('correlation_id\n1E5\n2025-01-02\n').map((r) => r.correlation_id)).toEqual(['1E5', '2025-01-02']);
  });
});

describe('parseReportFile: Excel', () => {
  it('reads the first sheet of an .xlsx with string and numeric ids intact', () => {
    const data = xlsxBuffer([
      ['Partner Reference No', 'Transaction Status', 'Nominal'],
      ['FQR2611220001477460', 'success', 1250000],
      ['000123456789012', 'failed', 'Rp. 1.250.000'],
      [123456789012, 'pending', { t: 'n', v: 2500000, z: '#,##0' }],
      [],
      [null, null, null],
      ['LAST', null, 10.5],
    ]);
    expect(parseReportFile({ filename: 'Settlement.XLSX', data })).toEqual([
      { row: 1, correlation_id: 'FQR2611220001477460', status: 'SUCCESS', amount: 1250000 },
      { row: 2, correlation_id: '000123456789012', status: 'FAILED', amount: 1250000 },
      { row: 3, correlation_id: '123456789012', status: 'PENDING', amount: 2500000 },
      { row: 6, correlation_id: 'LAST', status: null, amount: 11 },
    ]);
  });

  it('reads a legacy .xls', () => {
    const data = xlsxBuffer(
      [
        ['merchant_ref', 'status'],
        ['000123456789012', 'Success'],
      ],
      'biff8',
    );
    expect(parseReportFile({ filename: 'old.xls', data })).toEqual([
      { row: 1, correlation_id: '000123456789012', status: 'SUCCESS', amount: null },
    ]);
  });
  it('reads an HTML table saved as .xls, as some provider portals export', () => {
    const html =
      '<html><body><table><tr><td>Reference</td><td>Status</td></tr>' +
      '<tr><td>000123456789012</td><td>Sukses</td></tr></table></body></html>';
    expect(parseReportFile({ filename: 'portal.xls', data: Buffer.from(html) })).toEqual([
      { row: 1, correlation_id: '000123456789012', status: 'SUKSES', amount: null },
    ]);
  });
});

describe('parseAmount', () => {
  it.each([
    ['1250000', 1250000],
    ['1,250,000', 1250000],
    ['1.250.000', 1250000],
    ['Rp. 1.250.000', 1250000],
    ['Rp1.250.000,00', 1250000],
    ['IDR 1,250,000.50', 1250001],
    ['Rp 10.000,-', 10000],
    ['1,250', 1250],
    ['1.250', 1250],
    ['12,5', 13],
    ['-5.000', -5000],
    ['-Rp 5.000', -5000],
    ['-0,40', 0],
    ['0', 0],
  ])('%s -> %s', (raw, expected) => {
    expect(parseAmount(raw)).toBe(expected);
  });

  it.each([[null], ['abc'], ['1,2345'], ['1250,000'], ['1.2.3'], ['(1.000)'], ['99999999999999999999']])(
    '%s -> null',
    (raw) => {
      expect(parseAmount(raw)).toBeNull();
    },
  );
});

describe('parseAmount and the shared rupiah reader', () => {
  const group = (n: number, mark: string) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, mark);
  /** A whole amount as a provider's report column may write it: grouped or not, prefixed or not, zero cents or none. */
  const cell = fc
    .record({
      amount: fc.oneof(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }),
      ),
      convention: fc.constantFrom(
        { group: ',', decimal: '.' },
        { group: '.', decimal: ',' },
        { group: '', decimal: '.' },
        { group: '', decimal: ',' },
      ),
      cents: fc.constantFrom('', '0', '00'),
      prefix: fc.constantFrom('', 'Rp', 'Rp.', 'Rp. ', 'IDR ', 'idr'),
      dash: fc.constantFrom('', ',-', '.-'),
    })
    .map((c) => ({
      amount: c.amount,
      text:
        `${c.amount < 0 ? '-' : ''}${c.prefix}${group(Math.abs(c.amount), c.convention.group)}` +
        (c.cents ? c.convention.decimal + c.cents : c.dash),
    }));
  it('reads every whole amount a file could hold as the typed-amount reader reads it', () => {
    fc.assert(
      fc.property(cell, ({ amount, text }) => {
        // The shared reader with the file's two decorations undone ('IDR' is 'Rp'; ',-' marks no cents).
        const typed = readRupiah(text.replace(/idr/i, 'Rp').replace(/[.,]-$/, ''), { negative: true });
        expect(typed).toEqual({ ok: true, amount });
        expect(parseAmount(text)).toBe(amount);
      }),
    );
  });

  it('agrees with the shared reader on any text that reader accepts', () => {
    const text = fc.string({ unit: fc.constantFrom(...'0123456789.,- Rp'.split('')), maxLength: 14 });
    fc.assert(
      fc.property(text, (t) => {
        const typed = readRupiah(t, { negative: true });
        if (typed.ok) expect(parseAmount(t.trim())).toBe(typed.amount);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('parseReportFile: rejected input', () => {
  it('rejects other extensions, case-insensitively accepting the allowed ones', () => {
    expectReportError(
      () => csv('correlation_id\nA\n', 'report.txt'),
      'report.txt: only CSV or Excel files are accepted',
    );
    expectReportError(() => csv('correlation_id\nA\n', 'report'), 'report: only CSV or Excel files are accepted');
    expectReportError(() => csv('correlation_id\nA\n', 'image.png'), 'image.png: only CSV or Excel files are accepted');
    expect(csv('correlation_id\nA\n', 'REPORT.CSV')).toHaveLength(1);
  });

  it('rejects a file without a correlation column', () => {
    expectReportError(() => csv('id,status\n1,ok\n', 'a.csv'), 'a.csv: no correlation_id column was found');
    const data = xlsxBuffer([
      ['trx id', 'amount'],
      ['A', 1],
    ]);
    expectReportError(
      () => parseReportFile({ filename: 'a.xlsx', data }),
      'a.xlsx: no correlation_id column was found',
    );
  });

  it('rejects files with no data rows', () => {
    expectReportError(() => csv('', 'e.csv'), 'e.csv: the file has no rows');
    expectReportError(() => csv('\n,,\n', 'e.csv'), 'e.csv: the file has no rows');
    expectReportError(() => csv('correlation_id,status\n,\n\n', 'h.csv'), 'h.csv: the file has no rows');
    const data = xlsxBuffer([['correlation_id']]);
    expectReportError(() => parseReportFile({ filename: 'h.xlsx', data }), 'h.xlsx: the file has no rows');
  });

  it('rejects more than 100,000 data rows but accepts exactly 100,000', () => {
    const body = (n: number) => 'correlation_id\n' + Array.from({ length: n }, (_, i) => `T${i}`).join('\n');
    expect(csv(body(MAX_ROWS))).toHaveLength(MAX_ROWS);
    expectReportError(() => csv(body(MAX_ROWS + 1), 'many.csv'), /^many\.csv: the file has more than 100,000 rows/);
  });

  it.each([
    ['an empty .xlsx', 'empty.xlsx', Buffer.alloc(0)],
    [
      'a PNG renamed .xlsx',
      'photo.xlsx',
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    ],
    [
      'a PNG renamed .xls',
      'photo.xls',
      Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
    ],
    ['random bytes', 'noise.xlsx', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))],
    ['a truncated zip', 'cut.xlsx', xlsxBuffer([['correlation_id'], ['A']]).subarray(0, 200)],
    ['a truncated CFB', 'cut.xls', xlsxBuffer([['correlation_id'], ['A']], 'biff8').subarray(0, 600)],
  ])('rejects %s with a ReportFileError', (_label, filename, data) => {
    expect(() => parseReportFile({ filename, data })).toThrow(ReportFileError);
  });

  it('rejects an empty .csv as having no rows', () => {
    expectReportError(
      () => parseReportFile({ filename: 'e.csv', data: Buffer.alloc(0) }),
      'e.csv: the file has no rows',
    );
  });
});

describe('checkFileCount', () => {
  it('allows 1..MAX_FILES files', () => {
    expect(() => checkFileCount(1)).not.toThrow();
    expect(() => checkFileCount(MAX_FILES)).not.toThrow();
  });

  it('rejects too many and zero', () => {
    expect(MAX_FILES).toBe(20);
    expectReportError(() => checkFileCount(21), 'Maximum Gambar Diunduh 20 Gambar');
    expectReportError(() => checkFileCount(0), 'Choose at least one file');
  });
});
