import { checkLedger } from '../domain/ledgerCheck.ts';
import { openFromEnv } from './openFromEnv.ts';

/** `npm run ledger:check`: exits non-zero when any balance is not explained by its postings. */
async function main() {
  const { database } = await openFromEnv();
  try {
    const { problems, accounts, entries } = await checkLedger(database.db);
    console.log(`Checked ${accounts} accounts and ${entries} journal entries.`);
    if (problems.length === 0) {
      console.log(
        'Ledger is balanced: every balance equals its postings, every entry sums to zero, nothing went negative, ' +
          'each disbursement hold equals its open disbursements, and the hourly and daily pay-in and disbursement ' +
          'totals match their rows; every journal entry names the audit line of the action that posted it, and ' +
          'every such line its entries.',
      );
      return;
    }
    for (const p of problems) console.log(`PROBLEM [${p.check}] ${p.detail}`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
