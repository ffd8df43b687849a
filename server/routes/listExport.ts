import type { FastifyInstance } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type * as v from 'valibot';
import { DisbursementDownloadQuery, type DisbursementFilter } from '../../src/services/disbursementQuery.ts';
import { routes } from '../../src/services/routes.ts';
import { FILE_DOWNLOADED } from '../../src/services/successTexts.ts';
import { TransactionDownloadQuery, type TransactionFilter } from '../../src/services/payinQuery.ts';
import type { RequestOrigin } from '../domain/authentication.ts';
import type { Database } from '../domain/database.ts';
import { assertDisbursementsExportable, downloadDisbursementExport } from '../domain/disbursementExport.ts';
import { scopedDisbursementFilter } from '../domain/disbursementList.ts';
import { emailAddress, queueEmailExport } from '../domain/exportJobs.ts';
import type { Principal } from '../domain/principal.ts';
import { scopedTransactionFilter } from '../domain/payinFilter.ts';
import {
  EXPORT_FILENAME,
  assertExportable,
  downloadTransactionExport,
  type ExportFile,
} from '../domain/payinExport.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { sendFileEnvelope } from '../http/fileEnvelope.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { msg } from '../../src/i18n/msg.ts';

type Db = Database['db'];

/** What one list's Export supplies; the route around it is the same for every list. */
interface ListExport<F extends TransactionFilter | DisbursementFilter> {
  path: string;
  /** The list's filter plus an optional `email` (send the file there instead of answering with it). */
  query: v.GenericSchema<unknown, F & { email?: string }>;
  scope(db: Db, principal: Principal, filter: F, timeZone: string): Promise<{ where: SQL }>;
  assertExportable(db: Db, where: SQL): Promise<number>;
  download(
    db: Db,
    principal: Principal,
    filter: F,
    where: SQL,
    timeZone: string,
    origin: RequestOrigin,
  ): Promise<ExportFile>;
}

// A helper only so each entry's filter type is checked against its own domain functions.
const listExport = <F extends TransactionFilter | DisbursementFilter>(spec: ListExport<F>) => spec;

const listExports = {
  /** The Payments List's Export. */
  transactions: listExport({
    path: routes.transactionDownload.path,
    query: TransactionDownloadQuery,
    scope: scopedTransactionFilter,
    assertExportable: (db, where) => assertExportable(db, where),
    download: downloadTransactionExport,
  }),
  /** The Disbursement List's Export ('Data Download'). */
  disbursements: listExport({
    path: routes.disbursementDownload.path,
    query: DisbursementDownloadQuery,
    scope: scopedDisbursementFilter,
    assertExportable: (db, where) => assertDisbursementsExportable(db, where),
    download: downloadDisbursementExport,
  }),
};

/** A list's Export: the filtered rows as .xlsx, in the response or by e-mail. */
export function listExportRoutes(kind: keyof typeof listExports, { database, config, jobs }: RouteDeps) {
  const { db } = database;
  const tz = config.businessTimeZone;
  const spec: ListExport<TransactionFilter | DisbursementFilter> = listExports[kind];
  return async (app: FastifyInstance) => {
    // No automatic HEAD route: a HEAD would build a whole export only to throw it away.
    app.get(spec.path, { exposeHeadRoute: false }, async (request, reply) => {
      const { email, ...filter } = parseInput(spec.query, request.query);
      const address = email === undefined ? null : emailAddress(email);
      const { principal } = requireAuth(request);
      const { where } = await spec.scope(db, principal, filter, tz);
      await spec.assertExportable(db, where);

      if (address) {
        await queueEmailExport(db, jobs, principal, filter, address, tz, request.ip, kind);
        return ok(undefined, msg({ defaultMessage: 'Export will be sent to {address}', id: '3/A6+p' }, { address }));
      }

      const file = await spec.download(db, principal, filter, where, tz, originOf(request));
      return sendFileEnvelope(reply, file, EXPORT_FILENAME, FILE_DOWNLOADED);
    });
  };
}
