import type { FastifyInstance } from 'fastify';
import { OverviewQuery } from '../../src/services/overviewRules.ts';
import { overview } from '../domain/overview.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Issue 29: the Overview, what needs the caller today, in their client scope. */
export function overviewRoutes({ database, config }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.overview.path, async (request) => {
      const { principal } = requireAuth(request);
      const query = parseInput(OverviewQuery, request.query);
      return ok(await overview(db, principal, query, config.businessTimeZone));
    });
  };
}
