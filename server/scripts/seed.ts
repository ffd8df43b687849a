import { DEMO_PASSWORD, demoUsers, seedDemo } from '../seed/demo.ts';
import { isEmpty } from '../seed/reference.ts';
import { openFromEnv } from './openFromEnv.ts';

/** `npm run seed`: demo data into the configured database (DATABASE_URL, or PGlite in DATA_DIR). */
async function main() {
  const { database } = await openFromEnv();
  try {
    if (!(await isEmpty(database.db))) {
      console.log('The database already has users: demo data was not added.');
      return;
    }
    await seedDemo(database.db);
    console.log(`Demo data added. Sign in with (password ${DEMO_PASSWORD}):`);
    for (const u of demoUsers) console.log(`  ${u.email.padEnd(24)} ${u.type}`);
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
