import type { FastifyInstance } from 'fastify';
import { BALANCE_UPDATED, UpdateBalanceBody } from '../../src/services/masterBalanceRules.ts';
import { adjustMasterBalance } from '../domain/masterBalance.ts';
import { announceBalance } from '../events/balanceEvents.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { replyHeld } from './heldReply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Master Disbursement Balance (issue 12): a SUPER ADMIN's adjustment, or its hold for a second one (issue 25). */
export function masterBalanceRoutes({ database, realtime }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.patch(routes.updateBalance.path, async (request, reply) => {
      const { principal } = requireAuth(request);
      const body = parseInput(UpdateBalanceBody, request.body);
      const result = await adjustMasterBalance(db, principal, body, originOf(request));
      // Held for a second SUPER ADMIN (issue 25): nothing moved.
      if ('approval_id' in result) return replyHeld(reply, realtime, result);
      announceBalance(realtime, result.client_id);
      return ok(result, BALANCE_UPDATED);
    });
  };
}
