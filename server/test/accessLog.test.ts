import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Issue 30: one access line per request, carrying the request id; none at all when access logging is off. */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function logLinesOf(env: Record<string, string>) {
  const lines: Array<Record<string, unknown>> = [];
  server = await startTestServer({
    seed: false,
    env: { LOG_LEVEL: 'info', ...env },
    logStream: { write: (line) => lines.push(JSON.parse(line)) },
  });
  const answers = [
    await fetch(`${server.url}/healthz`, { headers: { 'x-request-id': 'access-1' } }),
    await fetch(`${server.url}/api/backoffice/transaction/list`, { headers: { 'x-request-id': 'access-2' } }),
  ];
  // The line is written once the answer has gone: give the hook its turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { lines, statuses: answers.map((a) => a.status) };
}

describe('the access log', () => {
  it('writes one line per request, with its request id, status and time', async () => {
    const { lines, statuses } = await logLinesOf({});
    expect(statuses).toEqual([200, 401]);
    const access = lines.filter((l) => l.msg === 'request');
    expect(access).toEqual([
      expect.objectContaining({ request_id: 'access-1', method: 'GET', url: '/healthz', status: 200 }),
      expect.objectContaining({ request_id: 'access-2', url: '/api/backoffice/transaction/list', status: 401 }),
    ]);
    for (const line of access) expect(line.ms).toEqual(expect.any(Number));
    // Fastify's own two lines per request are off: the access line replaces them.
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('writes nothing per request when ACCESS_LOG is false', async () => {
    const { lines, statuses } = await logLinesOf({ ACCESS_LOG: 'false' });
    expect(statuses).toEqual([200, 401]);
    expect(lines.filter((l) => l.request_id)).toEqual([]);
  });
});
