import { sql } from 'drizzle-orm';
import {
  LEDGER_STATEMENT_FILENAME,
  type LedgerAccount,
  type LedgerStatementRow,
} from '../../src/services/ledgerRules.ts';
import type { Db } from '../db/connect.ts';
import type { Cell, SheetColumn } from '../export/xlsxStream.ts';
import type { RequestOrigin } from './authentication.ts';
import { ruleBroken } from './errors.ts';
import { statementBatches } from './ledgerViews.ts';
import type { Principal } from './principal.ts';
import { auditDownload, businessTime, writeSheetFile, type ExportFile } from './payinExport.ts';
import { msg } from '../../src/i18n/msg.ts';

/** The statement download's cap, as the audit log's: beyond it the file would take minutes and hundreds of MB. */
export const STATEMENT_EXPORT_MAX_ROWS = 100_000;

const SHEET: Array<SheetColumn & { value: (r: LedgerStatementRow, time: (iso: string) => string) => Cell }> = [
  { header: 'Time', width: 20, value: (r, time) => time(r.time) },
  { header: 'Reference', width: 38, value: (r) => r.reference },
  { header: 'Kind', width: 26, value: (r) => r.kind },
  { header: 'Description', width: 40, value: (r) => r.description },
  { header: 'Amount', width: 18, value: (r) => r.amount },
  { header: 'Balance', width: 18, value: (r) => r.balance },
];
export const STATEMENT_EXPORT_HEADERS = SHEET.map((c) => c.header);

/** Counts first, so a statement beyond the cap is refused before any work. */
export async function assertStatementExportable(db: Db, accountId: number, maxRows = STATEMENT_EXPORT_MAX_ROWS) {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from postings where account_id = ${accountId}`,
  );
  const n = Number(rows[0].n);
  if (n > maxRows) {
    throw ruleBroken(
      msg(
        { defaultMessage: 'The statement has {count} entries, more than the {max} a download may hold.', id: 'iYDSQu' },
        { count: n.toLocaleString('en-US'), max: maxRows.toLocaleString('en-US') },
      ),
    );
  }
}

/** The account's whole statement, newest first, times on the business clock, and the audit line of who took it. */
export async function downloadStatement(
  db: Db,
  principal: Principal,
  account: LedgerAccount,
  timeZone: string,
  origin: RequestOrigin,
): Promise<ExportFile> {
  const time = businessTime(timeZone);
  async function* cells(): AsyncGenerator<Cell[][]> {
    for await (const batch of statementBatches(db, account)) yield batch.map((r) => SHEET.map((c) => c.value(r, time)));
  }
  const file = await writeSheetFile(
    { prefix: 'bo-ledger-', filename: LEDGER_STATEMENT_FILENAME, sheetName: 'Statement', sheet: SHEET },
    cells(),
  );
  return auditDownload(db, file, { principal, origin }, 'ledger.statement_download', {
    account_id: account.id,
    account_code: account.code,
  });
}
