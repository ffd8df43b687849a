import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CreateRoleBody,
  CreateUserBody,
  EditRoleBody,
  EditUserBody,
  RemoveAuthenticatorBody,
  RoleListQuery,
  UserListQuery,
} from '../../src/services/managementRules.ts';
import { AUTHENTICATOR_RESET, savedMessage } from '../../src/services/successTexts.ts';
import { scopeOf } from '../domain/clientScope.ts';
import { auditRefusals } from '../domain/managementScope.ts';
import { createRole, editRole, listRoles } from '../domain/roleManagement.ts';
import { createUser, editUser, listUsers, removeAuthenticator } from '../domain/userManagement.ts';
import { requireAuth } from '../http/access.ts';
import { statusOf } from '../http/errorHandler.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Tells a user's open tabs that what they may reach has changed, so menus follow at once. */
export const ACCESS_CHANGED_EVENT = 'access-changed';

/** User Management and Role Management (spec section 7); who may do what is in routeTable and managementScope. */
export function managementRoutes({ database, realtime }: RouteDeps) {
  const { db } = database;
  // Refusals are audited too (auditRefusals), with the status this HTTP layer answers them with.
  const audited = <T>(request: FastifyRequest, action: string, work: () => Promise<T>): Promise<T> =>
    auditRefusals(
      db,
      requireAuth(request).principal,
      { action, input: request.body, origin: originOf(request) },
      statusOf,
      work,
    );
  return async (app: FastifyInstance) => {
    app.get(routes.users.path, async (request) => {
      const { rows, meta } = await listUsers(
        db,
        requireAuth(request).principal,
        parseInput(UserListQuery, request.query),
      );
      return ok(rows, 'OK', meta as unknown as Record<string, unknown>);
    });

    app.post(routes.createUser.path, async (request, reply) => {
      const row = await audited(request, 'user.create', () =>
        createUser(db, requireAuth(request).principal, parseInput(CreateUserBody, request.body), originOf(request)),
      );
      return reply.status(201).send(ok(row, savedMessage('User', row.name, 'create')));
    });

    app.patch(routes.editUser.path, async (request) => {
      const { row, sessionsEnded } = await audited(request, 'user.edit', () =>
        editUser(db, requireAuth(request).principal, parseInput(EditUserBody, request.body), originOf(request)),
      );
      if (sessionsEnded) realtime.disconnectUser(row.id);
      else {
        // Live balance events follow the new clients at once, whatever the open tab does with access-changed.
        await realtime.refreshScope(row.id, scopeOf(row.type, row.client_id));
        realtime.emitToUser(row.id, ACCESS_CHANGED_EVENT, {});
      }
      return ok(row, savedMessage('User', row.name, 'edit'));
    });

    app.post(routes.removeAuthenticator.path, async (request) => {
      const user_id = await audited(request, 'user.remove_authenticator', async () => {
        const { user_id: id } = parseInput(RemoveAuthenticatorBody, request.body);
        await removeAuthenticator(db, requireAuth(request).principal, id, originOf(request));
        return id;
      });
      realtime.disconnectUser(user_id);
      return ok(undefined, AUTHENTICATOR_RESET);
    });

    app.get(routes.roleList.path, async (request) => {
      const { rows, meta } = await listRoles(
        db,
        requireAuth(request).principal,
        parseInput(RoleListQuery, request.query),
      );
      return ok(rows, 'OK', meta as unknown as Record<string, unknown>);
    });

    app.post(routes.createRole.path, async (request, reply) => {
      const row = await audited(request, 'role.create', () =>
        createRole(db, requireAuth(request).principal, parseInput(CreateRoleBody, request.body), originOf(request)),
      );
      return reply.status(201).send(ok(row, savedMessage('Role', row.name, 'create')));
    });

    app.patch(routes.editRole.path, async (request) => {
      const { row, userIds } = await audited(request, 'role.edit', () =>
        editRole(db, requireAuth(request).principal, parseInput(EditRoleBody, request.body), originOf(request)),
      );
      for (const id of userIds) realtime.emitToUser(id, ACCESS_CHANGED_EVENT, {});
      return ok(row, savedMessage('Role', row.name, 'edit'));
    });
  };
}
