import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Database, type Db } from '../db/connect.ts';

/**
 * Whether the database holds every migration this build ships (drizzle records each applied one with
 * its folder's time): a node of a newer build on an older database is not ready.
 */
async function migrationsCurrent(db: Db): Promise<boolean> {
  const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as {
    entries: { when: number }[];
  };
  const newest = Math.max(...journal.entries.map((e) => e.when));
  const { rows } = await db.execute<{ applied: string | null }>(
    sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
  );
  return Number(rows[0]?.applied ?? 0) >= newest;
}

export type Readiness =
  { ready: true; checks: Record<string, string> } | { ready: false; checks: Record<string, string>; failing: string };

/**
 * What /readyz reports (issue 30), in order, stopping at the first that fails: a database that does
 * not answer cannot say which migrations it holds. Each check says 'ok' or what fails, in words.
 */
export async function readiness(database: Database, jobs: { running(): boolean }): Promise<Readiness> {
  const checks: [string, () => Promise<string | null>][] = [
    [
      'database',
      () =>
        database.ping().then(
          () => null,
          () => 'not answering',
        ),
    ],
    ['migrations', async () => ((await migrationsCurrent(database.db)) ? null : 'behind this build')],
    ['job_queue', async () => (jobs.running() ? null : 'stopped')],
  ];
  const results: Record<string, string> = {};
  for (const [name, check] of checks) {
    const failure = await check().catch(() => 'could not be checked');
    results[name] = failure ?? 'ok';
    if (failure) return { ready: false, checks: results, failing: `${name.replace('_', ' ')} ${failure}` };
  }
  return { ready: true, checks: results };
}
