import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.ts';

/** Issue 30: an id on every answer, the caller's when it is a plain token, and in every error envelope. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string, headers: Record<string, string> = {}) => fetch(server.url + path, { headers });

describe('the request id', () => {
  it('names every answer, a fresh one each time', async () => {
    const [a, b] = await Promise.all([get('/healthz'), get('/healthz')]);
    expect(a.status).toBe(200);
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.headers.get('x-request-id')).not.toBe(a.headers.get('x-request-id'));
  });

  it("keeps a caller's plain token and replaces anything else", async () => {
    expect((await get('/healthz', { 'x-request-id': 'lb-7f3a.42:9' })).headers.get('x-request-id')).toBe(
      'lb-7f3a.42:9',
    );
    for (const hostile of ['two words', 'a'.repeat(101), 'x\u0000y', '<script>', '']) {
      const id = (await get('/healthz', { 'x-request-id': hostile }).catch(() => null))?.headers.get('x-request-id');
      // (A header with a NUL never leaves fetch: there is then nothing to answer.)
      if (id != null) expect(id).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is in the envelope of every refusal, the same as in the header', async () => {
    for (const [path, status] of [
      ['/api/backoffice/transaction/list', 401],
      ['/api/backoffice/no-such-call', 404],
    ] as const) {
      const res = await get(path, { 'x-request-id': 'screenshot-1234' });
      expect(res.status).toBe(status);
      expect(res.headers.get('x-request-id')).toBe('screenshot-1234');
      expect(await res.json()).toMatchObject({ status: 'failed', request_id: 'screenshot-1234' });
    }
    const bad = await fetch(server.url + '/api/backoffice/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{not json',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).request_id).toBe(bad.headers.get('x-request-id'));
  });
});
