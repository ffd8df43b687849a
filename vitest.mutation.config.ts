import { defineConfig } from 'vitest/config';

// What Stryker runs for each mutant: the unit, view and server (PGlite) suites, without the
// PostgreSQL copy (the same tests twice would only double the time), the lint test (it reads the
// tree, not the mutated code) and the ELK layout test (it draws every machine, seconds each, and
// its files are not mutated).
// MUTATION_SUITES=unit,view narrows a run to those suites (a quick look at one folder's score).
const suites = (process.env.MUTATION_SUITES ?? 'unit,view,server-pglite').split(',');
// MUTATION_TESTS='src/test/machines/*Lifecycle*' narrows the unit suite to those files.
const unitFiles = process.env.MUTATION_TESTS ? process.env.MUTATION_TESTS.split(',') : ['src/test/**/*.test.ts'];
// MUTATION_VIEW_TESTS and MUTATION_SERVER_TESTS narrow the view and server suites the same way.
const viewFiles = process.env.MUTATION_VIEW_TESTS
  ? process.env.MUTATION_VIEW_TESTS.split(',')
  : ['src/test/**/*.test.tsx'];
const serverFiles = process.env.MUTATION_SERVER_TESTS
  ? process.env.MUTATION_SERVER_TESTS.split(',')
  : ['server/test/**/*.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: unitFiles,
          exclude: ['src/test/lint/**', 'src/test/machines/chartGraph.test.ts'],
        },
      },
      {
        test: {
          name: 'view',
          environment: 'jsdom',
          include: viewFiles,
          setupFiles: ['src/test/views/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          environment: 'node',
          include: serverFiles,
          // Child-process and two-node tests run the unmutated server from disk, and take minutes.
          exclude: ['server/test/settlementCrash.test.ts', 'server/test/twoNodes.test.ts'],
          env: { TEST_DB: 'pglite' },
          globalSetup: ['server/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ].filter((project) => suites.includes(project.test.name)),
  },
});
