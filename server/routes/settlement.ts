import type { FastifyInstance } from 'fastify';
import {
  SETTLEMENT_ALREADY_RUNNING,
  SETTLEMENT_STARTED,
  SettlementReportQuery,
  SettlementRunQuery,
  SettlementWindowSchema,
  SettleBody,
} from '../../src/services/settlementRules.ts';
import { recentRuns, recordSettlementRun, settlementRows, settlementRun } from '../domain/settlement.ts';
import { queueSettlement, requeueIfOrphaned } from '../domain/settlementJob.ts';
import { downloadSettlementReport } from '../domain/settlementReport.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { FILE_DOWNLOADED } from '../../src/services/successTexts.ts';

/** Settlement (spec section 7, issue 13): the window's rows, the press, the run and its report. */
export function settlementRoutes({ database, config, jobs }: RouteDeps) {
  const { db } = database;
  const timeZone = config.businessTimeZone;
  return async (app: FastifyInstance) => {
    app.get(routes.settlementStatus.path, async (request) => {
      const { principal } = requireAuth(request);
      const window = parseInput(SettlementWindowSchema, request.query);
      return ok(await settlementRows(db, principal, window, timeZone));
    });

    app.post(routes.settle.path, async (request) => {
      const { principal } = requireAuth(request);
      const { expected_count, expected_amount, ...window } = parseInput(SettleBody, request.body);
      // What the person confirmed (issue 44): the schema takes both or neither.
      const expected = expected_count === undefined ? null : { count: expected_count, amount: expected_amount! };
      const { runId, joined } = await recordSettlementRun(db, principal, window, timeZone, originOf(request), expected);
      if (joined) await requeueIfOrphaned(db, jobs, runId);
      else await queueSettlement(db, jobs, runId);
      return ok(
        { run: await settlementRun(db, runId), joined },
        joined ? SETTLEMENT_ALREADY_RUNNING : SETTLEMENT_STARTED,
      );
    });

    app.get(routes.settlementRun.path, async (request) => {
      requireAuth(request);
      const { id } = parseInput(SettlementRunQuery, request.query);
      return ok(await settlementRun(db, id));
    });

    app.get(routes.settlementRuns.path, async (request) => {
      requireAuth(request);
      return ok(await recentRuns(db));
    });

    app.get(routes.settlementReport.path, { exposeHeadRoute: false }, async (request) => {
      const { principal } = requireAuth(request);
      const { run_id: runId } = parseInput(SettlementReportQuery, request.query);
      const file = await downloadSettlementReport(db, principal, runId, originOf(request));
      return ok(file, FILE_DOWNLOADED);
    });
  };
}
