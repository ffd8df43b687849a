import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { transactions } from '../db/schema.ts';
import type { Database, Db } from '../db/connect.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { bulkCreditPayins } from '../domain/payinLedgerBulk.ts';
import { seedDemo } from '../seed/demo.ts';
import { ensureReferenceData } from '../seed/reference.ts';
import { call, freshDatabase, signInVerified, type TestServer } from './harness.ts';
import { freePort, startChildServer } from './childServer.ts';

/**
 * Issue 13: kill -9 the server in the middle of a settlement, start it again, and the job
 * finishes; no pay-in is settled twice and none is lost. The server is a real child process on
 * a real PostgreSQL (PGlite lives inside one process, so there is nothing to survive there).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const COUNT = 30_000;
const WINDOW = { type: 'va_bri', start: '2025-06-02 00:00', end: '2025-06-02 23:59' };

let db: Db;
let database: Database;
let dbUrl = '';
let dispose: () => Promise<void> = async () => {};
let child: ChildProcess | null = null;
let port = 0;

async function startChild(): Promise<void> {
  // Small batches so the kill lands mid-way; a short expiry and maintenance so the restarted node
  // takes the dead node's job over in seconds rather than a minute.
  child = await startChildServer(dbUrl, port, {
    SETTLEMENT_BATCH_SIZE: '300',
    SETTLEMENT_SLICE_SECONDS: '2',
    SETTLEMENT_JOB_EXPIRE_SECONDS: '3',
    JOB_MAINTENANCE_SECONDS: '1',
  });
}

const runRow = async () =>
  (
    await db.execute<{ id: number; status: string; settled_count: number }>(sql`
  select id, status, settled_count from settlement_runs order by id desc limit 1`)
  ).rows[0];

const payinState = async () =>
  (
    await db.execute<{ settled: number; finalized: number; moved_twice: number; moves: number }>(sql`
  select count(*) filter (where t.status = 'SETTLED')::int as settled,
    count(*) filter (where t.status = 'FINALIZED')::int as finalized,
    (select count(*)::int from (select reference from journal_entries where kind = 'payin.withdrawable'
      and reference like 'CRASH-%' group by reference having count(*) > 1) d) as moved_twice,
    (select count(*)::int from journal_entries where kind = 'payin.withdrawable' and reference like 'CRASH-%') as moves
  from transactions t where t.correlation_id like 'CRASH-%'`)
  ).rows[0];

describe.skipIf(!onPostgres)('a settlement survives kill -9 of its server', () => {
  beforeAll(async () => {
    const fresh = await freshDatabase();
    ({ database } = fresh);
    db = database.db;
    dbUrl = fresh.url!;
    dispose = fresh.dispose;
    await ensureReferenceData(db);
    await seedDemo(db, { transactions: 50 });
    const start = Date.parse('2025-06-02T00:00:00+07:00');
    for (let from = 0; from < COUNT; from += 5_000) {
      await db.insert(transactions).values(
        Array.from({ length: 5_000 }, (_, k) => {
          const i = from + k;
          return {
            uuid: `crash-u-${i}`,
            correlationId: `CRASH-${i}`,
            clientId: 1 + (i % 3),
            type: 'va_bri' as const,
            serviceType: 'VIRTUAL_ACCOUNT',
            accountNo: `8808${i}`,
            amount: 100_000 + i,
            feeAmount: 4_000,
            status: 'FINALIZED' as const,
            transactionTime: new Date(start + Math.floor((i * 86_000_000) / COUNT)),
            paidTime: new Date(start + Math.floor((i * 86_000_000) / COUNT)),
          };
        }),
      );
    }
    await db.transaction((tx) => bulkCreditPayins(tx as unknown as Db, sql`t.correlation_id like 'CRASH-%'`));
    port = await freePort();
  }, 180_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await dispose();
  });

  it('finishes after a restart, settling every pay-in exactly once', async () => {
    await startChild();
    const server = { url: `http://127.0.0.1:${port}`, database } as unknown as TestServer;
    const { token } = await signInVerified(server, 'superadmin@demo.local');
    const res = await call(server, 'POST', '/api/backoffice/transaction/update-settlement-v2', { token, body: WINDOW });
    expect(res.status).toBe(200);

    // Kill it once some batches have committed and most have not.
    for (let i = 0; i < 600; i++) {
      const run = await runRow();
      if (run && Number(run.settled_count) > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    child!.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    const mid = await runRow();
    expect(mid.status).toBe('running');
    const midState = await payinState();
    expect(midState.settled).toBeGreaterThan(0);
    expect(midState.settled).toBeLessThan(COUNT);
    // Every committed batch is whole: what is SETTLED has moved once, and the run counted exactly it.
    expect(midState.moves).toBe(midState.settled);
    expect(Number(mid.settled_count)).toBe(midState.settled);
    expect((await checkLedger(db)).problems).toEqual([]);

    await startChild();
    let final = mid;
    for (let i = 0; i < 900 && final.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      final = await runRow();
    }
    expect(final.status).toBe('succeeded');
    expect(Number(final.settled_count)).toBe(COUNT);
    const end = await payinState();
    expect(end).toEqual({ settled: COUNT, finalized: 0, moved_twice: 0, moves: COUNT });
    expect((await checkLedger(db)).problems).toEqual([]);
  }, 180_000);
});
