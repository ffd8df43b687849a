import type { FastifyInstance } from 'fastify';
import {
  VOID_MAX_CELLS,
  VOID_MAX_FILE_BYTES,
  VOID_MAX_ROWS,
  assertVoidFileName,
  previewVoidDisbursements,
  voidTooManyRows,
  voidDisbursements,
  voidRowsFromSheet,
} from '../domain/disbursementVoid.ts';
import {
  VOID_DRY_RUN_FIELD,
  VOID_EXPECTED_AMOUNT_FIELD,
  VOID_EXPECTED_COUNT_FIELD,
  VoidUploadFields,
  voidUploadMessage,
} from '../../src/services/disbursementActions.ts';
import { announceBalance } from '../events/balanceEvents.ts';
import { requireAuth } from '../http/access.ts';
import { invalidInput, ruleBroken } from '../domain/errors.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { readUploadParts } from '../uploads/multipartUpload.ts';
import { readSheetRows } from '../uploads/sheetReader.ts';
import { oneUploadPerUser } from '../uploads/uploadSlots.ts';
import { replyHeld } from './heldReply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * 'Upload Void Transaction': one CSV or XLSX file (5 MB) of correlation ids; each FINALIZED one
 * becomes VOIDED with its money back. With the field dry_run=true the answer says what each row
 * would do and what would come back, and nothing changes; the apply may name that preview's count and amount
 * (expected_count, expected_amount) and is refused (409) when the file would now void other figures. The sheet is read by the shared upload reader (a worker pool,
 * off the main thread); only the pure row handling and the voids are here.
 */
export function disbursementVoidRoutes({ database, realtime }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.post(routes.voidDisbursementsFile.path, async (request, reply) => {
      const { principal } = requireAuth(request);
      return oneUploadPerUser(principal.id, async () => {
        const { files, fields } = await readUploadParts(request, {
          maxFiles: 1,
          maxFileBytes: VOID_MAX_FILE_BYTES,
          fields: [VOID_DRY_RUN_FIELD, VOID_EXPECTED_COUNT_FIELD, VOID_EXPECTED_AMOUNT_FIELD],
        });
        const { dry_run: dryRunField, expected_count, expected_amount } = parseInput(VoidUploadFields, fields);
        const file = files[0];
        if (!file)
          throw invalidInput(msg({ defaultMessage: 'Choose a CSV or XLSX file of correlation_ids', id: 'fB2I1A' }));
        assertVoidFileName(file.filename);
        const sheet = await readSheetRows(file, { maxRows: VOID_MAX_ROWS, maxCells: VOID_MAX_CELLS });
        // The reader stopped past the limit with data still coming: refuse rather than void part of the file.
        if (sheet.truncated && sheet.rows.at(-1)?.some((cell) => cell !== null && String(cell).trim() !== ''))
          throw ruleBroken(voidTooManyRows(file.filename));
        const entries = voidRowsFromSheet(file.filename, sheet.rows);
        // The preview (issue 25): every row's outcome and what would come back, changing nothing.
        if (dryRunField === 'true') {
          const preview = await previewVoidDisbursements(db, principal, entries);
          return ok(preview, voidUploadMessage(preview));
        }
        // What the person previewed (issue 44): the schema takes both or neither.
        const expected = expected_count === undefined ? null : { count: expected_count, amount: expected_amount! };
        const answer = await voidDisbursements(db, principal, file.filename, entries, originOf(request), expected);
        // Held for a second SUPER ADMIN (issue 25): nothing was voided.
        if ('approval_id' in answer) return replyHeld(reply, realtime, answer);
        const { movedClients, ...result } = answer;
        for (const clientId of movedClients) announceBalance(realtime, clientId);
        return ok(result, voidUploadMessage(result));
      });
    });
  };
}
