import { defineConfig } from 'vitest/config';

const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    environment: 'node',
    include: ['server/test/**/*.test.ts'],
    env: { TEST_DB: db },
    // Each server test file copies the databases this builds once per run.
    globalSetup: ['server/test/globalSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// Server suites run on embedded PGlite always, and again on a real PostgreSQL when DATABASE_URL is set.
export default defineConfig({
  test: {
    // A hang in a file's teardown (a queue or outbox that will not stop) fails with a message, not a CI time-out.
    teardownTimeout: 60_000,
    projects: [
      { test: { name: 'unit', environment: 'node', include: ['src/test/**/*.test.ts'] } },
      // jsdom renders of Fluent UI dialogs take seconds on a busy 2-core machine: 5 s is too tight.
      {
        test: {
          name: 'view',
          environment: 'jsdom',
          include: ['src/test/**/*.test.tsx'],
          setupFiles: ['src/test/views/setup.ts'],
          testTimeout: 30_000,
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
