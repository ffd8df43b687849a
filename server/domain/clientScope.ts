import { asc, eq, inArray, notInArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { runPrepared } from '../db/prepared.ts';
import { clients, type UserType } from '../db/schema.ts';
import { notFound } from './errors.ts';
import { EVERY_CLIENT_TYPES, seesEveryClient } from '../../src/services/schemas.ts';
import { SUPER_ADMIN } from './grants.ts';
import type { Principal } from './principal.ts';
import { msg } from '../../src/i18n/msg.ts';

/** A user's client scope: none (every client) for a SUPER ADMIN or AUDITOR, else the clients they are given. */
export const scopeOf = (type: UserType, clientIds: number[]): number[] | null =>
  seesEveryClient(type) ? null : clientIds;

/**
 * seesEveryClient as SQL on a user's type column or expression (`u.type`): the types whose scope is every client,
 * whose user_clients rows are none.
 */
export const seesEveryClientSql = (type: SQL): SQL =>
  sql`${type} in (${sql.join(
    EVERY_CLIENT_TYPES.map((t) => sql`${t}`),
    sql`, `,
  )})`;

/** Whether the `users u` row sees the client, as SQL: every client by type, else through its user_clients. */
export const userSeesClientSql = (clientId: number): SQL =>
  sql`(${seesEveryClientSql(sql`u.type`)} or exists (select 1 from user_clients uc where uc.user_id = u.id
    and uc.client_id = ${clientId}))`;

/** The type of a stand-in principal (standInPrincipal): an ADMIN with a client scope, else a SUPER ADMIN. */
export const standInType = (scope: number[] | null | undefined): UserType => (scope ? 'ADMIN' : SUPER_ADMIN);

/** Whether the user may see this client: every client without a scope (SUPER ADMIN), else those of the scope. */
export const seesClient = (principal: Pick<Principal, 'clientScope'>, clientId: number): boolean =>
  principal.clientScope === null || principal.clientScope.includes(clientId);

/**
 * seesClient as SQL: true where `column` holds a client outside the scope (never without a scope; always with an empty
 * one).
 */
export const outsideScope = (principal: Pick<Principal, 'clientScope'>, column: AnyColumn): SQL => {
  const scope = principal.clientScope;
  if (scope === null) return sql`false`;
  return scope.length === 0 ? sql`true` : notInArray(column, scope);
};

/** Every client the user may see, by id. */
export async function visibleClientIds(db: Db, principal: Principal): Promise<number[]> {
  if (principal.clientScope) return [...principal.clientScope].sort((a, b) => a - b);
  return (await runPrepared(db.select({ id: clients.id }).from(clients).orderBy(asc(clients.id)))).map((r) => r.id);
}

/**
 * A client's name, for rows and messages that show it ('' for an id with no client, which the foreign keys rule out).
 */
export async function clientNameOf(db: Db, clientId: number): Promise<string> {
  const [client] = await db.select({ name: clients.clientName }).from(clients).where(eq(clients.id, clientId));
  return client?.name ?? '';
}

/**
 * Client ids seen to exist, per database handle. Nothing deletes a client (no route does, and every
 * pay-in, account and user scope references one), so an id once found stays found: a SUPER ADMIN who
 * names a client (the balance reads, a one-client list) is checked without a round trip after the
 * first time, which took one statement off 4 of the bench mix's 10 requests (issue 30). Only ids found
 * are kept, so a client made on another node is looked up once here; keyed by the handle, so what a
 * transaction finds is kept with that transaction and forgotten with it, never trusted after a rollback.
 */
const knownClients = new WeakMap<Db, Set<number>>();

async function existingClients(db: Db, named: number[]): Promise<Set<number>> {
  let known = knownClients.get(db);
  if (!known) knownClients.set(db, (known = new Set()));
  const unseen = named.filter((id) => !known.has(id));
  if (unseen.length) {
    const found = await runPrepared(db.select({ id: clients.id }).from(clients).where(inArray(clients.id, unseen)));
    for (const { id } of found) known.add(id);
  }
  return known;
}

/**
 * The clients a request names, if the user may see every one. Another client's id is answered
 * exactly like an id that does not exist: notFound, nothing about it. A scope lists only existing
 * clients (user_clients.client_id references clients, which nothing deletes from), so within one
 * the scope alone answers, without a round trip; without a scope (SUPER ADMIN) the ids are looked up
 * (existingClients).
 */
export async function clientsInScope(db: Db, principal: Principal, named: number[]): Promise<number[]> {
  const scope = principal.clientScope;
  const known = scope ? new Set(scope) : await existingClients(db, named);
  if (!named.every((id) => known.has(id))) throw notFound(msg({ defaultMessage: 'Client not found', id: '06XTUO' }));
  return named;
}

/** The one client a request names, checked as above. */
export async function clientInScope(db: Db, principal: Principal, clientId: number): Promise<number> {
  return (await clientsInScope(db, principal, [clientId]))[0];
}

/** A named client (checked as above), or every client the user may see. */
export async function clientsForFilter(db: Db, principal: Principal, clientId: number | undefined): Promise<number[]> {
  return clientId === undefined ? visibleClientIds(db, principal) : [await clientInScope(db, principal, clientId)];
}
