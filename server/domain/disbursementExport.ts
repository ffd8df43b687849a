import { sql, type SQL } from 'drizzle-orm';
import type { DisbursementFilter, DisbursementRow } from '../../src/services/disbursementQuery.ts';
import type { Db } from '../db/connect.ts';
import type { RequestOrigin } from './authentication.ts';
import { DISBURSEMENT_COLUMNS, toDisbursementListRow } from './disbursementList.ts';
import type { Principal } from './principal.ts';
import {
  EXPORT_MAX_ROWS,
  assertExportable,
  auditDownload,
  writeListExport,
  type ExportColumn,
  type ExportFile,
  type ExportSource,
} from './payinExport.ts';

const COLUMNS: ExportColumn<DisbursementRow>[] = [
  { header: 'Transaction Time', width: 20, value: (r, time) => time(r.transaction_time) },
  { header: 'Correlation ID', width: 30, value: (r) => r.correlation_id },
  { header: 'Client', width: 24, value: (r) => r.client_name },
  { header: 'Withdrawal Method', width: 12, value: (r) => r.withdrawal_method },
  { header: 'Bank', width: 18, value: (r) => r.bank_name },
  { header: 'Bank Account Name', width: 26, value: (r) => r.bank_account_name },
  { header: 'Account No', width: 20, value: (r) => r.account_no },
  { header: 'Original Transaction No', width: 26, value: (r) => r.original_transaction_no },
  { header: 'Amount', width: 14, value: (r) => r.amount },
  { header: 'Fee', width: 10, value: (r) => r.fee_amount },
  { header: 'Status', width: 16, value: (r) => r.status },
  { header: 'Completed Time', width: 20, value: (r, time) => time(r.paid_time) },
];
export const DISBURSEMENT_EXPORT_HEADERS = COLUMNS.map((c) => c.header);

/** The Disbursement List through the pay-in export's streaming path (one cursor, in batches, into ExcelJS). */
export const DISBURSEMENT_EXPORT: ExportSource<DisbursementRow> = {
  table: 'disbursements',
  // As disbursements_time_idx and disbursements_client_time_idx are (DESC NULLS FIRST).
  order: sql`t.transaction_time desc, t.id desc`,
  columns: DISBURSEMENT_COLUMNS,
  toRow: toDisbursementListRow,
  sheetName: 'Disbursements',
  sheet: COLUMNS,
};

export const assertDisbursementsExportable = (db: Db, where: SQL, maxRows = EXPORT_MAX_ROWS) =>
  assertExportable(db, where, maxRows, 'disbursements');
export const writeDisbursementExport = (db: Db, where: SQL, timeZone: string) =>
  writeListExport(db, DISBURSEMENT_EXPORT, where, timeZone);

/** The Disbursement List's Export as a download: the file, and the audit line of who took it. */
export async function downloadDisbursementExport(
  db: Db,
  principal: Principal,
  filter: DisbursementFilter,
  where: SQL,
  timeZone: string,
  origin: RequestOrigin,
): Promise<ExportFile> {
  const file = await writeDisbursementExport(db, where, timeZone);
  return auditDownload(db, file, { principal, origin }, 'disbursement.export.download', {
    filter,
    sheet: DISBURSEMENT_EXPORT.sheetName,
  });
}
