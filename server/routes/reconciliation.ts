import type { FastifyInstance } from 'fastify';
import { SETTLEMENT_TYPES } from '../../src/services/reconciliationRules.ts';
import { checkTransactionFiles } from '../domain/reconciliation.ts';
import {
  checkFileCount,
  MAX_CELLS,
  MAX_FILE_BYTES,
  MAX_FILES,
  MAX_ROWS,
  ReportFileError,
} from '../domain/reconciliationFile.ts';
import { requireAuth } from '../http/access.ts';
import { invalidInput } from '../domain/errors.ts';
import { ok } from '../http/reply.ts';
import { readUploadParts } from '../uploads/multipartUpload.ts';
import { readSheetRows } from '../uploads/sheetReader.ts';
import { oneUploadPerUser } from '../uploads/uploadSlots.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

/** 'Check Transactions': up to 20 provider reports (CSV or Excel, 5 MB each) against our records. */
export function reconciliationRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.post(routes.checkTransactionsFile.path, (request) =>
      oneUploadPerUser(requireAuth(request).principal.id, async () => {
        const { files, fields } = await readUploadParts(request, {
          maxFiles: MAX_FILES,
          maxFileBytes: MAX_FILE_BYTES,
          fields: ['settlementType'],
        });
        const settlementType = fields.settlementType ?? '';
        if (!(SETTLEMENT_TYPES as readonly string[]).includes(settlementType))
          throw invalidInput(
            msg(
              { defaultMessage: 'settlementType must be one of {types}', id: 'jGWr4d' },
              { types: SETTLEMENT_TYPES.join(', ') },
            ),
          );
        try {
          checkFileCount(files.length);
          // One file at a time: the worker pool is shared by every upload, so one request never holds all of it.
          const sheets = [];
          for (const file of files)
            sheets.push({
              filename: file.filename,
              sheet: await readSheetRows(file, { maxRows: MAX_ROWS, maxCells: MAX_CELLS }),
            });
          const result = await checkTransactionFiles(
            db,
            requireAuth(request).principal,
            sheets,
            settlementType,
            originOf(request),
          );
          return ok(
            result,
            msg(
              { defaultMessage: '{rows} rows checked: {found} found, {missing} missing', id: 'Xo0Or5' },
              { rows: result.summary.rows, found: result.summary.found, missing: result.summary.missing },
            ),
          );
        } catch (error) {
          if (error instanceof ReportFileError) throw invalidInput(error.message);
          throw error;
        }
      }),
    );
  };
}
