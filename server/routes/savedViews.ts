import type { FastifyInstance } from 'fastify';
import { deleteSavedView, getListColumns, listSavedViews, putListColumns, saveView } from '../domain/savedViews.ts';
import { requireAuth } from '../http/access.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/**
 * Issue 29, lists that remember: the caller's own saved views and column choices. Not audited, as
 * marking notifications read is not: they change no money, no access and no one else's screen.
 * The domain parses every input with the shared rules (savedViewRules.ts).
 */
export function savedViewRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.savedViews.path, async (request) => {
      return ok(await listSavedViews(db, requireAuth(request).principal.id, request.query));
    });

    app.post(routes.createSavedView.path, async (request, reply) => {
      const { view, replaced } = await saveView(db, requireAuth(request).principal.id, request.body);
      if (replaced) return ok(view, `View '${view.name}' has been updated`);
      return reply.status(201).send(ok(view, `View '${view.name}' has been saved`));
    });

    app.delete(routes.deleteSavedView.path, async (request) => {
      await deleteSavedView(db, requireAuth(request).principal.id, request.params);
      return ok(undefined, 'View has been deleted');
    });

    app.get(routes.listColumns.path, async (request) => {
      return ok(await getListColumns(db, requireAuth(request).principal.id, request.query));
    });

    app.put(routes.saveListColumns.path, async (request) => {
      return ok(await putListColumns(db, requireAuth(request).principal.id, request.body), 'Columns have been saved');
    });
  };
}
