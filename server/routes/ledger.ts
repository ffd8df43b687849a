import type { FastifyInstance } from 'fastify';
import {
  LEDGER_STATEMENT_FILENAME,
  LedgerAccountParams,
  LedgerEntriesQuery,
  LedgerJournalQuery,
  LedgerTrialBalanceQuery,
} from '../../src/services/ledgerRules.ts';
import { DAILY_PROOF_FILENAME, DailyProofQuery } from '../../src/services/dailyProofRules.ts';
import { routes } from '../../src/services/routes.ts';
import { FILE_DOWNLOADED } from '../../src/services/successTexts.ts';
import { dailyProof } from '../domain/dailyProof.ts';
import { downloadDailyProof } from '../domain/dailyProofExport.ts';
import { assertStatementExportable, downloadStatement } from '../domain/ledgerExport.ts';
import { accountStatement, journalOf, ledgerAccount, trialBalance } from '../domain/ledgerViews.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { sendFileEnvelope } from '../http/fileEnvelope.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';

/** Issue 28: the double-entry ledger, read-only (SUPER ADMIN; the route table's `ledger` module). */
export function ledgerRoutes({ database, config }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.ledgerTrialBalance.path, async (request) => {
      requireAuth(request);
      const { at } = parseInput(LedgerTrialBalanceQuery, request.query);
      return ok(await trialBalance(db, at));
    });

    app.get(routes.ledgerAccountEntries.path, async (request) => {
      requireAuth(request);
      const { id } = parseInput(LedgerAccountParams, request.params);
      const { page, limit } = parseInput(LedgerEntriesQuery, request.query);
      const { meta, ...statement } = await accountStatement(db, id, page, limit);
      return ok(statement, 'OK', meta);
    });

    // No automatic HEAD route: a HEAD would build a whole file only to throw it away.
    app.get(routes.ledgerAccountEntriesDownload.path, { exposeHeadRoute: false }, async (request, reply) => {
      const { principal } = requireAuth(request);
      const { id } = parseInput(LedgerAccountParams, request.params);
      const account = await ledgerAccount(db, id);
      await assertStatementExportable(db, id);
      const file = await downloadStatement(db, principal, account, config.businessTimeZone, originOf(request));
      return sendFileEnvelope(reply, file, LEDGER_STATEMENT_FILENAME, FILE_DOWNLOADED);
    });

    app.get(routes.ledgerJournal.path, async (request) => {
      requireAuth(request);
      const { reference } = parseInput(LedgerJournalQuery, request.query);
      return ok(await journalOf(db, reference));
    });

    app.get(routes.ledgerDailyProof.path, async (request) => {
      const { principal } = requireAuth(request);
      const query = parseInput(DailyProofQuery, request.query);
      return ok(await dailyProof(db, principal, query, config.businessTimeZone));
    });

    app.get(routes.ledgerDailyProofDownload.path, { exposeHeadRoute: false }, async (request, reply) => {
      const { principal } = requireAuth(request);
      const query = parseInput(DailyProofQuery, request.query);
      const proof = await dailyProof(db, principal, query, config.businessTimeZone);
      const file = await downloadDailyProof(db, principal, proof, config.businessTimeZone, originOf(request));
      return sendFileEnvelope(reply, file, DAILY_PROOF_FILENAME, FILE_DOWNLOADED);
    });
  };
}
