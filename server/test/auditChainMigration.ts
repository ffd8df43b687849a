import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { AuditChainVerdict } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import { verifyAuditChain } from '../domain/auditChain.ts';
import { databaseUrl, withAdmin } from './dbTemplates.ts';

const migrations = fileURLToPath(new URL('../db/migrations', import.meta.url));
/** The last migration before the chain: the database the chain's migration meets in the field. */
const BEFORE_CHAIN = 20;

/** The migrations folder as it stood before 0020 (the migrator reads only the journal and the SQL). */
async function migrationsBeforeChain(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'bo-migrations-'));
  await cp(migrations, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, BEFORE_CHAIN);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

/** Rows written before the chain existed: odd text, a microsecond time, a jsonb detail, nulls. */
const OLD_ROWS = sql`
  insert into audit_log (at, actor_user_id, actor_email, action, object_type, object_id, outcome, ip, detail) values
    ('2026-11-23 03:42:00.123456+07', 1, 'superadmin@demo.local', 'withdrawal.decide', 'withdrawal', 'x-1',
      'success', '10.0.0.1', '{"before": {"status": "PENDING"}, "after": {"status": "REJECTED"}, "n": 1.50}'),
    (now(), null, null, 'auth.login', null, null, 'failure', null, null),
    (now(), 7, E'caf\u00e9 "q" \\\\ \\n', E'odd\\u0001\\ttext', 'emoji 🧾', '12345', 'denied', '::1', '{"k": [1, "é", null]}'),
    (now(), 2, 'admin@demo.local', 'role.create', 'role', '3', 'success', '10.0.0.2', '{}')`;

/**
 * A database migrated up to 0019, given rows, then migrated through 0020: what Node's verify says
 * of the rows the migration chained (on PGlite, or on the PostgreSQL server when the suite runs there).
 */
export async function chainedByMigration(): Promise<AuditChainVerdict> {
  const before = await migrationsBeforeChain();
  try {
    if (process.env.TEST_DB !== 'postgres') {
      const client = new PGlite();
      const db = drizzlePglite(client);
      try {
        await migratePglite(db, { migrationsFolder: before });
        await db.execute(OLD_ROWS);
        await migratePglite(db, { migrationsFolder: migrations });
        return await verifyAuditChain(db as unknown as Db);
      } finally {
        await client.close();
      }
    }
    const baseUrl = process.env.DATABASE_URL!;
    const name = `bo_chain_${Date.now().toString(36)}`;
    await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE ${name}`));
    const pool = new pg.Pool({ connectionString: databaseUrl(baseUrl, name) });
    try {
      const db = drizzlePg(pool);
      await migratePg(db, { migrationsFolder: before });
      await db.execute(OLD_ROWS);
      await migratePg(db, { migrationsFolder: migrations });
      return await verifyAuditChain(db as unknown as Db);
    } finally {
      await pool.end();
      await withAdmin(baseUrl, (admin) => admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    }
  } finally {
    await rm(before, { recursive: true, force: true });
  }
}
