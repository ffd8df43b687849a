import { asc, eq } from 'drizzle-orm';
import type { ModuleItem } from '../../src/services/schemas.ts';
import type { Db } from '../db/connect.ts';
import { banks, modules, roles } from '../db/schema.ts';
import { visibleClientIds } from './clientScope.ts';
import { seesEveryRole } from './grants.ts';
import { clientsIn, type Principal } from './principal.ts';

export async function moduleTree(db: Db): Promise<ModuleItem[]> {
  const rows = await db.select().from(modules).orderBy(asc(modules.sort));
  return rows
    .filter((m) => m.parentId == null)
    .map((m) => ({
      id: m.id,
      title: m.title,
      path: m.path,
      icon: m.icon,
      is_required: m.isRequired,
      children: rows
        .filter((c) => c.parentId === m.id)
        .map((c) => ({ id: c.id, title: c.title, path: c.path, is_required: c.isRequired })),
    }));
}

export const bankList = (db: Db) => db.select().from(banks).orderBy(asc(banks.name));

export async function clientList(db: Db, principal: Principal) {
  const rows = await clientsIn(db, await visibleClientIds(db, principal));
  return rows.map((c) => ({ id: c.id, client_name: c.clientName }));
}

/** SUPER ADMIN sees every role; anyone else only the roles of their own type (spec section 6). */
export async function roleList(db: Db, principal: Principal) {
  const query = db
    .select({ id: roles.id, name: roles.name, type: roles.type, description: roles.description })
    .from(roles);
  const rows = seesEveryRole(principal)
    ? await query.orderBy(asc(roles.name))
    : await query.where(eq(roles.type, principal.type)).orderBy(asc(roles.name));
  return rows;
}
