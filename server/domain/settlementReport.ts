import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { SETTLEMENT_TYPE_LABELS } from '../../src/services/settlementRules.ts';
import type { Db } from '../db/connect.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import type { Principal } from './principal.ts';
import { settlementRun, type ServiceTotals } from './settlement.ts';

/**
 * A run's report as .xlsx: what was pressed and how it ended, then what the run settled per
 * client and service (read from the pay-ins stamped with the run, so it stays true afterwards).
 * One row per client and service: small, so it is built in memory.
 */
export async function settlementReport(db: Db, runId: number): Promise<{ content: string; filename: string }> {
  const run = await settlementRun(db, runId);
  // Grouped by client id, as the settle screen's rows are: two clients of one name stay two rows.
  const { rows } = await db.execute<ServiceTotals>(sql`
    select c.client_name, t.service_type as service_name, count(*) as n, sum(t.amount) as amount,
      sum(t.fee_amount) as fee
    from transactions t join clients c on c.id = t.client_id
    where t.settlement_run_id = ${runId}
    group by t.client_id, c.client_name, t.service_type order by c.client_name, t.client_id, t.service_type`);
  const workbook = new ExcelJS.Workbook();
  const summary = workbook.addWorksheet('Settlement');
  summary.columns = [{ width: 28 }, { width: 40 }];
  const facts: Array<[string, string | number]> = [
    ['Settlement', run.id],
    ['Settlement Type', SETTLEMENT_TYPE_LABELS[run.type]],
    ['Start', run.start],
    ['End', run.end],
    ['Requested By', run.requested_by],
    ['Status', run.status],
    ['Started At', run.started_at],
    ['Finished At', run.finished_at ?? ''],
    ['Transactions To Settle', run.total_transaction],
    ['Transactions Settled', run.settled_transaction],
    ['Total Transaction Amount', run.settled_transaction_amount],
    ['Total Fee Amount', run.settled_fee_amount],
    ['Total Amount', run.settled_amount],
    ['Moved To Withdrawable', run.moved_amount],
    ['Error', run.error ?? ''],
  ];
  for (const fact of facts) summary.addRow(fact);
  const detail = workbook.addWorksheet('Rows');
  detail.columns = [
    'Client Name',
    'Service Name',
    'Total Transaction Count',
    'Total Transaction Amount',
    'Total Fee Amount',
    'Total Amount',
  ].map((header) => ({ header, width: 24 }));
  for (const r of rows)
    detail.addRow([
      r.client_name,
      r.service_name,
      Number(r.n),
      Number(r.amount),
      Number(r.fee),
      Number(r.amount) - Number(r.fee),
    ]);
  const buffer = Buffer.from(await workbook.xlsx.writeBuffer());
  return { content: buffer.toString('base64'), filename: `settlement-${run.type}-${run.id}.xlsx` };
}

/** A run's report as downloaded: the file, and the audit line of who took it. */
export async function downloadSettlementReport(
  db: Db,
  principal: Principal,
  runId: number,
  origin: RequestOrigin,
): Promise<{ content: string; filename: string }> {
  const file = await settlementReport(db, runId);
  await audit(db, {
    actorUserId: principal.id,
    actorEmail: principal.email,
    action: 'settlement.report.download',
    objectType: 'settlement_run',
    objectId: runId,
    outcome: 'success',
    ip: origin.ip,
  });
  return file;
}
