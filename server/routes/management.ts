import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type * as v from 'valibot';
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
import type { RequestOrigin } from '../domain/authentication.ts';
import { scopeOf } from '../domain/clientScope.ts';
import { auditRefusals } from '../domain/managementScope.ts';
import type { Principal } from '../domain/principal.ts';
import { createRole, editRole, listRoles } from '../domain/roleManagement.ts';
import { createUser, editUser, listUsers, removeAuthenticator } from '../domain/userManagement.ts';
import { requireAuth } from '../http/access.ts';
import { statusOf } from '../http/errorHandler.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { closeEndedSockets } from './sessions.ts';
import { routes } from '../../src/services/routes.ts';
import type { Paged } from '../../src/services/paging.ts';

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
  /** A paged list of the query `schema` parses: its rows, with the page in `meta`. */
  const listing =
    <S extends v.GenericSchema, R>(
      schema: S,
      list: (to: typeof db, actor: Principal, q: v.InferOutput<S>) => Promise<Paged<R>>,
    ) =>
    async (request: FastifyRequest) => {
      const { rows, meta } = await list(db, requireAuth(request).principal, parseInput(schema, request.query));
      return ok(rows, 'OK', meta);
    };
  /** A domain change of what `schema` parses from the body (createUser, editRole...). */
  type Change<S extends v.GenericSchema, T> = (
    to: typeof db,
    actor: Principal,
    body: v.InferOutput<S>,
    origin: RequestOrigin,
  ) => Promise<T>;
  /** A change by the signed-in user, audited as `action`. */
  const change = <S extends v.GenericSchema, T>(
    request: FastifyRequest,
    action: string,
    schema: S,
    work: Change<S, T>,
  ): Promise<T> =>
    audited(request, action, () =>
      work(db, requireAuth(request).principal, parseInput(schema, request.body), originOf(request)),
    );
  /** A create: 201 with the new row and its saved message. */
  const creating =
    <S extends v.GenericSchema>(
      noun: 'User' | 'Role',
      action: string,
      schema: S,
      create: Change<S, { name: string }>,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const row = await change(request, action, schema, create);
      return reply.status(201).send(ok(row, savedMessage(noun, row.name, 'create')));
    };
  return async (app: FastifyInstance) => {
    app.get(routes.users.path, listing(UserListQuery, listUsers));

    app.post(routes.createUser.path, creating('User', 'user.create', CreateUserBody, createUser));

    app.patch(routes.editUser.path, async (request) => {
      const { row, sessionsEnded, ended, kept } = await change(request, 'user.edit', EditUserBody, editUser);
      if (sessionsEnded) closeEndedSockets(realtime, [row.id], ended, kept === null ? null : row.id);
      // The editor who kept their own session (their own role or clients changed) hears it, as an untouched user does.
      if (!sessionsEnded || kept !== null) {
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

    app.get(routes.roleList.path, listing(RoleListQuery, listRoles));

    app.post(routes.createRole.path, creating('Role', 'role.create', CreateRoleBody, createRole));

    app.patch(routes.editRole.path, async (request) => {
      const { row, userIds, sessionsEnded, ended, kept } = await change(request, 'role.edit', EditRoleBody, editRole);
      const keptUser = kept === null ? null : requireAuth(request).principal.id;
      if (sessionsEnded) closeEndedSockets(realtime, userIds, ended, keptUser);
      for (const id of userIds)
        if (!sessionsEnded || id === keptUser) realtime.emitToUser(id, ACCESS_CHANGED_EVENT, {});
      return ok(row, savedMessage('Role', row.name, 'edit'));
    });
  };
}
