import { asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { executePrepared } from '../db/prepared.ts';
import { clients, type UserType } from '../db/schema.ts';
import { scopeOf, seesEveryClientSql, standInType } from './clientScope.ts';
import { grants, pageTable } from './grants.ts';
import { allEntries, companionsOf, isCompanionPage } from '../../src/services/pages.ts';
import { isLanguage, type Language } from '../../src/i18n/language.ts';
import { liveSessionCte, type ActiveSession, type SessionLimits } from './sessions.ts';

/** A page's place in the menu: a companion page sits beside the page it comes with. */
const menuOrder = (id: string) => allEntries.findIndex((m) => m.id === id);

/** Who is asking: everything an authorization decision needs, read fresh on each request. */
export interface Principal {
  id: number;
  name: string;
  email: string;
  type: UserType;
  twoFactorActive: boolean;
  /** Signed in with a recovery code since the last authenticator: asked to set up a new one (issue 44). */
  twoFactorResetRequired: boolean;
  role: { id: number; name: string } | null;
  moduleIds: string[];
  allowedPaths: string[];
  /** null means every client (SUPER ADMIN, AUDITOR). */
  clientScope: number[] | null;
  /** The language saved in User Settings (issue 48); null until one is chosen. */
  language: Language | null;
}

/**
 * A principal no one signed in as, for the benches and tests that call the domain directly: a SUPER
 * ADMIN (every client) unless `fields` give a scope, with no modules unless given.
 */
export const standInPrincipal = (fields: Partial<Principal> = {}): Principal => ({
  id: 0,
  name: 'Stand-in',
  email: 'stand-in@example.invalid',
  type: standInType(fields.clientScope),
  twoFactorActive: true,
  twoFactorResetRequired: false,
  role: null,
  moduleIds: [],
  allowedPaths: [],
  clientScope: null,
  language: null,
  ...fields,
});

/**
 * The columns a Principal is built from, for a `users u` row: the user, its role (`roles r`, left
 * joined on u.role_id), the role's modules in modules.sort order and, unless the type sees every client, the user's
 * clients, aggregated as json so that the whole principal is one row of one statement.
 */
const principalColumns = sql`u.id, u.name, u.email, u.type, u.two_factor_active, u.two_factor_reset_required, u.is_active,
  u.language,
  r.id as role_id, r.name as role_name,
  coalesce((
    select json_agg(json_build_object('id', m.id, 'path', m.path) order by m.sort, m.id)
    from role_modules rm join modules m on m.id = rm.module_id
    where rm.role_id = u.role_id
  ), '[]'::json) as granted,
  case when ${seesEveryClientSql(sql`u.type`)} then null else coalesce((
    select json_agg(uc.client_id order by uc.client_id) from user_clients uc where uc.user_id = u.id
  ), '[]'::json) end as client_ids`;

type PrincipalRow = {
  id: number;
  name: string;
  email: string;
  type: UserType;
  two_factor_active: boolean;
  two_factor_reset_required: boolean;
  is_active: boolean;
  language: string | null;
  role_id: number | null;
  role_name: string | null;
  granted: Array<{ id: string; path: string }>;
  client_ids: number[] | null;
};

function toPrincipal(user: PrincipalRow): Principal | null {
  if (!user.is_active) return null;
  // A page is permitted by the very check its module's routes pass (see src/services/routes.ts).
  const caller = { type: user.type, moduleIds: user.granted.map((m) => m.id) };
  // A companion page (the Callbacks page) comes with the module it belongs to, never from a role of its own.
  const held = [
    ...user.granted.filter((m) => !isCompanionPage(m.id)),
    ...companionsOf(caller.moduleIds).map((m) => ({ id: m.id, path: m.path })),
  ].sort((a, b) => menuOrder(a.id) - menuOrder(b.id));
  const permitted = held.filter((m) => pageTable.some((p) => p.module === m.id && grants(caller, p.rule)));
  return {
    id: Number(user.id),
    name: user.name,
    email: user.email,
    type: user.type,
    twoFactorActive: user.two_factor_active,
    twoFactorResetRequired: user.two_factor_reset_required,
    role: user.role_id == null ? null : { id: Number(user.role_id), name: user.role_name ?? '' },
    moduleIds: permitted.map((m) => m.id),
    allowedPaths: permitted.map((m) => m.path),
    clientScope: scopeOf(user.type, (user.client_ids ?? []).map(Number)),
    language: isLanguage(user.language) ? user.language : null,
  };
}

/** A user as a Principal, in one statement; null for an unknown or inactive user. */
export async function loadPrincipal(db: Db, userId: number): Promise<Principal | null> {
  const { rows } = await db.execute<PrincipalRow>(sql`select ${principalColumns}
    from users u left join roles r on r.id = u.role_id where u.id = ${userId}`);
  return rows[0] ? toPrincipal(rows[0]) : null;
}

/**
 * Authentication in one statement: the token's live session (see liveSessionCte: it is also
 * marked seen when last seen more than a step ago) and its user as a Principal. Null when the
 * session is not live or the user is inactive.
 */
export async function loadSessionPrincipal(
  db: Db,
  token: string,
  limits: SessionLimits,
): Promise<{ session: ActiveSession; principal: Principal } | null> {
  // Every authenticated request runs this: prepared once per connection (server/db/prepared.ts).
  const { rows } = await executePrepared<PrincipalRow & { session_id: number | string; otp_verified: boolean }>(
    db,
    sql`${liveSessionCte(token, limits)}
    select live.id as session_id, live.otp_verified, ${principalColumns}
    from live join users u on u.id = live.user_id left join roles r on r.id = u.role_id`,
  );
  const row = rows[0];
  const principal = row ? toPrincipal(row) : null;
  if (!row || !principal) return null;
  return {
    session: { sessionId: Number(row.session_id), userId: principal.id, otpVerified: row.otp_verified },
    principal,
  };
}

export async function clientsIn(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(clients).where(inArray(clients.id, ids)).orderBy(asc(clients.id));
}
