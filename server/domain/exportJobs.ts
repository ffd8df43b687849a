import { and, eq, sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { TransactionFilter } from '../../src/services/transactionQuery.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { exportJobs } from '../db/schema.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { JobQueue, QueuedJob } from '../queue/jobQueue.ts';
import { audit } from './audit.ts';
import { loadPrincipal, type Principal } from './principal.ts';
import { scopedTransactionFilter } from './transactionFilter.ts';
import { EXPORT_FILENAME, assertExportable, writeTransactionExport, type ExportFile } from './transactionExport.ts';

export const EXPORT_QUEUE = 'transaction-export';
export const EMAIL_FAILED = 'Email failed to send';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportJobData { exportJobId: number }

const EmailAddress = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());

/** The address to send to, or the 400 the UI shows as 'Email failed to send'. */
export function emailAddress(input: string): string {
  const result = v.safeParse(EmailAddress, input);
  if (!result.success) throw badRequest(EMAIL_FAILED, [{ field: 'email', message: 'email must be a valid e-mail address' }]);
  return result.output;
}

/** The filter with its time window spelled out, read as scopedTransactionFilter would read it today. */
function withFixedWindow(filter: TransactionFilter, timeZone: string): TransactionFilter {
  const day = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
  return { ...filter, start: filter.start ?? `${day} 00:00`, end: filter.end ?? `${day} 23:59` };
}

/** Records the export and queues it; a queue that will not take it is a 503 with the UI's message. */
export async function queueEmailExport(
  db: Db, jobs: JobQueue, principal: Principal, filter: TransactionFilter, email: string, timeZone: string, ip: string,
): Promise<number> {
  const fixed = withFixedWindow(filter, timeZone);
  const [record] = await db.insert(exportJobs).values({ requestedBy: principal.id, email, filter: fixed }).returning({ id: exportJobs.id });
  const actor = { actorUserId: principal.id, actorEmail: principal.email, objectType: 'export_job', objectId: record.id, ip };
  try {
    const queueJobId = await jobs.send(EXPORT_QUEUE, { exportJobId: record.id } satisfies ExportJobData);
    await db.update(exportJobs).set({ queueJobId }).where(eq(exportJobs.id, record.id));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db.update(exportJobs).set({ status: 'failed', error: `not queued: ${reason}`, finishedAt: new Date() }).where(eq(exportJobs.id, record.id));
    await audit(db, { ...actor, action: 'transaction.export.email', outcome: 'failure', detail: { email, filter: fixed, reason: 'not queued' } });
    throw new HttpError(503, EMAIL_FAILED);
  }
  await audit(db, { ...actor, action: 'transaction.export.email.queued', outcome: 'success', detail: { email, filter: fixed } });
  return record.id;
}

/** Failures no retry can fix: the requester lost access, or the rows no longer fit a sheet. */
class PermanentFailure extends Error {}

export interface ExportWorkerDeps { db: Db; config: Config; mailer: Mailer }

/** Builds the export of one recorded request, mails it, and records and audits how that ended. */
export async function runEmailExport({ db, config, mailer }: ExportWorkerDeps, job: QueuedJob<ExportJobData>): Promise<{ rows: number } | { skipped: string }> {
  const [record] = await db.update(exportJobs).set({ attempts: sql`${exportJobs.attempts} + 1` })
    .where(and(eq(exportJobs.id, job.data.exportJobId), eq(exportJobs.status, 'queued'))).returning();
  if (!record) return { skipped: 'not waiting to be sent' };
  const filter = record.filter as TransactionFilter;
  const actor = { actorUserId: record.requestedBy, objectType: 'export_job', objectId: record.id };
  let file: ExportFile | null = null;
  try {
    // Authorization is decided when the data is read, so access revoked in the meantime holds.
    const principal = await loadPrincipal(db, record.requestedBy);
    if (!principal?.moduleIds.includes('transactions')) throw new PermanentFailure('The requester may no longer export transactions');
    const where = await scoped(db, principal, filter, config.businessTimeZone);
    file = await writeTransactionExport(db, where, config.businessTimeZone);
    const sent = await mailer.send({
      to: record.email,
      subject: 'Transaction export',
      text: `Attached are the ${file.rows} transactions from ${filter.start} to ${filter.end} (${config.businessTimeZone}).`,
      attachments: [{ filename: EXPORT_FILENAME, path: file.path, contentType: XLSX_TYPE }],
    });
    await db.update(exportJobs).set({ status: 'sent', rowCount: file.rows, error: null, finishedAt: new Date() }).where(eq(exportJobs.id, record.id));
    await audit(db, { ...actor, actorEmail: principal.email, action: 'transaction.export.email', outcome: 'success', detail: { email: record.email, rows: file.rows, messageId: sent.messageId } });
    return { rows: file.rows };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = job.finalAttempt || error instanceof PermanentFailure;
    await db.update(exportJobs).set(final ? { status: 'failed', error: reason, finishedAt: new Date() } : { error: reason })
      .where(eq(exportJobs.id, record.id));
    if (final) await audit(db, { ...actor, action: 'transaction.export.email', outcome: 'failure', detail: { email: record.email, reason } });
    if (error instanceof PermanentFailure) return { skipped: reason };
    throw error;
  } finally {
    await file?.dispose();
  }
}

async function scoped(db: Db, principal: Principal, filter: TransactionFilter, timeZone: string) {
  try {
    const { where } = await scopedTransactionFilter(db, principal, filter, timeZone);
    await assertExportable(db, where);
    return where;
  } catch (error) {
    if (error instanceof HttpError) throw new PermanentFailure(error.message);
    throw error;
  }
}

/** This node's worker for e-mailed exports: a failed send is tried twice more, 30 s and then ~60 s later. */
export function startEmailExportWorker(jobs: JobQueue, deps: ExportWorkerDeps): Promise<void> {
  return jobs.work<ExportJobData>(EXPORT_QUEUE, { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 15 * 60 }, (job) => runEmailExport(deps, job));
}
