import { part } from './part.mjs';

// The browser's services (rules, formats, the API client), against the unit suite. The views' suite
// is left out for time: its tests answer the API with fakes, so the client's calls (api.ts, http.ts
// beyond its own test) show as not covered, and the Playwright suite, which does call them, cannot
// run under Stryker.
export default part('services', {
  mutate: ['src/services/**/*.ts'],
  unit: ['src/test/**/*.test.ts'],
});
