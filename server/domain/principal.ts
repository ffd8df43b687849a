import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { clients, modules, roleModules, roles, userClients, users, type UserType } from '../db/schema.ts';
import { grants, pageTable } from './grants.ts';

/** Who is asking: everything an authorization decision needs, read fresh on each request. */
export interface Principal {
  id: number;
  name: string;
  email: string;
  type: UserType;
  twoFactorActive: boolean;
  role: { id: number; name: string } | null;
  moduleIds: string[];
  allowedPaths: string[];
  /** null means every client (SUPER ADMIN). */
  clientScope: number[] | null;
}

export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const [user] = await db
    .select({
      id: users.id, name: users.name, email: users.email, type: users.type, twoFactorActive: users.twoFactorActive,
      isActive: users.isActive, roleId: roles.id, roleName: roles.name,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  if (!user || !user.isActive) return null;

  const granted = user.roleId == null ? [] : await db
    .select({ id: modules.id, path: modules.path })
    .from(roleModules)
    .innerJoin(modules, eq(modules.id, roleModules.moduleId))
    .where(eq(roleModules.roleId, user.roleId))
    .orderBy(asc(modules.sort));
  // A page is permitted by the very check its module's routes pass (see src/services/routes.ts).
  const caller = { type: user.type, moduleIds: granted.map((m) => m.id) };
  const permitted = granted.filter((m) => pageTable.some((p) => p.module === m.id && grants(caller, p.rule)));

  const clientScope = user.type === 'SUPER ADMIN'
    ? null
    : (await db.select({ id: userClients.clientId }).from(userClients).where(eq(userClients.userId, user.id))).map((r) => r.id);

  return {
    id: user.id,
    name: user.name,
    email: user.email,
    type: user.type,
    twoFactorActive: user.twoFactorActive,
    role: user.roleId == null ? null : { id: user.roleId, name: user.roleName ?? '' },
    moduleIds: permitted.map((m) => m.id),
    allowedPaths: permitted.map((m) => m.path),
    clientScope,
  };
}

export async function visibleClientIds(db: Db, principal: Principal): Promise<number[]> {
  if (principal.clientScope) return [...principal.clientScope].sort((a, b) => a - b);
  return (await db.select({ id: clients.id }).from(clients).orderBy(asc(clients.id))).map((r) => r.id);
}

export async function clientsIn(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(clients).where(inArray(clients.id, ids)).orderBy(asc(clients.id));
}
