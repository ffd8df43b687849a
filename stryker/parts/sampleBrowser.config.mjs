import { samplePart } from './sample.mjs';

// The sample's machines and browser services, against the unit and view suites. The server suite,
// which also reads the route table, is left out: a mutant only it would notice counts as lived, so
// this stratum's estimate is, if anything, low.
export default samplePart('sample-browser', ['src/machines', 'src/services'], {
  unit: ['src/test/**/*.test.ts'],
  view: ['src/test/**/*.test.tsx'],
});
