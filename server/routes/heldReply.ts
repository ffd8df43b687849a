import type { FastifyReply } from 'fastify';
import { APPROVAL_WAITING, type ApprovalHeld } from '../../src/services/approvalRules.ts';
import { announceApproval } from '../events/approvalEvents.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';

/**
 * A movement held for a second SUPER ADMIN (issue 25) answers the same everywhere: HTTP 202 with
 * its approval id and 'Waiting for approval by another SUPER ADMIN', and open Approvals screens are
 * told; `announce: false` for a replay that made no new request.
 */
export function replyHeld(reply: FastifyReply, realtime: RouteDeps['realtime'], held: ApprovalHeld, announce = true) {
  if (announce) announceApproval(realtime, held.approval_id, 'PENDING_APPROVAL');
  return reply.status(202).send(ok(held, APPROVAL_WAITING));
}
