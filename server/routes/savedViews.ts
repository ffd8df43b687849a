import type { FastifyInstance } from 'fastify';
import { deleteSavedView, getListColumns, listSavedViews, putListColumns, saveView } from '../domain/savedViews.ts';
import { requireAuth } from '../http/access.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

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
      if (replaced)
        return ok(view, msg({ defaultMessage: "View '{name}' has been updated", id: 'w9skqc' }, { name: view.name }));
      return reply
        .status(201)
        .send(ok(view, msg({ defaultMessage: "View '{name}' has been saved", id: 'G5BQpk' }, { name: view.name })));
    });

    app.delete(routes.deleteSavedView.path, async (request) => {
      await deleteSavedView(db, requireAuth(request).principal.id, request.params);
      return ok(undefined, msg({ defaultMessage: 'View has been deleted', id: '5cSdKp' }));
    });

    app.get(routes.listColumns.path, async (request) => {
      return ok(await getListColumns(db, requireAuth(request).principal.id, request.query));
    });

    app.put(routes.saveListColumns.path, async (request) => {
      return ok(
        await putListColumns(db, requireAuth(request).principal.id, request.body),
        msg({ defaultMessage: 'Columns have been saved', id: 'lGhdPL' }),
      );
    });
  };
}
