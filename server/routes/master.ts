import type { FastifyInstance } from 'fastify';
import { bankList, clientList, moduleTree, roleList } from '../domain/options.ts';
import { requireAuth } from '../http/access.ts';
import { ok } from '../http/reply.ts';
import { API, type RouteDeps } from './context.ts';

/** Option lists the dashboard loads after the OTP step. */
export function masterRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(`${API}/master/modules`, async () => ok(await moduleTree(db)));
    app.get(`${API}/master/banks`, async () => ok(await bankList(db)));
    app.get(`${API}/master/client`, async (request) => ok(await clientList(db, requireAuth(request).principal)));
    app.get(`${API}/master/roles`, async (request) => ok(await roleList(db, requireAuth(request).principal)));
  };
}
