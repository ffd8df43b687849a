import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import * as schema from './schema.ts';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Both drivers expose the same query builder; code above this file never knows which one runs. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** `image` starts an embedded database from a saved data directory (tests copy a seeded template). */
export type DatabaseTarget = { url: string } | { dataDir: string | null; image?: Blob };

/** Opens the database and applies every pending migration before anything else touches it. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    // A database that does not answer at all (a black-holed network) fails a request in 5 s rather than holding it.
    const pool = new pg.Pool({ connectionString: target.url, max: 10, connectionTimeoutMillis: 5_000 });
    // An idle connection the server ends (restart, failover, a forced drop) must not crash the
    // process: the pool drops it and opens a new one for the next query.
    pool.on('error', (error) => {
      console.warn(`database connection lost: ${error.message}`);
    });
    // The same for a connection someone holds (the socket.io adapter keeps one for LISTEN and listens only
    // for its end): a database that stops under it would otherwise be an unhandled 'error' that ends the node.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        console.warn(`database connection lost: ${error.message}`);
      });
    });
    const db = drizzlePg(pool, { schema });
    await migratePg(db, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      close: () => pool.end(),
    };
  }
  if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
  const client = new PGlite({ dataDir: target.dataDir ?? undefined, loadDataDir: target.image });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.close(),
  };
}
