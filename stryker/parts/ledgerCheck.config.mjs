import { part } from './part.mjs';

// The ledger check against its planted faults.
export default part('ledgerCheck', {
  mutate: ['server/domain/ledgerCheck.ts'],
  server: ['server/test/ledgerCheck.test.ts'],
});
