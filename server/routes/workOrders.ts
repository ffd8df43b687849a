import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { findByWorkOrder, itemInLanguage, listNotifications, markAllRead, markRead } from '../domain/notifications.ts';
import { languageOf } from '../http/language.ts';
import { requireAuth } from '../http/access.ts';
import { notFound } from '../domain/errors.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';
import { WORK_ORDERS_READ_EVENT } from '../../src/services/workOrders.ts';
import { WorkOrderQuery } from '../../src/services/schemas.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

const IdParams = v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, msg({ defaultMessage: 'id must be a number', id: 'phQa64' })),
    v.transform(Number),
  ),
});

export function workOrderRoutes({ database, realtime }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.notifications.path, async (request) => {
      const { items, unread } = await listNotifications(db, requireAuth(request).principal.id);
      const language = languageOf(request);
      return ok({ items: items.map((item) => itemInLanguage(item, language)), unread });
    });

    app.get(routes.workOrder.path, async (request) => {
      const { wo } = parseInput(WorkOrderQuery, request.query);
      const item = await findByWorkOrder(db, requireAuth(request).principal.id, wo);
      if (!item) throw notFound(msg({ defaultMessage: 'Work order not found', id: 'e4B+iQ' }));
      return ok(itemInLanguage(item, languageOf(request)));
    });

    app.patch(routes.markNotificationRead.path, async (request) => {
      const { id } = parseInput(IdParams, request.params);
      if (!(await markRead(db, requireAuth(request).principal.id, id)))
        throw notFound(msg({ defaultMessage: 'Notification not found', id: 'YNzq0k' }));
      return ok(undefined, msg({ defaultMessage: 'Notification marked as read', id: '6fEcjG' }));
    });

    app.patch(routes.markAllNotificationsRead.path, async (request) => {
      const { principal } = requireAuth(request);
      const marked = await markAllRead(db, principal.id);
      realtime.emitToUser(principal.id, WORK_ORDERS_READ_EVENT, { unread: 0 });
      return ok({ marked }, msg({ defaultMessage: 'All notifications marked as read', id: 'eKoSJ+' }));
    });
  };
}
