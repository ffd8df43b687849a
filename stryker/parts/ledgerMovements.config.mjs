import { part } from './part.mjs';

// The disbursements' movements and the bulk pay-in postings, against the suites that move that money.
export default part('ledgerMovements', {
  mutate: ['server/domain/disbursementLedger.ts', 'server/domain/payinLedgerBulk.ts'],
  server: [
    'server/test/disbursementsLifecycle.test.ts',
    'server/test/disbursementsVoid.test.ts',
    'server/test/payinActions.test.ts',
    'server/test/settlement.test.ts',
  ],
});
