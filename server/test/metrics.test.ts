import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInVerified, startTestServer, type TestServer } from './harness.ts';

/** Issue 30: /metrics, in Prometheus' text format, for a SUPER ADMIN or a scraper with METRICS_TOKEN only. */
const SCRAPER = 'scraper-token-0123456789abcdef';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: SCRAPER } });
});
afterAll(async () => {
  await server?.close();
});

const scrape = (token?: string) =>
  fetch(`${server.url}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('/metrics', () => {
  it('is 401 without a token or with a wrong one, 403 for a signed-in user who is not a SUPER ADMIN', async () => {
    expect((await scrape()).status).toBe(401);
    expect((await scrape('scraper-token-0123456789abcdeX')).status).toBe(401);
    const admin = await signInVerified(server, 'admin@demo.local');
    const refused = await scrape(admin.token);
    expect(refused.status).toBe(403);
    expect(await refused.text()).not.toContain('http_request_duration_seconds');
  });

  it("answers the scraper's token and a SUPER ADMIN with every figure, in the text format", async () => {
    await fetch(`${server.url}/healthz`);
    for (const token of [SCRAPER, (await signInVerified(server, 'superadmin@demo.local')).token]) {
      const res = await scrape(token);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      // By route pattern and status, never by URL.
      expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} \d+/);
      for (const name of [
        'db_pool_connections{state="in_use"}',
        'db_pool_connections{state="waiting"}',
        'upload_pool_files{state="busy"}',
        'upload_pool_files{state="queued"}',
        'socket_connections',
        'outbox_waiting_rows',
        'outbox_oldest_waiting_seconds',
        'settlement_runs_in_progress',
        'process_cpu_user_seconds_total',
        'nodejs_eventloop_lag_seconds',
      ])
        expect(text).toContain(`${name} `);
      // The demo's queues exist once their workers start: their states are counted (or none waits).
      expect(text).toContain('# TYPE job_queue_jobs gauge');
    }
  });
});
