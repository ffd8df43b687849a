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
import { setupMoney } from './setupMoney.ts';

/**
 * Issue 30 adds a graceful stop: SIGTERM while a settlement runs and an export is in flight.
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

// One object for the child on `port` across tests: sign-in keeps each user's authenticator secret by it.
let asServer: TestServer | null = null;
const childAsServer = () => (asServer ??= { url: `http://127.0.0.1:${port}`, database } as unknown as TestServer);

const runRow = async () =>
  (
    await db.execute<{ id: number; status: string; settled_count: number }>(sql`
  select id, status, settled_count from settlement_runs order by id desc limit 1`)
  ).rows[0];

const payinState = async (prefix = 'CRASH') =>
  (
    await db.execute<{ settled: number; finalized: number; moved_twice: number; moves: number }>(sql`
  select count(*) filter (where t.status = 'SETTLED')::int as settled,
    count(*) filter (where t.status = 'FINALIZED')::int as finalized,
    (select count(*)::int from (select reference from journal_entries where kind = 'payin.withdrawable'
      and reference like ${`${prefix}-%`} group by reference having count(*) > 1) d) as moved_twice,
    (select count(*)::int from journal_entries where kind = 'payin.withdrawable' and reference like ${`${prefix}-%`})
      as moves
  from transactions t where t.correlation_id like ${`${prefix}-%`}`)
  ).rows[0];

/** COUNT FINALIZED va_bri pay-ins over one business day, credited, their ids and references under `prefix`. */
async function insertPayins(prefix: string, day: string) {
  const start = Date.parse(`${day}T00:00:00+07:00`);
  for (let from = 0; from < COUNT; from += 5_000) {
    await db.insert(transactions).values(
      Array.from({ length: 5_000 }, (_, k) => {
        const i = from + k;
        return {
          uuid: `${prefix.toLowerCase()}-u-${i}`,
          correlationId: `${prefix}-${i}`,
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
  await setupMoney(db, (tx) => bulkCreditPayins(tx, sql`t.correlation_id like ${`${prefix}-%`}`));
}

describe.skipIf(!onPostgres)('a settlement survives kill -9 and SIGTERM of its server', () => {
  beforeAll(async () => {
    const fresh = await freshDatabase();
    ({ database } = fresh);
    db = database.db;
    dbUrl = fresh.url!;
    dispose = fresh.dispose;
    await ensureReferenceData(db);
    await seedDemo(db, { transactions: 50 });
    await insertPayins('CRASH', '2025-06-02');
    await insertPayins('TERM', '2025-06-03');
    port = await freePort();
  }, 180_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await dispose();
  });

  it('finishes after a restart, settling every pay-in exactly once', async () => {
    await startChild();
    const server = childAsServer();
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

  it('on SIGTERM finishes the export in flight, exits 0, and a restarted node finishes the settlement once', async () => {
    // The node the test before restarted stops first (its port is this one).
    if (child && child.exitCode === null) {
      const gone = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGKILL');
      await gone;
    }
    await startChild();
    const server = childAsServer();
    const { token } = await signInVerified(server, 'superadmin@demo.local');
    const window = { type: 'va_bri', start: '2025-06-03 00:00', end: '2025-06-03 23:59' };
    const res = await call(server, 'POST', '/api/backoffice/transaction/update-settlement-v2', { token, body: window });
    expect(res.status).toBe(200);
    const runId = Number((await runRow()).id);
    for (let i = 0; i < 600 && Number((await runRow()).settled_count) === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));

    // A large export (the 30,000 pay-ins of the other day) is in flight when the node is told to stop.
    const query = new URLSearchParams({ start: '2025-06-02 00:00', end: '2025-06-02 23:59', status: '' });
    const exported = call(server, 'GET', `/api/backoffice/transaction/download?${query}`, { token });
    await new Promise((resolve) => setTimeout(resolve, 150));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    child!.kill('SIGTERM');
    const download = await exported;
    expect(download.status).toBe(200);
    expect(download.body.data.filename).toBe('Data Download.xlsx');
    expect(await exited).toBe(0);

    // What it settled before stopping is whole; the rest waits for another node.
    const mid = await payinState('TERM');
    expect(mid.moves).toBe(mid.settled);
    expect((await checkLedger(db)).problems).toEqual([]);

    await startChild();
    let final = await runRow();
    for (let i = 0; i < 900 && final.status === 'running'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      final = await runRow();
    }
    expect(Number(final.id)).toBe(runId);
    expect(final.status).toBe('succeeded');
    expect(Number(final.settled_count)).toBe(COUNT);
    expect(await payinState('TERM')).toEqual({ settled: COUNT, finalized: 0, moved_twice: 0, moves: COUNT });
    expect((await checkLedger(db)).problems).toEqual([]);
  }, 180_000);
});
