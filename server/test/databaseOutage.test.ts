import { execFileSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../db/connect.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { seedDemo } from '../seed/demo.ts';
import { ensureReferenceData } from '../seed/reference.ts';
import { call, signInVerified, type TestServer } from './harness.ts';
import { freePort, startChildServer } from './childServer.ts';

/**
 * Issue 30: a PostgreSQL cluster of the test's own (initdb in a temporary folder, on another port) is
 * stopped under the server and started again. Meanwhile requests fail fast with 503 in the envelope
 * and /readyz says 503; once it is back the server recovers by itself within 5 s; nothing written
 * before the stop is lost, and the ledger checks clean. On the PostgreSQL project, where initdb is.
 */
const BIN = ['/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin'].find((d) => existsSync(join(d, 'initdb')));
const runnable = process.env.TEST_DB === 'postgres' && BIN !== undefined;
// initdb refuses to run as root: the cluster then belongs to the postgres user.
const asRoot = process.getuid?.() === 0;
const pg = (tool: string, args: string[]) =>
  execFileSync(
    asRoot ? 'runuser' : join(BIN!, tool),
    asRoot ? ['-u', 'postgres', '--', join(BIN!, tool), ...args] : args,
    {
      stdio: 'pipe',
      timeout: 60_000,
    },
  );

let dir = '';
let dbPort = 0;
let child: ChildProcess | null = null;
let database: Database | null = null;
const startCluster = () =>
  pg('pg_ctl', [
    '-D',
    dir,
    '-l',
    join(dir, 'log'),
    '-w',
    '-o',
    `-p ${dbPort} -k ${dir} -c listen_addresses=127.0.0.1`,
    'start',
  ]);
const stopCluster = () => pg('pg_ctl', ['-D', dir, '-m', 'fast', '-w', 'stop']);

describe.skipIf(!runnable)('a database that goes away and comes back', () => {
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pg-outage-'));
    if (asRoot)
      chownSync(dir, Number(execFileSync('id', ['-u', 'postgres'])), Number(execFileSync('id', ['-g', 'postgres'])));
    pg('initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    dbPort = await freePort();
    startCluster();
    const url = `postgres://postgres@127.0.0.1:${dbPort}/postgres`;
    database = await openDatabase({ url });
    await ensureReferenceData(database.db);
    await seedDemo(database.db, { transactions: 50 });
    const port = await freePort();
    child = await startChildServer(url, port);
    server = { url: `http://127.0.0.1:${port}`, database } as unknown as TestServer;
  }, 180_000);

  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.close().catch(() => {});
    try {
      stopCluster();
    } catch {
      /* already stopped */
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 503 fast while it is gone, says so on /readyz, recovers by itself, and keeps what was written', async () => {
    const { token } = await signInVerified(server, 'superadmin@demo.local');
    const saved = await call(server, 'POST', '/api/backoffice/saved-views', {
      token,
      body: {
        list: 'transactions',
        name: 'Before the outage',
        query: 'status=PENDING',
        columns: [],
        is_default: false,
      },
    });
    expect(saved.status).toBe(201);
    const list = () => call(server, 'GET', '/api/backoffice/transaction/list', { token });
    expect((await list()).status).toBe(200);

    // Under load: five callers ask for the list back to back through the stop and the start.
    let loading = true;
    const answers: number[] = [];
    let slowest = 0;
    const caller = async () => {
      while (loading) {
        const started = performance.now();
        answers.push((await list()).status);
        slowest = Math.max(slowest, performance.now() - started);
      }
    };
    const load = Promise.all(Array.from({ length: 5 }, caller));
    await new Promise((resolve) => setTimeout(resolve, 300));

    stopCluster();
    for (const path of ['/api/backoffice/transaction/list', '/readyz', '/healthz']) {
      const started = performance.now();
      const res = await call(server, 'GET', path, { token });
      expect(performance.now() - started, `${path} answers at once`).toBeLessThan(6_000);
      expect(res.status, path).toBe(503);
      expect(res.body.status).toBe('failed');
      expect(JSON.stringify(res.body)).not.toMatch(/ECONNREFUSED|at .*\.ts:\d+/);
    }
    expect((await list()).body.message).toBe('The database is not answering. Please try again in a moment.');
    expect((await call(server, 'GET', '/readyz')).body.data.database).toBe('not answering');

    startCluster();
    const back = performance.now();
    let answer = await list();
    while (answer.status !== 200 && performance.now() - back < 5_000) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      answer = await list();
    }
    expect(answer.status, 'the list answers again within 5 s of the database').toBe(200);
    loading = false;
    await load;
    // Every answer under load was the list or the outage's 503: no 500, no stack, none held.
    expect(new Set(answers)).toEqual(new Set([200, 503]));
    expect(slowest).toBeLessThan(6_000);
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);
    // The process lived through it: the same node answers, and what it wrote before the stop is there.
    expect(child!.exitCode).toBeNull();
    const views = await call(server, 'GET', '/api/backoffice/saved-views?list=transactions', { token });
    expect(views.body.data.map((v: { name: string }) => v.name)).toContain('Before the outage');
    expect((await checkLedger(database!.db)).problems).toEqual([]);
  }, 120_000);
});
