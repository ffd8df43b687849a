import type { FastifyInstance } from 'fastify';
import {
  ApprovalDecisionBody,
  ApprovalIdParams,
  ApprovalListQuery,
  ApprovalPolicyBody,
} from '../../src/services/approvalRules.ts';
import { APPROVAL_POLICY_SAVED, approvalDecidedMessage } from '../../src/services/successTexts.ts';
import { readPolicy, setPolicy } from '../domain/approvalHold.ts';
import { approvalRow, decideApproval, listApprovals } from '../domain/approvals.ts';
import { queueCallback } from '../domain/callbackJob.ts';
import { announceApproval } from '../events/approvalEvents.ts';
import { announceBalance } from '../events/balanceEvents.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Issue 25, dual control: the approval policy and the requests held for a second SUPER ADMIN. */
export function approvalRoutes({ database, realtime, jobs }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.approvalPolicy.path, async (request) => {
      requireAuth(request);
      return ok(await readPolicy(db));
    });

    app.put(routes.updateApprovalPolicy.path, async (request) => {
      const { principal } = requireAuth(request);
      const body = parseInput(ApprovalPolicyBody, request.body);
      return ok(await setPolicy(db, principal, body, originOf(request)), APPROVAL_POLICY_SAVED);
    });

    app.get(routes.approvals.path, async (request) => {
      const { principal } = requireAuth(request);
      const q = parseInput(ApprovalListQuery, request.query);
      const { rows, meta } = await listApprovals(db, principal, {
        status: q.status || undefined,
        page: q.page,
        limit: q.limit,
      });
      return ok(rows, 'OK', meta);
    });

    app.get(routes.approval.path, async (request) => {
      const { principal } = requireAuth(request);
      const { id } = parseInput(ApprovalIdParams, request.params);
      return ok(await approvalRow(db, id, principal));
    });

    app.patch(routes.decideApproval.path, async (request) => {
      const { principal } = requireAuth(request);
      const { id } = parseInput(ApprovalIdParams, request.params);
      const body = parseInput(ApprovalDecisionBody, request.body);
      const { row, applied } = await decideApproval(db, principal, id, body, originOf(request));
      announceApproval(realtime, row.id, row.status, row.maker_id);
      for (const clientId of applied?.clientIds ?? []) announceBalance(realtime, clientId);
      // A pay-in finalized on approval: its merchant is told, as after a manual finalize.
      for (const correlationId of applied?.finalizedPayins ?? []) await queueCallback(jobs, correlationId);
      return ok(row, approvalDecidedMessage(body.decision));
    });
  };
}
