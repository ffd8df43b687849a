import { and, desc, eq, ilike, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  normalizeModules,
  type CreateRoleBody,
  type EditRoleBody,
  type RoleListQuery,
  type RoleRow,
} from '../../src/services/managementRules.ts';
import type { Db } from '../db/connect.ts';
import { countWhere, linksOf, pageMeta, pageOffset } from './paging.ts';
import { roleModules, roles, userClients, users, type UserType } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, notAllowed, notFound } from './errors.ts';
import { auditBy } from './audit.ts';
import { containing } from './textSearch.ts';
import type { RequestOrigin } from './authentication.ts';
import { clientInScope } from './clientScope.ts';
import { checkRoleModules, manageableRoles, roleModuleIds } from './managementScope.ts';
import { isSuperAdmin } from './grants.ts';
import { moduleTree } from './options.ts';
import type { Principal } from './principal.ts';
import { revokeSessionsOf, type EndedSession } from './sessions.ts';
import type { Paged } from '../../src/services/paging.ts';
import { msg } from '../../src/i18n/msg.ts';

async function roleRows(
  db: Db,
  where: SQL | undefined,
  page: number,
  limit: number,
): Promise<{ rows: RoleRow[]; total: number }> {
  const total = await countWhere(db, roles, where);
  const base = await db
    .select()
    .from(roles)
    .where(where)
    .orderBy(desc(roles.createdAt), desc(roles.id))
    .limit(limit)
    .offset(pageOffset(page, limit));
  const links = await linksOf(base, (ids) => db.select().from(roleModules).where(inArray(roleModules.roleId, ids)));
  const rows = base.map((r) => {
    const modules = links.filter((l) => l.roleId === r.id).map((l) => l.moduleId);
    return {
      id: r.id,
      name: r.name,
      description: r.description,
      type: r.type,
      modules,
      module_count: modules.length,
      created_at: r.createdAt.toISOString(),
    };
  });
  return { rows, total };
}

export async function listRoles(db: Db, actor: Principal, q: RoleListQuery): Promise<Paged<RoleRow>> {
  const filters: Array<SQL | undefined> = [manageableRoles(actor)];
  if (q.search) filters.push(ilike(roles.name, containing(q.search)));
  if (q.type) filters.push(eq(roles.type, q.type));
  // Roles carry no clients; a client filter means the roles its users hold.
  if (q.client_id !== undefined) {
    const clientId = await clientInScope(db, actor, q.client_id);
    filters.push(
      sql`exists (select 1 from ${users} u join ${userClients} uc on uc.user_id = u.id
        where u.role_id = ${roles.id} and uc.client_id = ${clientId})`,
    );
  }
  const { rows, total } = await roleRows(db, and(...filters), q.page, q.limit);
  return { rows, meta: pageMeta(q.page, q.limit, total) };
}

/** The stored module ids for a selection: known ids only, parents with their children, required children in. */
async function storedModules(db: Db, actor: Principal, type: UserType, selected: string[]): Promise<string[]> {
  checkRoleModules(actor, type, selected);
  const modules = normalizeModules(await moduleTree(db), selected);
  checkRoleModules(actor, type, modules);
  return modules;
}

async function assertNameFree(db: Db, name: string, type: UserType, exceptId?: number) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        sql`lower(${roles.name}) = lower(${name})`,
        eq(roles.type, type),
        exceptId ? ne(roles.id, exceptId) : undefined,
      ),
    );
  if (taken)
    throw conflict(msg({ defaultMessage: 'A {type} role named {name} already exists', id: '0Ihb5U' }, { type, name }));
}

const oneRow = async (db: Db, id: number) => (await roleRows(db, eq(roles.id, id), 1, 1)).rows[0];

export async function createRole(
  db: Db,
  actor: Principal,
  body: CreateRoleBody,
  origin: RequestOrigin,
): Promise<RoleRow> {
  if (!isSuperAdmin(actor) && body.type !== actor.type)
    throw notAllowed(msg({ defaultMessage: 'You can only create roles of your own type.', id: 'Ij93qe' }));
  const id = await inTransaction(db, async (tx) => {
    const modules = await storedModules(tx, actor, body.type, body.modules);
    await assertNameFree(tx, body.name, body.type);
    const [role] = await tx
      .insert(roles)
      .values({ name: body.name, description: body.description, type: body.type })
      .returning();
    await tx.insert(roleModules).values(modules.map((moduleId) => ({ roleId: role.id, moduleId })));
    await auditBy(tx, actor, origin, {
      action: 'role.create',
      objectType: 'role',
      objectId: role.id,
      outcome: 'success',
      detail: { before: null, after: { name: role.name, description: role.description, type: role.type, modules } },
    });
    return role.id;
  });
  return oneRow(db, id);
}

/** What a role's edit did to its holders: their ids, and the sessions ended when its modules changed. */
export interface RoleEditOutcome {
  row: RoleRow;
  userIds: number[];
  sessionsEnded: boolean;
  ended: EndedSession[];
  /** The editor's own session, kept when they hold the role; null otherwise. */
  kept: number | null;
}

const sameModules = (a: string[], b: string[]) => a.length === b.length && a.every((id) => b.includes(id));

/**
 * Returns the role and the ids of its users. When its modules change, every session of every holder
 * ends in the same transaction (issue 44), but the editor's own session if they hold the role.
 */
export async function editRole(
  db: Db,
  actor: Principal,
  body: EditRoleBody,
  origin: RequestOrigin,
): Promise<RoleEditOutcome> {
  const outcome = await inTransaction(db, async (tx) => {
    const [before] = await tx
      .select()
      .from(roles)
      .where(and(eq(roles.id, body.id), manageableRoles(actor)))
      .for('update');
    if (!before) throw notFound(msg({ defaultMessage: 'Role not found', id: 'IzAX76' }));
    const modulesBefore = await roleModuleIds(tx, before.id);
    // Editing a role that holds more than the editor would hand its holders' access to the editor's judgement.
    if (!isSuperAdmin(actor) && modulesBefore.some((id) => !actor.moduleIds.includes(id)))
      throw notAllowed(
        msg({ defaultMessage: 'You cannot edit a role that holds modules you do not hold yourself.', id: 'I4Ls3Y' }),
      );
    const modules = await storedModules(tx, actor, before.type, body.modules);
    await assertNameFree(tx, body.name, before.type, before.id);
    await tx.update(roles).set({ name: body.name, description: body.description }).where(eq(roles.id, before.id));
    await tx.delete(roleModules).where(eq(roleModules.roleId, before.id));
    await tx.insert(roleModules).values(modules.map((moduleId) => ({ roleId: before.id, moduleId })));
    const userIds = (await tx.select({ id: users.id }).from(users).where(eq(users.roleId, before.id))).map((u) => u.id);
    const sessionsEnded = !sameModules(modules, modulesBefore);
    // A SUPER ADMIN changing a role they hold keeps the session they made the change from (they are here and now,
    // and each request reads their access afresh); their other sessions end with everyone else's.
    const kept = sessionsEnded && userIds.includes(actor.id) ? (origin.sessionId ?? null) : null;
    const ended = sessionsEnded ? await revokeSessionsOf(tx, userIds, kept ?? undefined) : [];
    await auditBy(tx, actor, origin, {
      action: 'role.edit',
      objectType: 'role',
      objectId: before.id,
      outcome: 'success',
      detail: {
        before: { name: before.name, description: before.description, type: before.type, modules: modulesBefore },
        after: { name: body.name, description: body.description, type: before.type, modules },
        sessions_ended: sessionsEnded,
        ...(sessionsEnded ? { users_signed_out: userIds.length } : {}),
        ...(kept !== null ? { session_kept: kept } : {}),
      },
    });
    return { userIds, sessionsEnded, ended, kept };
  });
  return { row: await oneRow(db, body.id), ...outcome };
}
