import { and, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { CreateUserBody, EditUserBody, UserListQuery, UserRow } from '../../src/services/managementRules.ts';
import type { Db } from '../db/connect.ts';
import { countWhere, linksOf, pageMeta, pageOffset } from './paging.ts';
import { clients, roles, userClients, users, type UserType } from '../db/schema.ts';
import { inTransaction, isUniqueViolation } from '../db/transaction.ts';
import { conflict, notFound, ruleBroken } from './errors.ts';
import { auditBy } from './audit.ts';
import { containing } from './textSearch.ts';
import { clearTwoFactor, type RequestOrigin } from './authentication.ts';
import { clientInScope } from './clientScope.ts';
import {
  assertTypeAssignable,
  assignableClients,
  assignableRole,
  manageableUsers,
  roleVisible,
} from './managementScope.ts';
import { hashPassword } from './passwords.ts';
import type { Principal } from './principal.ts';
import { revokeSessionsOf, type EndedSession } from './sessions.ts';
import type { Paged } from '../../src/services/paging.ts';
import { msg } from '../../src/i18n/msg.ts';

const EMAIL_TAKEN = msg({ defaultMessage: 'Email is already registered', id: 'gdGnx2' });

/** Users shown with their role and clients, in the shape of spec section 3. */
async function userRows(
  db: Db,
  where: SQL | undefined,
  page: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const total = await countWhere(db, users, where);
  const base = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      type: users.type,
      roleId: users.roleId,
      roleName: roles.name,
      isActive: users.isActive,
      twoFactorActive: users.twoFactorActive,
      createdAt: users.createdAt,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(pageOffset(page, limit));
  const links = await linksOf(base, (ids) =>
    db
      .select({ userId: userClients.userId, id: clients.id, name: clients.clientName })
      .from(userClients)
      .innerJoin(clients, eq(clients.id, userClients.clientId))
      .where(inArray(userClients.userId, ids))
      .orderBy(clients.id),
  );
  const rows = base.map((u) => {
    const own = links.filter((l) => l.userId === u.id);
    return {
      id: u.id,
      name: u.name,
      email: u.email,
      type: u.type,
      role_id: u.roleId,
      role_name: u.roleName,
      client_id: own.map((l) => l.id),
      clients: own.map((l) => l.name),
      is_active: u.isActive,
      two_factor_active: u.twoFactorActive,
      created_at: u.createdAt.toISOString(),
    };
  });
  return { rows, total };
}

export async function listUsers(db: Db, actor: Principal, q: UserListQuery): Promise<Paged<UserRow>> {
  const filters: Array<SQL | undefined> = [manageableUsers(actor)];
  if (q.search) filters.push(or(ilike(users.name, containing(q.search)), ilike(users.email, containing(q.search))));
  if (q.type) filters.push(eq(users.type, q.type));
  if (q.role_id !== undefined) {
    const [role] = await db.select({ type: roles.type }).from(roles).where(eq(roles.id, q.role_id));
    if (!role || !roleVisible(actor, role)) throw notFound(msg({ defaultMessage: 'Role not found', id: 'IzAX76' }));
    filters.push(eq(users.roleId, q.role_id));
  }
  if (q.client_id !== undefined) {
    const clientId = await clientInScope(db, actor, q.client_id);
    filters.push(
      sql`exists (select 1 from ${userClients} uc where uc.user_id = ${users.id} and uc.client_id = ${clientId})`,
    );
  }
  const { rows, total } = await userRows(db, and(...filters), q.page, q.limit);
  return { rows, meta: pageMeta(q.page, q.limit, total) };
}

/** One user the actor may manage, locked for the change; anyone else is notFound. */
async function manageableUser(tx: Db, actor: Principal, id: number) {
  const [user] = await tx
    .select()
    .from(users)
    .where(and(eq(users.id, id), manageableUsers(actor)))
    .for('update');
  if (!user) throw notFound(msg({ defaultMessage: 'User not found', id: 'INrbJL' }));
  const clientIds = (
    await tx.select({ id: userClients.clientId }).from(userClients).where(eq(userClients.userId, id))
  ).map((r) => r.id);
  return { user, clientIds };
}

async function oneRow(db: Db, id: number): Promise<UserRow> {
  return (await userRows(db, eq(users.id, id), 1, 1)).rows[0];
}

/** What the audit log keeps of a user: never a password hash or a secret. */
const auditView = (
  u: {
    name: string;
    email: string;
    type: UserType;
    roleId: number | null;
    isActive: boolean;
    twoFactorActive: boolean;
  },
  clientIds: number[],
) => ({
  name: u.name,
  email: u.email,
  type: u.type,
  role_id: u.roleId,
  client_id: clientIds,
  is_active: u.isActive,
  two_factor_active: u.twoFactorActive,
});

export async function createUser(
  db: Db,
  actor: Principal,
  body: CreateUserBody,
  origin: RequestOrigin,
): Promise<UserRow> {
  assertTypeAssignable(actor, body.type);
  const passwordHash = await hashPassword(body.password);
  try {
    const id = await inTransaction(db, async (tx) => {
      const role = await assignableRole(tx, actor, body.role_id, body.type);
      const clientIds = await assignableClients(tx, actor, body.type, body.client_id);
      const [taken] = await tx
        .select({ id: users.id })
        .from(users)
        .where(sql`lower(${users.email}) = ${body.email}`);
      if (taken) throw conflict(EMAIL_TAKEN);
      const [user] = await tx
        .insert(users)
        .values({
          name: body.name,
          email: body.email,
          passwordHash,
          type: body.type,
          roleId: role.id,
          isActive: body.is_active,
        })
        .returning();
      if (clientIds.length)
        await tx.insert(userClients).values(clientIds.map((clientId) => ({ userId: user.id, clientId })));
      await auditBy(tx, actor, origin, {
        action: 'user.create',
        objectType: 'user',
        objectId: user.id,
        outcome: 'success',
        detail: { before: null, after: auditView(user, clientIds) },
      });
      return user.id;
    });
    return oneRow(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(EMAIL_TAKEN);
    throw error;
  }
}

export interface EditOutcome {
  row: UserRow;
  sessionsEnded: boolean;
  /** The sessions the edit ended (all of the user's, but the editor's own when they edited themselves). */
  ended: EndedSession[];
  /** The editor's session, kept when they changed their own role or clients; null otherwise. */
  kept: number | null;
}

const sameIds = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));

export async function editUser(
  db: Db,
  actor: Principal,
  body: EditUserBody,
  origin: RequestOrigin,
): Promise<EditOutcome> {
  const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
  const outcome = await inTransaction(db, async (tx) => {
    const { user: before, clientIds: clientsBefore } = await manageableUser(tx, actor, body.id);
    if (body.email !== undefined && body.email !== before.email.toLowerCase())
      throw ruleBroken(msg({ defaultMessage: 'Email cannot be changed', id: 'FUo/p+' }));
    if (body.type !== undefined && body.type !== before.type)
      throw ruleBroken(msg({ defaultMessage: 'User Type cannot be changed', id: 'AQRUQw' }));
    const deactivating = body.is_active === false && before.isActive;
    if (body.is_active === false && before.id === actor.id)
      throw ruleBroken(msg({ defaultMessage: 'You cannot deactivate your own account', id: 'n4vXtj' }));
    const role = await assignableRole(tx, actor, body.role_id, before.type);
    const clientIds = await assignableClients(tx, actor, before.type, body.client_id);
    const [after] = await tx
      .update(users)
      .set({
        name: body.name,
        roleId: role.id,
        ...(passwordHash ? { passwordHash } : {}),
        ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, before.id))
      .returning();
    await tx
      .delete(userClients)
      .where(
        and(
          eq(userClients.userId, before.id),
          clientIds.length ? notInArray(userClients.clientId, clientIds) : undefined,
        ),
      );
    if (clientIds.length)
      await tx
        .insert(userClients)
        .values(clientIds.map((clientId) => ({ userId: before.id, clientId })))
        .onConflictDoNothing();
    // A new password, a deactivation, another role or other clients end every session at once (on every node: the
    // route disconnects the sockets after commit), not at the next idle timeout: what the user may reach changed.
    const grantChanged = role.id !== before.roleId || !sameIds(clientIds, clientsBefore);
    const endSessions = deactivating || passwordHash !== undefined || grantChanged;
    // Editors changing their own role or clients keep the session they are using: they made the change, here and
    // now, and each request reads their access afresh. A new password ends it too, as it always has.
    const kept = before.id === actor.id && passwordHash === undefined ? (origin.sessionId ?? null) : null;
    const ended = endSessions ? await revokeSessionsOf(tx, [before.id], kept ?? undefined) : [];
    await auditBy(tx, actor, origin, {
      action: deactivating ? 'user.deactivate' : 'user.edit',
      objectType: 'user',
      objectId: before.id,
      outcome: 'success',
      detail: {
        before: auditView(before, clientsBefore),
        after: auditView(after, clientIds),
        password_changed: passwordHash !== undefined,
        sessions_ended: endSessions,
        ...(endSessions && kept !== null ? { session_kept: kept } : {}),
      },
    });
    return { sessionsEnded: endSessions, ended, kept: endSessions ? kept : null };
  });
  return { row: await oneRow(db, body.id), ...outcome };
}

/** Clears a user's authenticator: they set it up again at their next sign-in. Every session ends. */
export async function removeAuthenticator(
  db: Db,
  actor: Principal,
  userId: number,
  origin: RequestOrigin,
): Promise<void> {
  await inTransaction(db, async (tx) => {
    const { user } = await manageableUser(tx, actor, userId);
    if (!user.twoFactorActive)
      throw conflict(msg({ defaultMessage: 'Authenticator is not set for this user', id: 't/NFKW' }));
    await clearTwoFactor(tx, user.id);
    await auditBy(tx, actor, origin, {
      action: 'user.remove_authenticator',
      objectType: 'user',
      objectId: user.id,
      outcome: 'success',
      detail: { before: { two_factor_active: true }, after: { two_factor_active: false }, sessions_ended: true },
    });
  });
}
