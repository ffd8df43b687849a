import { part } from './part.mjs';

// The ledger's posting rules against their own suite (an empty database, seconds a run).
export default part('ledger', {
  mutate: ['server/domain/ledger.ts'],
  server: ['server/test/ledger.test.ts'],
});
