import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
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

/** Sends raw bytes and reads the whole answer until the server closes (the parser's refusals close the connection). */
function rawHttp(request: string): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(request, 'latin1'));
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('answers refused before any route (issue 44)', () => {
  const expectEnvelope = (res: { status: number; headers: Record<string, string>; body: string }, status: number) => {
    expect(res.status, res.body).toBe(status);
    const body = JSON.parse(res.body);
    expect(body).toMatchObject({ status: 'failed', message: expect.any(String), responseMessage: body.message });
    expect(body.request_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['x-request-id']).toBe(body.request_id);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    return body;
  };

  it('a 20,000-character query is 431 in the envelope, with its id in the header', async () => {
    const res = await rawHttp(`GET /healthz?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(expectEnvelope(res, 431).message).toBe('The request line or headers are too large');
    expect(res.headers.connection).toBe('close');
  });

  it.each([
    ['CR', '\r'],
    ['LF', '\n'],
    ['NUL', '\u0000'],
    ['DEL', '\u007f'],
  ])('an x-request-id with %s is 400 in the envelope, with a fresh id', async (_name, character) => {
    const res = await rawHttp(`GET /healthz HTTP/1.1\r\nHost: localhost\r\nx-request-id: a${character}b\r\n\r\n`);
    expect(expectEnvelope(res, 400).message).toBe(
      'The request could not be read: its request line or headers are malformed',
    );
  });

  it.each([
    ['413 (a body over the limit)', 'application/json', `{"a":"${'x'.repeat(1_100_000)}"}`, 413],
    ['415 (a content type no parser takes)', 'application/xml', '<a/>', 415],
    ['400 (invalid JSON)', 'application/json', '{"a":', 400],
  ])('%s is in the envelope with its id in the header', async (_name, type, body, status) => {
    const res = await fetch(server.url + '/api/backoffice/auth/login', {
      method: 'POST',
      headers: { 'content-type': type, 'x-request-id': 'caller-5678' },
      body,
    });
    const answer = { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    expect(answer.status, answer.body).toBe(status);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'failed', request_id: 'caller-5678' });
    expect(answer.headers['x-request-id']).toBe('caller-5678');
  });
});
