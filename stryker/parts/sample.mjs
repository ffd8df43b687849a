import base from '../../stryker.config.mjs';
import { part } from './part.mjs';
import { sampledMutants } from '../sampleMutants.mjs';

// One stratum of the seeded random sample of the whole scope's mutants (stryker/sample.json, drawn by
// `scripts/mutationSample.ts pick`): the sampled mutants under `folders`, against the given suites.
// The browser's folders and the server's are run apart: a server rule's mutant is covered by most
// server test files (every one signs in), so the two suites take very different time.
// A range also takes the mutants nested inside it; stryker/sampleIgnorer.mjs leaves
// those out.
export function samplePart(name, folders, suites) {
  const ranges = sampledMutants()
    .filter((m) => folders.some((folder) => m.file.startsWith(`${folder}/`)))
    .map((m) => `${m.file}:${m.start.line}:${m.start.column}-${m.end.line}:${m.end.column}`);
  return {
    ...part(name, { mutate: ranges, ...suites }),
    plugins: [...base.plugins, './stryker/sampleIgnorer.mjs'],
    ignorers: ['sample'],
    // A machine's mutants are static (its definition is built when the module loads), and Stryker runs
    // every test in scope for a static mutant: about nine minutes of the browser's suites each. With
    // `related`, vitest runs only the test files that import the mutated file, directly or not.
    vitest: { ...base.vitest, related: true },
  };
}
