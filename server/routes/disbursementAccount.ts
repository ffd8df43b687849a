import type { FastifyInstance } from 'fastify';
import { BalanceHistoryQuery, PayinListQuery } from '../../src/services/disbursementAccountRules.ts';
import { clientsForFilter } from '../domain/clientScope.ts';
import { depositHistory, payinList } from '../domain/disbursementAccount.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Payin Detail and Disbursement Account (issue 12): a client's deposit history, listed and paged. */
export function disbursementAccountRoutes({ database, config }: RouteDeps) {
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
      return ok(rows, 'OK', meta);
    });
  };
}
