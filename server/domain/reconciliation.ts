import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import type { ReconciledRow, ReconciliationResult } from '../../src/services/reconciliationRules.ts';
import type { Db } from '../db/connect.ts';
import { transactions } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import type { Principal } from './principal.ts';
import { reportRowsFromSheet, type ReportRow } from './reconciliationFile.ts';
import { reconciliationMismatched } from './workOrderEvents.ts';

type ReportSheet = { filename: string; sheet: { rows: unknown[][]; truncated: boolean } };

/** A provider's report says SUCCESS or PAID where we say FINALIZED (or SETTLED, once paid out). */
function sameStatus(ours: string, theirs: string): boolean {
  const paid = new Set(['FINALIZED', 'SETTLED', 'SUCCESS', 'PAID', 'SETTLE', 'COMPLETED']);
  return ours === theirs || (paid.has(ours) && paid.has(theirs));
}

/**
 * 'Check Transactions': every row of every uploaded report matched against our records by
 * correlation id: found or missing, our status against the file's, and whether amounts agree.
 */
export async function reconcile(db: Db, files: ReportSheet[], settlementType: string): Promise<ReconciliationResult> {
  const parsed: Array<{ file: string; rows: ReportRow[] }> = files.map((f) => ({
    file: f.filename,
    rows: reportRowsFromSheet(f.filename, f.sheet),
  }));
  const ids = [...new Set(parsed.flatMap((p) => p.rows.map((r) => r.correlation_id)).filter(Boolean))];
  const ours = new Map<string, typeof transactions.$inferSelect>();
  for (let i = 0; i < ids.length; i += 5_000) {
    const chunk = ids.slice(i, i + 5_000);
    for (const t of await db.select().from(transactions).where(inArray(transactions.correlationId, chunk)))
      ours.set(t.correlationId, t);
  }
  const rows: ReconciledRow[] = parsed.flatMap(({ file, rows: reportRows }) =>
    reportRows.map((r) => {
      const t = ours.get(r.correlation_id);
      return {
        file,
        row: r.row,
        correlation_id: r.correlation_id,
        found: t != null,
        type_match: t ? t.type === settlementType : null,
        our_status: t?.status ?? null,
        file_status: r.status,
        status_match: t && r.status ? sameStatus(t.status, r.status) : null,
        our_amount: t?.amount ?? null,
        file_amount: r.amount,
        amount_match: t && r.amount != null ? t.amount === r.amount : null,
      };
    }),
  );
  return {
    rows,
    summary: {
      files: files.length,
      rows: rows.length,
      found: rows.filter((r) => r.found).length,
      missing: rows.filter((r) => !r.found).length,
      status_mismatch: rows.filter((r) => r.status_match === false).length,
      amount_mismatch: rows.filter((r) => r.amount_match === false).length,
    },
  };
}

/** A user's 'Check Transactions': the files reconciled, the upload audited, and any mismatch made their work order. */
export async function checkTransactionFiles(
  db: Db,
  principal: Principal,
  files: ReportSheet[],
  settlementType: string,
  origin: RequestOrigin,
): Promise<ReconciliationResult> {
  const result = await reconcile(db, files, settlementType);
  const { summary } = result;
  const filenames = files.map((f) => f.filename);
  await inTransaction(db, async (tx) => {
    await audit(tx, {
      actorUserId: principal.id,
      actorEmail: principal.email,
      action: 'transaction.check_file',
      outcome: 'success',
      ip: origin.ip,
      detail: { settlementType, filenames, ...summary },
    });
    // Mismatches are work for the uploader: a work order commits with the audit record of the upload.
    if (summary.missing + summary.status_mismatch + summary.amount_mismatch > 0) {
      await reconciliationMismatched(
        tx,
        principal.id,
        randomBytes(4).toString('hex').toUpperCase(),
        summary,
        filenames,
      );
    }
  });
  return result;
}
