// Mutation testing (issue 16): StrykerJS plants small faults in the machines, the browser services
// and the server's domain rules, runs the tests that cover each, and counts the faults no test notices.
// `npm run test:mutation` runs it all (many hours on 2 cores); stryker/parts/*.config.mjs are the
// parts measured so far, each a few files against the tests that speak of them
// (`npm run test:mutation:parts`, then `npm run mutation:score` adds their reports up).
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  // The vitest runner, counting a test file that fails to load or a failed beforeAll as a failure (see the file).
  testRunner: 'vitest-strict',
  plugins: ['@stryker-mutator/vitest-runner', './stryker/strictVitestRunner.mjs'],
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate: [
    'src/machines/**/*.ts',
    'src/services/**/*.ts',
    'server/domain/**/*.ts',
    // Chart drawing and the registry are presentation; their faults show in the chart tests, not as rules.
    '!src/machines/chartLayout.ts',
    '!src/machines/scxml.ts',
  ],
  ignorePatterns: ['dist', 'data', 'e2e', 'test-results', 'playwright-report', 'reports'],
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  thresholds: { high: 80, low: 60, break: null },
  concurrency: 2,
  timeoutMS: 60_000,
  dryRunTimeoutMinutes: 60,
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
