import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { assignableTypes, takesClients, typeMayHold } from '../../src/services/managementRules.ts';
import { roleModulesProblem } from '../../src/services/roleModuleRules.ts';
import type { Db } from '../db/connect.ts';
import { clients, roleModules, roles, userClients, users, type UserType } from '../db/schema.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { DomainError, notAllowed, notFound, ruleBroken } from './errors.ts';
import { outsideScope, seesClient } from './clientScope.ts';
import { isSuperAdmin } from './grants.ts';
import { readsOnly } from '../../src/services/schemas.ts';
import { moduleIds } from '../../src/services/pages.ts';
import type { Principal } from './principal.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Who may manage whom. A SUPER ADMIN manages everyone. Anyone else (an ADMIN whose role grants
 * management) sees and changes only:
 * - users of their own type, all of whose clients are within their own client scope, whose role
 *   holds no module the actor lacks (so nobody disables or takes over a more powerful colleague);
 * - roles of their own type held only by such users (a role is shared by whoever holds it, so
 *   editing it would change users the actor may not manage);
 * and never hands out a type above their own, a client outside their scope, or a role granting a
 * module they do not hold themselves, so nobody can raise anyone, themselves included, above
 * what they already have.
 *
 * The user types an actor manages: every type for a SUPER ADMIN (never above their own), else their own.
 */
export const manageableTypes = (actor: Principal): UserType[] =>
  isSuperAdmin(actor) ? assignableTypes(actor.type) : [actor.type];

export function assertTypeAssignable(actor: Principal, type: UserType): void {
  if (!manageableTypes(actor).includes(type))
    throw notAllowed(msg({ defaultMessage: 'You can only create users of your own type.', id: 'anMYaL' }));
}

/** The users an actor may manage, as a condition on `users` (undefined: everyone). */
export function manageableUsers(actor: Principal): SQL | undefined {
  if (isSuperAdmin(actor)) return undefined;
  return and(
    inArray(users.type, manageableTypes(actor)),
    sql`exists (select 1 from ${userClients} where ${userClients.userId} = ${users.id})`,
    sql`not exists (select 1 from ${userClients} where ${userClients.userId} = ${users.id}
      and ${outsideScope(actor, userClients.clientId)})`,
    sql`not exists (select 1 from ${roleModules} where ${roleModules.roleId} = ${users.roleId}
      and ${notInArray(roleModules.moduleId, actor.moduleIds)})`,
  );
}

/** The roles an actor may see in Role Management and edit, as a condition on `roles`. */
export function manageableRoles(actor: Principal): SQL | undefined {
  if (isSuperAdmin(actor)) return undefined;
  const reach = manageableUsers(actor)!;
  return and(
    eq(roles.type, actor.type),
    sql`not exists (select 1 from ${users} holder where holder.role_id = ${roles.id}
      and holder.id not in (select ${users.id} from ${users} where ${reach}))`,
  );
}

export const roleVisible = (actor: Principal, role: { type: UserType }) =>
  isSuperAdmin(actor) || role.type === actor.type;

/**
 * The clients a user is given: each must exist and be within the actor's scope (else notFound, as for any foreign id).
 */
export async function assignableClients(db: Db, actor: Principal, type: UserType, ids: number[]): Promise<number[]> {
  // A SUPER ADMIN or AUDITOR sees every client by type; a stored list would only mislead.
  if (!takesClients(type)) return [];
  const unique = [...new Set(ids)];
  if (unique.length === 0) throw ruleBroken(msg({ defaultMessage: 'Client Name is required', id: '0sLaR6' }));
  const found = await db.select({ id: clients.id }).from(clients).where(inArray(clients.id, unique));
  if (found.length !== unique.length || !unique.every((id) => seesClient(actor, id)))
    throw notFound(msg({ defaultMessage: 'Client not found', id: '06XTUO' }));
  return unique.sort((a, b) => a - b);
}

export async function roleModuleIds(db: Db, roleId: number): Promise<string[]> {
  return (await db.select({ id: roleModules.moduleId }).from(roleModules).where(eq(roleModules.roleId, roleId))).map(
    (r) => r.id,
  );
}

/** A role the actor may hand out to a user of `type`. */
export async function assignableRole(db: Db, actor: Principal, roleId: number, type: UserType) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role || !roleVisible(actor, role)) throw notFound(msg({ defaultMessage: 'Role not found', id: 'IzAX76' }));
  if (role.type !== type)
    throw ruleBroken(msg({ defaultMessage: 'Role must be a role of the chosen User Type', id: 'hOwQ0V' }));
  assertModulesGrantable(actor, await roleModuleIds(db, role.id));
  return role;
}

const catalogueIds = new Set(moduleIds);

/** Modules a role of `roleType` may hold, as chosen by the actor. */
export function checkRoleModules(actor: Principal, roleType: UserType, modules: string[]): void {
  const unknown = modules.filter((id) => !catalogueIds.has(id));
  if (unknown.length)
    throw ruleBroken(
      msg({ defaultMessage: 'Unknown module: {modules}', id: 'XuhG/a' }, { modules: unknown.join(', ') }),
    );
  // A client role holding management would let client users manage each other and their shared role (issue 28).
  const barred = roleModulesProblem(roleType, modules);
  if (barred) throw ruleBroken(barred);
  const refused = modules.filter((id) => !typeMayHold(roleType, id));
  if (refused.length)
    throw ruleBroken(
      readsOnly(roleType)
        ? msg(
            { defaultMessage: 'An AUDITOR role can hold only pages that read: not {modules}', id: 'qq6j3c' },
            { modules: refused.join(', ') },
          )
        : msg(
            { defaultMessage: 'Only SUPER ADMIN roles can hold: {modules}', id: 'npdV1F' },
            { modules: refused.join(', ') },
          ),
    );
  assertModulesGrantable(actor, modules);
}

function assertModulesGrantable(actor: Principal, modules: string[]): void {
  if (isSuperAdmin(actor)) return;
  const beyond = modules.filter((id) => !actor.moduleIds.includes(id));
  if (beyond.length)
    throw notAllowed(msg({ defaultMessage: 'You cannot grant modules you do not hold yourself.', id: 'GYS0l3' }));
}

/** A management change, as the request named it: `input` is the raw body, read only for the id it names. */
export interface ManagementChange {
  action: string;
  input: unknown;
  origin: RequestOrigin;
}

/**
 * Runs a change; a refusal rolls back with the change's transaction, audit line included, so the
 * refusal is written here, afterwards: probing (foreign ids, taken e-mails, bad input) leaves a trail
 * too. `statusOf` is the HTTP layer's mapping, passed in so the line records the status the caller got.
 */
export async function auditRefusals<T>(
  db: Db,
  actor: Principal,
  change: ManagementChange,
  statusOf: (error: DomainError) => number,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) {
      const body = (change.input ?? {}) as Record<string, unknown>;
      await audit(db, {
        actorUserId: actor.id,
        actorEmail: actor.email,
        action: change.action,
        outcome: error.kind === 'forbidden' || error.kind === 'notFound' ? 'denied' : 'failure',
        objectId: typeof body.id === 'number' ? body.id : typeof body.user_id === 'number' ? body.user_id : undefined,
        ip: change.origin.ip,
        detail: { status: statusOf(error), message: error.message },
      });
    }
    throw error;
  }
}
