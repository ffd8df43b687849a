import { and, eq, sql, type SQL } from 'drizzle-orm';
import * as v from 'valibot';
import type { DisbursementFilter } from '../../src/services/disbursementQuery.ts';
import type { TransactionFilter } from '../../src/services/payinQuery.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connect.ts';
import { exportJobs, type ExportKindName } from '../db/schema.ts';
import { DomainError, invalidInput, unavailable } from './errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { JobQueue, QueuedJob } from '../queue/jobQueue.ts';
import { audit } from './audit.ts';
import { DEFAULT_LANGUAGE } from '../../src/i18n/language.ts';
import { msg } from '../../src/i18n/msg.ts';
import { inLanguage } from './translations.ts';
import { loadPrincipal, type Principal } from './principal.ts';
import { assertDisbursementsExportable, writeDisbursementExport } from './disbursementExport.ts';
import { defaultDisbursementWindow, scopedDisbursementFilter } from './disbursementList.ts';
import { businessDay, scopedTransactionFilter } from './payinFilter.ts';
import { EXPORT_FILENAME, assertExportable, writeTransactionExport, type ExportFile } from './payinExport.ts';

export const EXPORT_QUEUE = 'transaction-export';
export const EMAIL_FAILED = msg({ defaultMessage: 'Email failed to send', id: '0hFlqy' });
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

interface ExportJobData {
  exportJobId: number;
}

const EmailAddress = v.pipe(v.string(), v.trim(), v.maxLength(254), v.email());

/** The address to send to, or the invalidInput the UI shows as 'Email failed to send'. */
export function emailAddress(input: string): string {
  const result = v.safeParse(EmailAddress, input);
  if (!result.success)
    throw invalidInput(EMAIL_FAILED, [
      { field: 'email', message: msg({ defaultMessage: 'email must be a valid e-mail address', id: 'Eg4fzN' }) },
    ]);
  return result.output;
}

type ListFilter = TransactionFilter | DisbursementFilter;

/**
 * What differs between the lists that can be e-mailed: the module that grants the export, the
 * default window, how a filter becomes a scoped `where`, and the sheet. The queue, the record, the
 * retries, the mail and the audit are the same code for both.
 */
interface ExportKind {
  module: string;
  /** Audit action prefix: `<prefix>.export.email`. */
  auditPrefix: string;
  /** The e-mail's subject, in English (translated into the requester's language when sent). */
  subject: string;
  /** The e-mail's text, in English. */
  text(values: { count: number; start: string; end: string; timeZone: string }): string;
  noun: string;
  defaultWindow(timeZone: string): { start: string; end: string };
  scope(db: Db, principal: Principal, filter: ListFilter, timeZone: string): Promise<SQL>;
  assertExportable(db: Db, where: SQL): Promise<number>;
  write(db: Db, where: SQL, timeZone: string): Promise<ExportFile>;
}

const exportKinds: Record<ExportKindName, ExportKind> = {
  transactions: {
    module: 'transactions',
    auditPrefix: 'transaction',
    subject: msg({ defaultMessage: 'Transaction export', id: 'so6Sth' }),
    text: (values) =>
      msg(
        { defaultMessage: 'Attached are the {count} transactions from {start} to {end} ({timeZone}).', id: 'QPlYUO' },
        values,
      ),
    noun: 'transactions',
    defaultWindow: (timeZone) => ({ start: `${businessDay(timeZone)} 00:00`, end: `${businessDay(timeZone)} 23:59` }),
    scope: async (db, principal, filter, timeZone) =>
      (await scopedTransactionFilter(db, principal, filter as TransactionFilter, timeZone)).where,
    assertExportable: (db, where) => assertExportable(db, where),
    write: writeTransactionExport,
  },
  disbursements: {
    module: 'disbursement-list',
    auditPrefix: 'disbursement',
    subject: msg({ defaultMessage: 'Disbursement export', id: 'RpeeL5' }),
    text: (values) =>
      msg(
        { defaultMessage: 'Attached are the {count} disbursements from {start} to {end} ({timeZone}).', id: '/LN9lb' },
        values,
      ),
    noun: 'disbursements',
    defaultWindow: defaultDisbursementWindow,
    scope: async (db, principal, filter, timeZone) =>
      (await scopedDisbursementFilter(db, principal, filter as DisbursementFilter, timeZone)).where,
    assertExportable: (db, where) => assertDisbursementsExportable(db, where),
    write: writeDisbursementExport,
  },
};

/** The filter with its time window spelled out, as the list would read it today ('today' keeps meaning that day). */
function withFixedWindow<F extends ListFilter>(filter: F, kind: ExportKind, timeZone: string): F {
  const window = kind.defaultWindow(timeZone);
  return { ...filter, start: filter.start ?? window.start, end: filter.end ?? window.end };
}

/** Records the export and queues it; a queue that will not take it is unavailable, with the UI's message. */
export async function queueEmailExport(
  db: Db,
  jobs: JobQueue,
  principal: Principal,
  filter: ListFilter,
  email: string,
  timeZone: string,
  ip: string,
  kindName: ExportKindName = 'transactions',
): Promise<number> {
  const kind = exportKinds[kindName];
  const fixed = withFixedWindow(filter, kind, timeZone);
  const [record] = await db
    .insert(exportJobs)
    .values({ kind: kindName, requestedBy: principal.id, email, filter: fixed })
    .returning({ id: exportJobs.id });
  const actor = {
    actorUserId: principal.id,
    actorEmail: principal.email,
    objectType: 'export_job',
    objectId: record.id,
    ip,
  };
  try {
    const queueJobId = await jobs.send(EXPORT_QUEUE, { exportJobId: record.id } satisfies ExportJobData);
    await db.update(exportJobs).set({ queueJobId }).where(eq(exportJobs.id, record.id));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await db
      .update(exportJobs)
      .set({ status: 'failed', error: `not queued: ${reason}`, finishedAt: new Date() })
      .where(eq(exportJobs.id, record.id));
    await audit(db, {
      ...actor,
      action: `${kind.auditPrefix}.export.email`,
      outcome: 'failure',
      detail: { email, filter: fixed, reason: 'not queued' },
    });
    throw unavailable(EMAIL_FAILED);
  }
  await audit(db, {
    ...actor,
    action: `${kind.auditPrefix}.export.email.queued`,
    outcome: 'success',
    detail: { email, filter: fixed },
  });
  return record.id;
}

/** Failures no retry can fix: the requester lost access, or the rows no longer fit a sheet. */
class PermanentFailure extends Error {}

export interface ExportWorkerDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
}

/** Builds the export of one recorded request, mails it, and records and audits how that ended. */
export async function runEmailExport(
  { db, config, mailer }: ExportWorkerDeps,
  job: QueuedJob<ExportJobData>,
): Promise<{ rows: number } | { skipped: string }> {
  const [record] = await db
    .update(exportJobs)
    .set({ attempts: sql`${exportJobs.attempts} + 1` })
    .where(and(eq(exportJobs.id, job.data.exportJobId), eq(exportJobs.status, 'queued')))
    .returning();
  if (!record) return { skipped: 'not waiting to be sent' };
  const kind = exportKinds[record.kind];
  const filter = record.filter as ListFilter;
  const actor = { actorUserId: record.requestedBy, objectType: 'export_job', objectId: record.id };
  let file: ExportFile | null = null;
  try {
    // Authorization is decided when the data is read, so access revoked in the meantime holds.
    const principal = await loadPrincipal(db, record.requestedBy);
    if (!principal?.moduleIds.includes(kind.module))
      throw new PermanentFailure(`The requester may no longer export ${kind.noun}`);
    const where = await scoped(db, kind, principal, filter, config.businessTimeZone);
    file = await kind.write(db, where, config.businessTimeZone);
    // In the requester's saved language (issue 48); English for one who saved none.
    const language = principal.language ?? DEFAULT_LANGUAGE;
    const sent = await mailer.send({
      to: record.email,
      subject: inLanguage(language, kind.subject),
      text: inLanguage(
        language,
        kind.text({
          count: file.rows,
          start: filter.start ?? '',
          end: filter.end ?? '',
          timeZone: config.businessTimeZone,
        }),
      ),
      attachments: [{ filename: EXPORT_FILENAME, path: file.path, contentType: XLSX_TYPE }],
    });
    await db
      .update(exportJobs)
      .set({ status: 'sent', rowCount: file.rows, error: null, finishedAt: new Date() })
      .where(eq(exportJobs.id, record.id));
    await audit(db, {
      ...actor,
      actorEmail: principal.email,
      action: `${kind.auditPrefix}.export.email`,
      outcome: 'success',
      detail: { email: record.email, rows: file.rows, messageId: sent.messageId },
    });
    return { rows: file.rows };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const final = job.finalAttempt || error instanceof PermanentFailure;
    await db
      .update(exportJobs)
      .set(final ? { status: 'failed', error: reason, finishedAt: new Date() } : { error: reason })
      .where(eq(exportJobs.id, record.id));
    if (final)
      await audit(db, {
        ...actor,
        action: `${kind.auditPrefix}.export.email`,
        outcome: 'failure',
        detail: { email: record.email, reason },
      });
    if (error instanceof PermanentFailure) return { skipped: reason };
    throw error;
  } finally {
    await file?.dispose();
  }
}

async function scoped(db: Db, kind: ExportKind, principal: Principal, filter: ListFilter, timeZone: string) {
  try {
    const where = await kind.scope(db, principal, filter, timeZone);
    await kind.assertExportable(db, where);
    return where;
  } catch (error) {
    if (error instanceof DomainError) throw new PermanentFailure(error.message);
    throw error;
  }
}

/**
 * This node's worker for e-mailed exports (every kind, one queue): a failed send is tried twice more, 30 s and then ~60
 * s later.
 */
export function startEmailExportWorker(jobs: JobQueue, deps: ExportWorkerDeps): Promise<void> {
  return jobs.work<ExportJobData>(
    EXPORT_QUEUE,
    { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 15 * 60 },
    (job) => runEmailExport(deps, job),
  );
}
