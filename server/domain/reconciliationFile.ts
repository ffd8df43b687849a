import { readRupiah } from '../../src/services/rupiahInput.ts';
import { msg } from '../../src/i18n/msg.ts';

export const MAX_FILES = 20;
export const MAX_FILE_BYTES = 5 * 1024 * 1024;
export const MAX_ROWS = 100_000;
/**
 * Cells read at most: the row cap times 16 columns (a provider report needs 3; our own payments export has 13). A
 * small sheet of 99,000 rows x 120 cells held an upload worker for the whole read time (issue 28).
 */
export const MAX_CELLS = MAX_ROWS * 16;

export interface ReportRow {
  /**
   * 1-based position after the header row (first line under the header is 1); skipped empty rows still take a number,
   * so it points at the line in the file.
   */
  row: number;
  /** '' when the row has data but an empty correlation cell, so the caller can report it instead of it vanishing. */
  correlation_id: string;
  status: string | null;
  amount: number | null;
}

/** Carries a message that is safe to show the uploading user. */
export class ReportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ReportFileError';
  }
}

// Headers are compared after lower-casing and dropping spaces, '_' and '-'; earlier aliases win when a file has
// several.
const COLUMNS = {
  correlation: ['correlationid', 'partnerreferenceno', 'merchantref', 'reference'],
  status: ['status', 'transactionstatus'],
  amount: ['amount', 'nominal', 'transactionamount'],
};

const normaliseHeader = (v: unknown) =>
  String(v ?? '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '');

export function checkFileCount(count: number): void {
  if (count > MAX_FILES)
    throw new ReportFileError(
      msg({ defaultMessage: 'Maximum Gambar Diunduh {count} Gambar', id: 'cLUGIe' }, { count: MAX_FILES }),
    );
  if (count <= 0) throw new ReportFileError(msg({ defaultMessage: 'Choose at least one file', id: 'tqvLAj' }));
}

/**
 * A provider report's rows (the first sheet as read by the upload worker, header included) as
 * correlation id, status and amount. `truncated` says the reader stopped past MAX_ROWS.
 */
export function reportRowsFromSheet(filename: string, sheet: { rows: unknown[][]; truncated: boolean }): ReportRow[] {
  const { rows } = sheet;
  const headerAt = rows.findIndex((r) => !isEmpty(r));
  if (headerAt < 0)
    throw new ReportFileError(msg({ defaultMessage: '{filename}: the file has no rows', id: 'V6oNbh' }, { filename }));

  const header = rows[headerAt].map(normaliseHeader);
  const column = (aliases: string[]) => {
    for (const alias of aliases) {
      const i = header.indexOf(alias);
      if (i >= 0) return i;
    }
    return -1;
  };
  const idCol = column(COLUMNS.correlation);
  const statusCol = column(COLUMNS.status);
  const amountCol = column(COLUMNS.amount);
  if (idCol < 0)
    throw new ReportFileError(
      msg({ defaultMessage: '{filename}: no correlation_id column was found', id: 'kbk23j' }, { filename }),
    );

  const tooMany = () =>
    new ReportFileError(
      msg(
        { defaultMessage: '{filename}: the file has more than {rows} rows; split it into smaller files', id: '3Vlg7A' },
        { filename, rows: MAX_ROWS.toLocaleString('en-US') },
      ),
    );
  const out: ReportRow[] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const r = rows[i];
    if (isEmpty(r)) continue;
    if (out.length === MAX_ROWS) throw tooMany();
    const status = statusCol < 0 ? null : text(r[statusCol]);
    out.push({
      row: i - headerAt,
      correlation_id: text(r[idCol]) ?? '',
      status: status === null ? null : status.toUpperCase(),
      amount: amountCol < 0 ? null : parseAmount(text(r[amountCol])),
    });
  }
  // The reader stopped early and the rows it stopped at still hold data: the sheet goes on.
  if (sheet.truncated && !isEmpty(rows[rows.length - 1])) throw tooMany();
  if (out.length === 0)
    throw new ReportFileError(msg({ defaultMessage: '{filename}: the file has no rows', id: 'V6oNbh' }, { filename }));
  return out;
}

function text(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
}

const isEmpty = (r: unknown[] | undefined) => !r || r.every((v) => text(v) === null);

/**
 * Rupiah amounts arrive as '1250000', '1,250,000', '1.250.000', 'Rp. 1.250.000,00', 'IDR 1,250,000.50' or 'Rp
 * 10.000,-'. The figures are read by the one rupiah reader the product has (readRupiah), so a file and a typed amount
 * agree on every amount both can hold. A provider's report column needs two things typed input refuses, and only
 * these are added here: its own decorations ('IDR' for 'Rp', a trailing ',-'), and cents that are not zero ('IDR
 * 1,250,000.50'), because the provider settles in sen and the report is a fact to match, not an amount a person meant.
 * A trailing ',' or '.' with exactly 1-2 digits is that decimal part; the whole is rounded to rupiah (half away from
 * zero). Anything else is null. Ambiguity accepted: '1,250' and '1.250' are 1250, never 1.25.
 */
export function parseAmount(raw: string | null): number | null {
  if (raw === null) return null;
  const written = raw
    .trim()
    .replace(/^(-?\s*)idr/i, '$1Rp')
    .replace(/[.,]\s*-$/, '');
  // The figures hold a digit, so the dot of a prefix ('Rp.0') is never taken for a decimal mark.
  const split = /^(.*?\d.*?)(?:[.,](\d{1,2}))?$/.exec(written);
  const figures = split ? split[1] : written;
  const cents = split?.[2];
  const whole = readRupiah(figures, { negative: true });
  if (!whole.ok) return null;
  if (cents === undefined) return whole.amount;
  // readRupiah has read the figures, so a '-' in them is the sign, even of '-0,40'.
  const negative = figures.includes('-');
  const rounded = Math.round(Number(`${Math.abs(whole.amount)}.${cents}`));
  if (!Number.isSafeInteger(rounded)) return null;
  return negative && rounded !== 0 ? -rounded : rounded; // '-0,40' must not yield -0
}
