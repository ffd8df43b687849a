import { part } from './part.mjs';

// The three lifecycles, against their unit tests, the charts' freshness and the module-load check.
export default part('lifecycles', {
  mutate: ['src/machines/lifecycle/**/*.ts'],
  unit: [
    'src/test/modulesLoad.test.ts',
    'src/test/machines/*Lifecycle*.test.ts',
    'src/test/machines/withdrawal*.test.ts',
    'src/test/machines/chartsFresh.test.ts',
    'src/test/machines/registry.test.ts',
    'src/test/machines/scxml.test.ts',
  ],
});
