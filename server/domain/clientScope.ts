import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { clients } from '../db/schema.ts';
import { notFound } from './errors.ts';
import { visibleClientIds, type Principal } from './principal.ts';

/** A client's name, for rows and messages that show it ('' for an id with no client, which the foreign keys rule out). */
export async function clientNameOf(db: Db, clientId: number): Promise<string> {
  const [client] = await db.select({ name: clients.clientName }).from(clients).where(eq(clients.id, clientId));
  return client?.name ?? '';
}

/**
 * The one client a request names, if the user may see it. Another client's id is answered
 * exactly like an id that does not exist: notFound, nothing about it.
 */
export async function clientInScope(db: Db, principal: Principal, clientId: number): Promise<number> {
  // A scope lists only existing clients (user_clients.client_id references clients, which nothing
  // deletes from): a client in it needs no look-up. Without a scope (SUPER ADMIN) the id is checked.
  if (principal.clientScope) {
    if (principal.clientScope.includes(clientId)) return clientId;
  } else {
    const [row] = await db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId));
    if (row) return row.id;
  }
  throw notFound('Client not found');
}

/** A named client (checked as above), or every client the user may see. */
export async function clientsForFilter(db: Db, principal: Principal, clientId: number | undefined): Promise<number[]> {
  return clientId === undefined ? visibleClientIds(db, principal) : [await clientInScope(db, principal, clientId)];
}
