// One part of the mutation run (issue 16): a whole run is many hours on two cores, so it is made
// in parts, each mutating a few files against the tests that speak of them, with its own report
// in reports/mutation/<name>.json; `npm run mutation:score` adds the reports up.
// The narrowed test lists reach vitest.mutation.config.ts through the environment, which Stryker's
// workers inherit (they start after this file is read).
import process from 'node:process';
import base from '../../stryker.config.mjs';

export function part(name, { mutate, unit, view, server }) {
  const suites = [unit && 'unit', view && 'view', server && 'server-pglite'].filter(Boolean);
  process.env.MUTATION_SUITES = suites.join(',');
  if (unit) process.env.MUTATION_TESTS = unit.join(',');
  if (view) process.env.MUTATION_VIEW_TESTS = view.join(',');
  if (server) process.env.MUTATION_SERVER_TESTS = server.join(',');
  return {
    ...base,
    mutate,
    reporters: ['json', 'html', 'progress', 'clear-text'],
    jsonReporter: { fileName: `reports/mutation/${name}.json` },
    htmlReporter: { fileName: `reports/mutation/${name}.html` },
    tempDirName: `.stryker-tmp-${name}`,
  };
}
