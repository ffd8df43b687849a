import type { FastifyInstance } from 'fastify';
import {
  DISBURSEMENT_ADDED_TO_WITHDRAWABLE,
  INVOICE_GENERATED,
  statusAnswerMessage,
} from '../../src/services/disbursementActions.ts';
import {
  DisbursementCorrelationBody,
  DisbursementDecisionBody,
  DisbursementListQuery,
  DisbursementSummaryQuery,
  DisbursementUuidBody,
} from '../../src/services/disbursementQuery.ts';
import { disbursementDecidedMessage } from '../../src/services/successTexts.ts';
import {
  addDisbursementToWithdrawable,
  decideDisbursement,
  disbursementInvoice,
  refreshDisbursementStatus,
} from '../domain/disbursementActions.ts';
import { listDisbursements, scopedDisbursementFilter, summarizeDisbursements } from '../domain/disbursementList.ts';
import { announceBalance } from '../events/balanceEvents.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** The Disbursement List: its list and tiles, and the SUPER ADMIN row actions, each through the lifecycle. */
export function disbursementListRoutes({ database, config, providerUrl, realtime }: RouteDeps) {
  const { db } = database;
  const tz = config.businessTimeZone;
  return async (app: FastifyInstance) => {
    app.get(routes.disbursementList.path, async (request) => {
      const q = parseInput(DisbursementListQuery, request.query);
      const { where } = await scopedDisbursementFilter(db, requireAuth(request).principal, q, tz);
      const { rows, meta } = await listDisbursements(db, where, q.page, q.limit);
      return ok(rows, 'OK', meta);
    });

    app.get(routes.disbursementSummary.path, async (request) => {
      const q = parseInput(DisbursementSummaryQuery, request.query);
      const { where } = await scopedDisbursementFilter(db, requireAuth(request).principal, q, tz);
      return ok(await summarizeDisbursements(db, where));
    });

    app.patch(routes.updateDisbursement.path, async (request) => {
      const body = parseInput(DisbursementDecisionBody, request.body);
      const row = await decideDisbursement(db, requireAuth(request).principal, body, originOf(request));
      announceBalance(realtime, row.client_id);
      return ok(row, disbursementDecidedMessage(body.status));
    });

    app.patch(routes.refreshDisbursementStatus.path, async (request) => {
      const { uuid } = parseInput(DisbursementUuidBody, request.body);
      const answer = await refreshDisbursementStatus(
        db,
        requireAuth(request).principal,
        uuid,
        providerUrl,
        originOf(request),
      );
      if (answer.changed) announceBalance(realtime, answer.row.client_id);
      return ok(answer, statusAnswerMessage(answer));
    });

    app.post(routes.disbursementInvoice.path, async (request) => {
      const { correlation_id } = parseInput(DisbursementCorrelationBody, request.body);
      return ok(
        await disbursementInvoice(db, requireAuth(request).principal, correlation_id, originOf(request)),
        INVOICE_GENERATED,
      );
    });

    app.patch(routes.addDisbursementToWithdrawable.path, async (request) => {
      const { uuid } = parseInput(DisbursementUuidBody, request.body);
      const row = await addDisbursementToWithdrawable(db, requireAuth(request).principal, uuid, originOf(request));
      announceBalance(realtime, row.client_id);
      return ok(row, DISBURSEMENT_ADDED_TO_WITHDRAWABLE);
    });
  };
}
