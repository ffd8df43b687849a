import { auditVerifyReport } from './auditVerifyReport.ts';
import { openFromEnv } from './openFromEnv.ts';

/** `npm run audit:verify`: exits non-zero when the audit log's hash chain is broken, naming the first broken row. */
async function main() {
  const { database } = await openFromEnv();
  try {
    const { lines, exitCode } = await auditVerifyReport(database.db);
    for (const line of lines) console.log(line);
    process.exitCode = exitCode;
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(2);
});
