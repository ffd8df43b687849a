import type { FastifyInstance } from 'fastify';
import { bankList, clientList, moduleTree, roleList } from '../domain/options.ts';
import { requireAuth } from '../http/access.ts';
import { languageOf } from '../http/language.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Option lists the dashboard loads after the OTP step. */
export function optionsRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.modules.path, async (request) => ok(await moduleTree(db, languageOf(request))));
    app.get(routes.banks.path, async () => ok(await bankList(db)));
    app.get(routes.clients.path, async (request) => ok(await clientList(db, requireAuth(request).principal)));
    app.get(routes.roles.path, async (request) => ok(await roleList(db, requireAuth(request).principal)));
  };
}
