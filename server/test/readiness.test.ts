import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, startTestServer, type TestServer } from './harness.ts';

/** Issue 30: /readyz, the load balancer's check, beside /healthz (liveness). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(async () => {
  await server?.close();
});

describe('/readyz', () => {
  it('says ready with what it checked', async () => {
    const res = await call(server, 'GET', '/readyz');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ database: 'ok', migrations: 'ok', job_queue: 'ok' });
  });

  it('is 503 naming the check that fails: a database behind this build, then a stopped job queue', async () => {
    const db = server.database.db;
    const { rows } = await db.execute<{ id: number; hash: string; created_at: string }>(
      sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    const newest = rows[0];
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`);
    const behind = await call(server, 'GET', '/readyz');
    expect(behind.status).toBe(503);
    expect(behind.body).toMatchObject({
      status: 'failed',
      message: 'Not ready: migrations behind this build',
      data: { database: 'ok', migrations: 'behind this build' },
    });
    // Liveness is another question: the process still answers and reaches its database.
    expect((await call(server, 'GET', '/healthz')).status).toBe(200);
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`,
    );
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);

    await server.app.jobs.stop();
    const stopped = await call(server, 'GET', '/readyz');
    expect(stopped.status).toBe(503);
    expect(stopped.body.message).toBe('Not ready: job queue stopped');
  });
});
