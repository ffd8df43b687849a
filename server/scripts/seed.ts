import { sql } from 'drizzle-orm';
import { DEMO_DAYS, DEMO_PASSWORD, DEMO_TRANSACTIONS, demoUsers, seedDemo } from '../seed/demo.ts';
import { seededRandom } from '../seed/seededRandom.ts';
import { seedDisbursements } from '../seed/disbursements.ts';
import { seedPayins } from '../seed/payins.ts';
import { DISBURSEMENT_STATUSES } from '../../src/services/disbursementQuery.ts';
import { isEmpty } from '../seed/reference.ts';
import { SUPER_ADMIN } from '../domain/grants.ts';
import { openFromEnv, parseFlags } from './openFromEnv.ts';

/**
 * `npm run seed [-- --transactions N --days D --disbursements M]`: demo data into the configured
 * database (DATABASE_URL, or PGlite in DATA_DIR). On a database that already has users,
 * --transactions adds that many generated pay-ins (credited through the ledger) to its clients,
 * and --disbursements that many disbursements, spread over its clients, each created by
 * createDisbursement (after a deposit covering them) and moved by the lifecycle to a status.
 */
async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const count = flags.transactions === undefined ? undefined : Number(flags.transactions);
  const days = flags.days === undefined ? DEMO_DAYS : Number(flags.days);
  if (count !== undefined && !(Number.isInteger(count) && count >= 0))
    throw new Error('--transactions must be a whole number');
  if (!(Number.isInteger(days) && days >= 1 && days <= 3650))
    throw new Error('--days must be a whole number from 1 to 3650');
  const extraDisbursements = flags.disbursements === undefined ? undefined : Number(flags.disbursements);
  if (extraDisbursements !== undefined && !(Number.isInteger(extraDisbursements) && extraDisbursements >= 0))
    throw new Error('--disbursements must be a whole number');
  const { database } = await openFromEnv();
  const addDisbursements = async () => {
    if (!extraDisbursements) return;
    const clientIds = (await database.db.execute<{ id: number }>(sql`select id from clients order by id`)).rows.map(
      (r) => Number(r.id),
    );
    const [decider] = (
      await database.db.execute<{ id: number }>(
        sql`select id from users where type = ${SUPER_ADMIN} and is_active order by id limit 1`,
      )
    ).rows;
    const random = seededRandom(Date.now() % 100_000);
    // Mostly paid out, as live traffic is; every status appears.
    const weights: Array<[(typeof DISBURSEMENT_STATUSES)[number], number]> = [
      ['FINALIZED', 0.6],
      ['PENDING', 0.12],
      ['PENDING_REQUEST', 0.08],
      ['REJECTED', 0.08],
      ['FAILED', 0.08],
      ['VOIDED', 0.04],
    ];
    const statusOf = () => {
      let r = random();
      for (const [s, w] of weights) if ((r -= w) < 0) return s;
      return 'FINALIZED' as const;
    };
    let added = 0;
    for (const [i, clientId] of clientIds.entries()) {
      const perClient =
        Math.floor(extraDisbursements / clientIds.length) + (i < extraDisbursements % clientIds.length ? 1 : 0);
      added += await seedDisbursements(database.db, {
        perClient,
        clientIds: [clientId],
        deciderId: decider ? Number(decider.id) : null,
        random,
        days,
        statusOf,
      });
    }
    console.log(`Added ${added} disbursements over the last ${days} days.`);
  };
  try {
    if (!(await isEmpty(database.db))) {
      if (count === undefined && extraDisbursements === undefined) {
        console.log(
          'The database already has users: demo data was not added. Use --transactions N to add pay-ins, ' +
            '--disbursements N for disbursements.',
        );
        return;
      }
      if (count) {
        const clientIds = (await database.db.execute<{ id: number }>(sql`select id from clients order by id`)).rows.map(
          (r) => Number(r.id),
        );
        await seedPayins(database.db, { count, days, clientIds, seed: Date.now() % 100_000 });
        console.log(`Added ${count} pay-ins over the last ${days} days.`);
      }
      await addDisbursements();
      return;
    }
    await seedDemo(database.db, { transactions: count ?? DEMO_TRANSACTIONS, days });
    await addDisbursements();
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
