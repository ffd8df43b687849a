import type { TestProject } from 'vitest/node';
import { buildPgliteTemplates, buildPostgresTemplates, type Templates } from './dbTemplates.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplates: Templates;
  }
}

/** Builds the run's template databases once, before any server test file starts (see dbTemplates.ts). */
export default async function setup(project: TestProject) {
  const onPostgres = project.config.env?.TEST_DB === 'postgres';
  const built = onPostgres ? await buildPostgresTemplates(process.env.DATABASE_URL!) : await buildPgliteTemplates();
  project.provide('dbTemplates', built.templates);
  return () => built.remove();
}
