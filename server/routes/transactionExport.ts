import type { FastifyInstance } from 'fastify';
import { FILE_DOWNLOADED } from '../../src/services/successTexts.ts';
import { TransactionDownloadQuery } from '../../src/services/transactionQuery.ts';
import { emailAddress, queueEmailExport } from '../domain/exportJobs.ts';
import { scopedTransactionFilter } from '../domain/transactionFilter.ts';
import { EXPORT_FILENAME, assertExportable, downloadTransactionExport } from '../domain/transactionExport.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { fileEnvelope } from '../http/fileEnvelope.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** The Payments List's Export: the filtered rows as .xlsx, in the response or by e-mail. */
export function transactionExportRoutes({ database, config, jobs }: RouteDeps) {
  const { db } = database;
  // No automatic HEAD route: a HEAD would build a whole export only to throw it away.
  const tz = config.businessTimeZone;
  return async (app: FastifyInstance) => {
    app.get(routes.transactionDownload.path, { exposeHeadRoute: false }, async (request, reply) => {
      const { email, ...filter } = parseInput(TransactionDownloadQuery, request.query);
      const address = email === undefined ? null : emailAddress(email);
      const { principal } = requireAuth(request);
      const { where } = await scopedTransactionFilter(db, principal, filter, tz);
      await assertExportable(db, where);

      if (address) {
        await queueEmailExport(db, jobs, principal, filter, address, tz, request.ip);
        return ok(undefined, `Export will be sent to ${address}`);
      }

      const file = await downloadTransactionExport(db, principal, filter, where, tz, originOf(request));
      try {
        const { body, length } = await fileEnvelope(file.path, EXPORT_FILENAME, FILE_DOWNLOADED, file.dispose);
        return reply.type('application/json; charset=utf-8').header('content-length', length).send(body);
      } catch (error) {
        await file.dispose();
        throw error;
      }
    });
  };
}
