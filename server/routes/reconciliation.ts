import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { SETTLEMENT_TYPES } from '../../src/services/reconciliationRules.ts';
import { audit } from '../domain/audit.ts';
import { reconcile } from '../domain/reconciliation.ts';
import { checkFileCount, MAX_FILE_BYTES, MAX_FILES, ReportFileError } from '../domain/reconciliationFile.ts';
import { requireAuth } from '../http/access.ts';
import { badRequest } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { API, type RouteDeps } from './context.ts';

/** 'Check Transactions': up to 20 provider reports (CSV or Excel, 5 MB each) against our records. */
export function reconciliationRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    // One more than allowed, so a 21st file is reported in the product's words rather than cut off.
    await app.register(multipart, { limits: { files: MAX_FILES + 1, fileSize: MAX_FILE_BYTES + 1, fields: 5, fieldSize: 1_000 } });
    app.post(`${API}/transaction/get-status-transaction-file`, async (request) => {
      if (!request.isMultipart()) throw badRequest('Send the files as multipart/form-data');
      const files: Array<{ filename: string; data: Buffer }> = [];
      let settlementType = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.file.truncated) throw new ReportFileError(`${part.filename}: Limit Size Gambar 5 MB`);
            files.push({ filename: part.filename || 'file', data });
          } else if (part.fieldname === 'settlementType') {
            settlementType = String(part.value);
          }
        }
      } catch (error) {
        if (error instanceof ReportFileError) throw badRequest(error.message);
        const code = (error as { code?: string }).code;
        if (code === 'FST_FILES_LIMIT') throw badRequest(`Maximum Gambar Diunduh ${MAX_FILES} Gambar`);
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('Limit Size Gambar 5 MB');
        throw error;
      }
      if (!(SETTLEMENT_TYPES as readonly string[]).includes(settlementType)) throw badRequest(`settlementType must be one of ${SETTLEMENT_TYPES.join(', ')}`);
      try {
        checkFileCount(files.length);
        const result = await reconcile(db, files, settlementType);
        const { principal } = requireAuth(request);
        await audit(db, { actorUserId: principal.id, actorEmail: principal.email, action: 'transaction.check_file', outcome: 'success', ip: request.ip, detail: { settlementType, filenames: files.map((f) => f.filename), ...result.summary } });
        return ok(result, `${result.summary.rows} rows checked: ${result.summary.found} found, ${result.summary.missing} missing`);
      } catch (error) {
        if (error instanceof ReportFileError) throw badRequest(error.message);
        throw error;
      }
    });
  };
}
