import { inArray } from 'drizzle-orm';
import type { ReconciledRow, ReconciliationResult } from '../../src/services/reconciliationRules.ts';
import type { Db } from '../db/connect.ts';
import { transactions } from '../db/schema.ts';
import { reportRowsFromSheet, type ReportRow } from './reconciliationFile.ts';

/** A provider's report says SUCCESS or PAID where we say FINALIZED (or SETTLED, once paid out). */
function sameStatus(ours: string, theirs: string): boolean {
  const paid = new Set(['FINALIZED', 'SETTLED', 'SUCCESS', 'PAID', 'SETTLE', 'COMPLETED']);
  return ours === theirs || (paid.has(ours) && paid.has(theirs));
}

/**
 * 'Check Transactions': every row of every uploaded report matched against our records by
 * correlation id: found or missing, our status against the file's, and whether amounts agree.
 */
export async function reconcile(db: Db, files: Array<{ filename: string; sheet: { rows: unknown[][]; truncated: boolean } }>, settlementType: string): Promise<ReconciliationResult> {
  const parsed: Array<{ file: string; rows: ReportRow[] }> = files.map((f) => ({ file: f.filename, rows: reportRowsFromSheet(f.filename, f.sheet) }));
  const ids = [...new Set(parsed.flatMap((p) => p.rows.map((r) => r.correlation_id)).filter(Boolean))];
  const ours = new Map<string, typeof transactions.$inferSelect>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const chunk = ids.slice(i, i + 5_000);
    for (const t of await db.select().from(transactions).where(inArray(transactions.correlationId, chunk))) ours.set(t.correlationId, t);
  }
  const rows: ReconciledRow[] = parsed.flatMap(({ file, rows: reportRows }) => reportRows.map((r) => {
    const t = ours.get(r.correlation_id);
    return {
      file, row: r.row, correlation_id: r.correlation_id, found: t != null,
      type_match: t ? t.type === settlementType : null,
      our_status: t?.status ?? null, file_status: r.status,
      status_match: t && r.status ? sameStatus(t.status, r.status) : null,
      our_amount: t?.amount ?? null, file_amount: r.amount,
      amount_match: t && r.amount != null ? t.amount === r.amount : null,
    };
  }));
  return {
    rows,
    summary: {
      files: files.length, rows: rows.length, found: rows.filter((r) => r.found).length, missing: rows.filter((r) => !r.found).length,
      status_mismatch: rows.filter((r) => r.status_match === false).length, amount_mismatch: rows.filter((r) => r.amount_match === false).length,
    },
  };
}
