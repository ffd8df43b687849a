import { sql } from 'drizzle-orm';
import { DEMO_DAYS, DEMO_PASSWORD, DEMO_TRANSACTIONS, demoUsers, seedDemo } from '../seed/demo.ts';
import { seedPayins } from '../seed/payins.ts';
import { isEmpty } from '../seed/reference.ts';
import { openFromEnv, parseFlags } from './openFromEnv.ts';

/**
 * `npm run seed [-- --transactions N --days D]`: demo data into the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR). On a database that already has users, --transactions
 * adds that many generated pay-ins (credited through the ledger) to its clients.
 */
async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const count = flags.transactions === undefined ? undefined : Number(flags.transactions);
  const days = flags.days === undefined ? DEMO_DAYS : Number(flags.days);
  if (count !== undefined && !(Number.isInteger(count) && count >= 0)) throw new Error('--transactions must be a whole number');
  if (!(Number.isInteger(days) && days >= 1 && days <= 3650)) throw new Error('--days must be a whole number from 1 to 3650');
  const { database } = await openFromEnv();
  try {
    if (!(await isEmpty(database.db))) {
      if (count === undefined) {
        console.log('The database already has users: demo data was not added. Use --transactions N to add pay-ins.');
        return;
      }
      const clientIds = (await database.db.execute<{ id: number }>(sql`select id from clients order by id`)).rows.map((r) => Number(r.id));
      await seedPayins(database.db, { count, days, clientIds, seed: Date.now() % 100_000 });
      console.log(`Added ${count} pay-ins over the last ${days} days.`);
      return;
    }
    await seedDemo(database.db, { transactions: count ?? DEMO_TRANSACTIONS, days });
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
