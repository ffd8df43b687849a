import type { FastifyInstance } from 'fastify';
import {
  BALANCE_UPDATED,
  BalanceHistoryQuery,
  PayinListQuery,
  UpdateBalanceBody,
} from '../../src/services/disbursementAccountRules.ts';
import { clientsForFilter } from '../domain/clientScope.ts';
import { adjustMasterBalance, depositHistory, payinList } from '../domain/disbursementDeposits.ts';
import { announceBalance } from '../events/balanceEvents.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { replyHeld } from './heldReply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Payin Detail, Disbursement Account and Master Disbursement Balance (issue 12). */
export function disbursementAccountRoutes({ database, config, realtime }: RouteDeps) {
  const { db } = database;
  const timeZone = config.businessTimeZone;
  return async (app: FastifyInstance) => {
    app.get(routes.payinList.path, async (request) => {
      const { principal } = requireAuth(request);
      const q = parseInput(PayinListQuery, request.query);
      return ok(
        await payinList(db, {
          clientIds: await clientsForFilter(db, principal, q.client_filter),
          start: q.start,
          end: q.end,
          timeZone,
        }),
      );
    });

    app.get(routes.balanceHistory.path, async (request) => {
      const { principal } = requireAuth(request);
      const q = parseInput(BalanceHistoryQuery, request.query);
      const { rows, meta } = await depositHistory(db, {
        clientIds: await clientsForFilter(db, principal, q.client_filter),
        start: q.start,
        end: q.end,
        timeZone,
        order: q.order.toLowerCase() as 'asc' | 'desc',
        by: q.by,
        page: q.page,
        limit: q.limit,
      });
      return ok(rows, 'OK', meta as unknown as Record<string, unknown>);
    });

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
