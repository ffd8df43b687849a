import { performance } from 'node:perf_hooks';
import type pg from 'pg';
import type { Database, Db } from '../server/db/connect.ts';
import { users } from '../server/db/schema.ts';
import { checkLedger } from '../server/domain/ledgerCheck.ts';
import { hashPassword } from '../server/domain/passwords.ts';
import { loadPrincipal } from '../server/domain/principal.ts';
import { bulkAddToWithdrawable } from '../server/domain/payinActions.ts';
import { BENCH_TZ, benchDay, loadFinalizedDay } from './benchFinalizedDay.ts';

/**
 * Process Transactions at size (issue 43): N FINALIZED pay-ins of one client on one day, credited
 * through the ledger, then added to withdrawable by the very call the screen's Confirm makes
 * (`bulkAddToWithdrawable`: the selection locked and compared, the entries, the stamps, the audit
 * line and, since issue 43, the line's items), timed from the call to its answer.
 */
const TZ = BENCH_TZ;

export interface ProcessBench {
  lines: string[];
  seconds: number;
}

export async function benchProcess(
  database: Database,
  clientId: number,
  count: number,
  log: (m: string) => void,
): Promise<ProcessBench> {
  const raw = database.db.$client as pg.Pool;
  const db = database.db as Db;
  // Three days back on the business clock: clear of the days the other cases load.
  const day = benchDay(3);
  const loadSeconds = await loadFinalizedDay(database, {
    prefix: 'BPROCESS',
    accountPrefix: 'ID20',
    clientIds: [clientId],
    day,
    count,
  });
  log(
    `loaded and credited ${count.toLocaleString('en-US')} FINALIZED pay-ins of one client in ${loadSeconds.toFixed(1)} s`,
  );

  const [user] = await db
    .insert(users)
    .values({
      email: 'bench-processor@example.invalid',
      name: 'Bench Processor',
      type: 'SUPER ADMIN',
      passwordHash: await hashPassword('bench-processor-password'),
    })
    .returning();
  const principal = (await loadPrincipal(db, user.id))!;
  const filter = { client_id: [clientId], start: `${day} 00:00`, end: `${day} 23:59` };
  const { rows } = await raw.query<{ n: number; amount: string }>(
    `select count(*)::int as n, sum(amount) as amount from transactions where correlation_id like 'BPROCESS%'`,
  );
  const started = performance.now();
  const answer = await bulkAddToWithdrawable(
    db,
    principal,
    filter as never,
    { count: rows[0].n, amount: Number(rows[0].amount) },
    TZ,
    { ip: '127.0.0.1' } as never,
  );
  const seconds = (performance.now() - started) / 1000;
  log(`processed in ${seconds.toFixed(1)} s: ${JSON.stringify(answer)}`);
  const ledger = await checkLedger(db);
  return {
    seconds,
    lines: [
      `Selection: ${count.toLocaleString('en-US')} FINALIZED, credited FELLO QRIS pay-ins of one client on ${day} ` +
        `(${TZ}), loaded by SQL and credited in ${loadSeconds.toFixed(1)} s.`,
      `Process Transactions (\`bulkAddToWithdrawable\`, the Confirm's call): **${seconds.toFixed(1)} s** ` +
        `for ${rows[0].n.toLocaleString('en-US')} pay-ins, one database transaction.`,
      `Ledger check after: ${ledger.problems.length} problems over ${ledger.entries.toLocaleString('en-US')} entries.`,
    ],
  };
}
