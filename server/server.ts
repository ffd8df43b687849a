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
  // Graceful shutdown (issue 30): stop accepting connections (a new request on a kept-alive one gets
  // 503), close sockets so browsers reconnect to another node, let requests in flight finish within
  // SHUTDOWN_SECONDS (then their connections are closed), stop pg-boss workers (an unfinished job is
  // offered again to another node) and the outbox, close the database, exit 0.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: finishing requests in flight (at most ${config.shutdownSeconds} s), then stopping`);
    const deadline = setTimeout(() => app.server.closeAllConnections(), config.shutdownSeconds * 1000);
    deadline.unref();
    try {
      await app.close();
      await database.close();
    } catch (error) {
      console.error('while stopping:', error instanceof Error ? error.message : error);
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
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
