import { part } from './part.mjs';

// The ledger, its check and the bulk pay-in postings, against the money suites and the check's planted faults.
export default part('ledger', {
  mutate: ['server/domain/ledger.ts', 'server/domain/disbursementLedger.ts', 'server/domain/ledgerCheck.ts', 'server/domain/payinLedgerBulk.ts'],
  server: [
    'server/test/ledgerCheck.test.ts', 'server/test/withdrawals.test.ts', 'server/test/disbursementsLifecycle.test.ts',
    'server/test/disbursementAccount.test.ts', 'server/test/disbursementsVoid.test.ts', 'server/test/settlement.test.ts',
    'server/test/transactionActions.test.ts', 'server/test/transactionRollup.test.ts',
  ],
});
