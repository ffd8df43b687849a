import type { FastifyInstance } from 'fastify';
import { DisbursementDownloadQuery } from '../../src/services/disbursementQuery.ts';
import { FILE_DOWNLOADED } from '../../src/services/successTexts.ts';
import { assertDisbursementsExportable, downloadDisbursementExport } from '../domain/disbursementExport.ts';
import { scopedDisbursementFilter } from '../domain/disbursementList.ts';
import { emailAddress, queueEmailExport } from '../domain/exportJobs.ts';
import { EXPORT_FILENAME } from '../domain/transactionExport.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { fileEnvelope } from '../http/fileEnvelope.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** The Disbursement List's Export: the filtered rows as .xlsx in the response ('Data Download'), or by e-mail. */
export function disbursementExportRoutes({ database, config, jobs }: RouteDeps) {
  const { db } = database;
  const tz = config.businessTimeZone;
  return async (app: FastifyInstance) => {
    // No automatic HEAD route: a HEAD would build a whole export only to throw it away.
    app.get(routes.disbursementDownload.path, { exposeHeadRoute: false }, async (request, reply) => {
      const { email, ...filter } = parseInput(DisbursementDownloadQuery, request.query);
      const address = email === undefined ? null : emailAddress(email);
      const { principal } = requireAuth(request);
      const { where } = await scopedDisbursementFilter(db, principal, filter, tz);
      await assertDisbursementsExportable(db, where);

      if (address) {
        await queueEmailExport(db, jobs, principal, filter, address, tz, request.ip, 'disbursements');
        return ok(undefined, `Export will be sent to ${address}`);
      }

      const file = await downloadDisbursementExport(db, principal, filter, where, tz, originOf(request));
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
