import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/connect.ts';
import { keepBusinessDays } from './domain/dayTotals.ts';
import { DEMO_PASSWORD, demoUsers, seedDemo } from './seed/demo.ts';
import { ensureReferenceData, isEmpty } from './seed/reference.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  await ensureReferenceData(database.db);
  // The overview reads business days of this clock (migration 0024); a new zone's days are counted once, here.
  await keepBusinessDays(database.db, config.businessTimeZone);
  let seeded = false;
  if (config.seedDemo && (await isEmpty(database.db))) {
    await seedDemo(database.db);
    seeded = true;
  }
  const { app } = await buildApp(database, config);
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.port, host: config.host });
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`;
  console.log(`\nPayments back office: http://localhost:${config.port}  (database: ${where})`);
  if (config.seedDemo) {
    console.log(`${seeded ? 'Seeded demo data. ' : ''}Demo sign-ins (password ${DEMO_PASSWORD}):`);
    for (const u of demoUsers) console.log(`  ${u.email.padEnd(24)} ${u.type}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
