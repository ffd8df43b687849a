import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, type Database } from '../db/connect.ts';
import { seedDemo } from '../seed/demo.ts';
import { ensureReferenceData } from '../seed/reference.ts';

/**
 * The databases a test file starts from, built once per run instead of once per file: migrating
 * and seeding took about 4 s a file (12 s on a busy 2-core machine), most of the server suite's
 * time, and made each of Stryker's server mutants minutes long. A file copies its template:
 * PGlite loads a saved data directory, PostgreSQL clones a template database.
 * `reference` holds the migrations and reference data; `demo` adds the demo seed.
 */
export type TemplateName = 'reference' | 'demo';

/** Where each template is: a data-directory tarball's path (PGlite) or a database name (PostgreSQL). */
export type Templates = Record<TemplateName, string>;

const fill = async (database: Database, name: TemplateName) => {
  await ensureReferenceData(database.db);
  // A few hundred pay-ins keep the template small and quick to copy.
  if (name === 'demo') await seedDemo(database.db, { transactions: 400 });
};

const names: TemplateName[] = ['reference', 'demo'];

export async function buildPgliteTemplates(): Promise<{ templates: Templates; remove(): Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), 'bo-db-templates-'));
  const templates = {} as Templates;
  for (const name of names) {
    const database = await openDatabase({ dataDir: null });
    await fill(database, name);
    // Drizzle keeps the PGlite client it was made with; only tests need to save one.
    const image = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
    await database.close();
    templates[name] = join(folder, `${name}.tar`);
    await writeFile(templates[name], Buffer.from(await image.arrayBuffer()));
  }
  return { templates, remove: () => rm(folder, { recursive: true, force: true }) };
}

export const readPgliteImage = async (path: string) => new Blob([await readFile(path)]);

export const withAdmin = async <T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> => {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
};

export const databaseUrl = (baseUrl: string, name: string) => {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export async function buildPostgresTemplates(
  baseUrl: string,
): Promise<{ templates: Templates; remove(): Promise<void> }> {
  const run = randomBytes(4).toString('hex');
  const templates = {} as Templates;
  for (const name of names) {
    templates[name] = `bo_template_${run}_${name}`;
    await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE ${templates[name]}`));
    const database = await openDatabase({ url: databaseUrl(baseUrl, templates[name]) });
    await fill(database, name);
    // A template must have no open connections while it is copied.
    await database.close();
  }
  return {
    templates,
    remove: () =>
      withAdmin(baseUrl, async (admin) => {
        for (const name of names) await admin.query(`DROP DATABASE IF EXISTS ${templates[name]} WITH (FORCE)`);
      }),
  };
}

/** A new database cloned from a template; a clone waits while another is being made from the same one. */
export async function cloneTemplate(baseUrl: string, template: string, name: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await withAdmin(baseUrl, (admin) => admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
      return;
    } catch (error) {
      // 55006: "source database is being accessed by other users" (another clone in progress).
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}
