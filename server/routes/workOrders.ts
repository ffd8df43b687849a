import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { findByWorkOrder, listNotifications, markAllRead, markRead } from '../domain/notifications.ts';
import { requireAuth } from '../http/access.ts';
import { notFound } from '../domain/errors.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import type { RouteDeps } from './context.ts';
import { WORK_ORDERS_READ_EVENT } from '../../src/services/workOrders.ts';
import { WorkOrderQuery } from '../../src/services/schemas.ts';
import { routes } from '../../src/services/routes.ts';

const IdParams = v.object({ id: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'id must be a number'), v.transform(Number)) });

export function workOrderRoutes({ database, realtime }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.get(routes.notifications.path, async (request) => {
      return ok(await listNotifications(db, requireAuth(request).principal.id));
    });

    app.get(routes.workOrder.path, async (request) => {
      const { wo } = parseInput(WorkOrderQuery, request.query);
      const item = await findByWorkOrder(db, requireAuth(request).principal.id, wo);
      if (!item) throw notFound('Work order not found');
      return ok(item);
    });

    app.patch(routes.markNotificationRead.path, async (request) => {
      const { id } = parseInput(IdParams, request.params);
      if (!(await markRead(db, requireAuth(request).principal.id, id))) throw notFound('Notification not found');
      return ok(undefined, 'Notification marked as read');
    });

    app.patch(routes.markAllNotificationsRead.path, async (request) => {
      const { principal } = requireAuth(request);
      const marked = await markAllRead(db, principal.id);
      realtime.emitToUser(principal.id, WORK_ORDERS_READ_EVENT, { unread: 0 });
      return ok({ marked }, 'All notifications marked as read');
    });
  };
}
