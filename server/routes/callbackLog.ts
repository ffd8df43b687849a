import type { FastifyInstance } from 'fastify';
import { CallbackAttemptsParams, CallbackListQuery } from '../../src/services/callbackRules.ts';
import { routes } from '../../src/services/routes.ts';
import { callbackAttemptsOf, listCallbacks } from '../domain/callbackLog.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';

/** The delivery log: the Callbacks page's list, and one pay-in's attempts. */
export function callbackLogRoutes({ database, config }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.callbacks.path, async (request) => {
      const q = parseInput(CallbackListQuery, request.query);
      const { rows, meta } = await listCallbacks(db, requireAuth(request).principal, q, config.businessTimeZone);
      return ok(rows, 'OK', meta);
    });

    app.get(routes.callbackAttempts.path, async (request) => {
      const { correlationId } = parseInput(CallbackAttemptsParams, request.params);
      return ok(await callbackAttemptsOf(db, requireAuth(request).principal, correlationId));
    });
  };
}
