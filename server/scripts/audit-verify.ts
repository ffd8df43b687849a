import { verifyAuditChain } from '../domain/auditChain.ts';
import { openFromEnv } from './openFromEnv.ts';

/** `npm run audit:verify`: exits non-zero when the audit log's hash chain is broken, naming the first broken row. */
async function main() {
  const { database } = await openFromEnv();
  try {
    const { valid, rows, head, first_broken_id } = await verifyAuditChain(database.db);
    console.log(`Checked ${rows} audit rows. Chain head: ${head ?? '(empty log)'}`);
    if (valid) {
      console.log('The audit chain is intact: every row hashes to what it stores and names the row before.');
      return;
    }
    console.log(`The audit chain is broken at entry #${first_broken_id}.`);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
