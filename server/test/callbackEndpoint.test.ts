import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  LEGACY_SIGNATURE_HEADER,
  RESPONSE_EXCERPT_BYTES,
  TIMESTAMPED_SIGNATURE_HEADER,
} from '../../src/services/callbackRules.ts';
import { auditLog, clients, demoMerchantInbox } from '../db/schema.ts';
import { sendCallback } from '../domain/callbackSend.ts';
import { hmacHex, timestampedSignature, verifyCallbackSignature } from '../domain/callbackSignature.ts';
import { secretFingerprint } from '../domain/callbackEndpoint.ts';
import {
  addressKind,
  refusedKind,
  resolveNamesWith,
  type AddressKind,
  type ResolvedAddress,
} from '../domain/callbackUrl.ts';
import { DEMO_CALLBACK_PATH } from '../domain/callbacks.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 47, a client's callback endpoint: signatures a merchant checks with the README's snippet, secret
 * rotation with its overlap, where callbacks may go (in production and outside it), the test callback.
 * A local receiver on 127.0.0.1 records what arrives; names resolve through a table, never real DNS.
 */

type VerifyCallback = (header: unknown, rawBody: string, secret: string, tolerance?: number, now?: number) => boolean;
const snippetUrl = new URL('../../docs/snippets/verifyCallback.mjs', import.meta.url);
let verifyCallback: VerifyCallback;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}
const received: Received[] = [];
/** How the receiver answers the next requests; by default 200 'ok'. */
let answer: (response: ServerResponse, path: string) => void;
const answerOk = (response: ServerResponse) => response.end('ok');
const receiver = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    received.push({ path: request.url ?? '', headers: request.headers, body });
    answer(response, request.url ?? '');
  });
});
let receiverPort = 0;

/** Names and what they resolve to; a test changes an entry to make a name resolve elsewhere later. */
const names = new Map<string, string[]>();
const resolveTable = async (hostname: string): Promise<ResolvedAddress[]> =>
  (names.get(hostname) ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

let dev: TestServer;
let prod: TestServer;
const tokens = new Map<TestServer, string>();
let auditorToken: string;

beforeAll(async () => {
  verifyCallback = ((await import(snippetUrl.href)) as { verifyCallback: VerifyCallback }).verifyCallback;
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  resolveNamesWith(resolveTable);
  [dev, prod] = await Promise.all([startTestServer(), startTestServer({ env: { NODE_ENV: 'production' } })]);
  tokens.set(dev, (await signInVerified(dev, 'superadmin@demo.local')).token);
  tokens.set(prod, (await signInVerified(prod, 'superadmin@demo.local')).token);
  auditorToken = (await signInVerified(dev, 'auditor@demo.local')).token;
});
afterAll(async () => {
  resolveNamesWith(null);
  await new Promise((resolve) => receiver.close(resolve));
  await Promise.all([dev?.close(), prod?.close()]);
});
beforeEach(() => {
  received.length = 0;
  answer = answerOk;
  names.clear();
  names.set('localhost', ['127.0.0.1', '::1']);
  names.set('merchant.test', ['127.0.0.1']);
  names.set('loopback.test', ['127.0.0.1']);
  names.set('private.test', ['10.0.0.1']);
  names.set('metadata.test', ['169.254.169.254']);
  names.set('v6loopback.test', ['::1']);
  names.set('public.test', ['93.184.216.34']);
  names.set('half-private.test', ['93.184.216.34', '10.0.0.1']);
});

const API = '/api/backoffice';
const endpointPath = (id: number, tail = 'callback') => `${API}/master/client/${id}/${tail}`;
const as = (server: TestServer, method: string, path: string, body?: unknown) =>
  call(server, method, path, { token: tokens.get(server), body });
const saveUrl = (server: TestServer, id: number, url: string) =>
  as(server, 'PUT', endpointPath(id, 'callback-url'), { callback_url: url });
const rotate = (server: TestServer, id: number) => as(server, 'POST', endpointPath(id, 'callback-secret'));
const testCallback = (server: TestServer, id: number) => as(server, 'POST', endpointPath(id, 'test-callback'), {});
const clientRow = async (server: TestServer, id: number) =>
  (await server.database.db.select().from(clients).where(eq(clients.id, id)))[0];
const putStraight = (server: TestServer, id: number, callbackUrl: string) =>
  server.database.db.update(clients).set({ callbackUrl }).where(eq(clients.id, id));
const lastAudit = async (server: TestServer, action: string) =>
  (
    await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, action))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];
const receiverUrl = (host = '127.0.0.1', path = '/callback') => `http://${host}:${receiverPort}${path}`;
const v1sOf = (header: string) =>
  header
    .split(',')
    .filter((part) => part.startsWith('v1='))
    .map((part) => part.slice(3));
const timeOf = (header: string) => Number(/t=(\d+)/.exec(header)![1]);

/** Sends client `id` a test callback at the receiver and answers what arrived. */
async function testCallbackArriving(id: number): Promise<Received & { signature: string }> {
  const res = await testCallback(dev, id);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.delivered, JSON.stringify(res.body.data)).toBe(true);
  expect(received).toHaveLength(1);
  return { ...received[0], signature: received[0].headers[TIMESTAMPED_SIGNATURE_HEADER] as string };
}

describe("the README's receiver check (docs/snippets/verifyCallback.mjs)", () => {
  it('is the very code docs/callback-signatures.md shows', async () => {
    const snippet = (await readFile(snippetUrl, 'utf8')).trim();
    const page = await readFile(new URL('../../docs/callback-signatures.md', import.meta.url), 'utf8');
    expect(page).toContain(snippet);
    expect(snippet.split('\n').length).toBeLessThanOrEqual(15);
  });

  it('accepts a fresh callback; refuses it replayed outside 300 s, tampered, or with another secret', async () => {
    expect((await saveUrl(dev, 1, receiverUrl())).status).toBe(200);
    const { secret } = (await rotate(dev, 1)).body.data as { secret: string };
    await dev.database.db.update(clients).set({ callbackSecretPrevious: null }).where(eq(clients.id, 1));
    const { body, signature, headers } = await testCallbackArriving(1);
    const t = timeOf(signature);
    expect(Math.abs(Date.now() / 1000 - t)).toBeLessThan(5);
    expect(verifyCallback(signature, body, secret)).toBe(true);
    expect(verifyCallback(signature, body, secret, 300, t + 299)).toBe(true);
    expect(verifyCallback(signature, body, secret, 300, t + 301)).toBe(false);
    expect(verifyCallback(signature, body, secret, 300, t - 301)).toBe(false);
    expect(verifyCallback(signature, body.replace('"amount":0', '"amount":1'), secret)).toBe(false);
    expect(verifyCallback(signature, body, 'another secret')).toBe(false);
    expect(verifyCallback(undefined, body, secret)).toBe(false);
    // The legacy header, kept for a transition: the body's HMAC with the current secret.
    expect(headers[LEGACY_SIGNATURE_HEADER]).toBe(hmacHex(secret, body));
  });

  it("agrees with the server's own check (verifyCallbackSignature), its twin", () => {
    const body = '{"correlation_id":"X","status":"FINALIZED"}';
    const header = timestampedSignature(['s1', 's2'], body, 1_800_000_000);
    for (const [text, secret, now] of [
      [body, 's1', 1_800_000_000],
      [body, 's2', 1_800_000_300],
      [body, 's1', 1_800_000_301],
      [body, 's3', 1_800_000_000],
      [`${body} `, 's1', 1_800_000_000],
    ] as const)
      expect(verifyCallbackSignature(header, text, [secret], new Date(now * 1000), 300)).toBe(
        verifyCallback(header, text, secret, 300, now),
      );
  });
});

describe('secret rotation', () => {
  it('answers the new secret once, keeps the old one signing for 24 hours, and audits without the secret', async () => {
    const old = (await clientRow(dev, 2)).callbackSecret!;
    const res = await rotate(dev, 2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { secret, previous_secret_until: until } = res.body.data as { secret: string; previous_secret_until: string };
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(Math.abs(Date.parse(until) - Date.now() - 24 * 3_600_000)).toBeLessThan(60_000);
    const endpoint = await as(dev, 'GET', endpointPath(2));
    expect(endpoint.body.data).toEqual({
      client_id: 2,
      client_name: 'PT Kopi Kenangan Digital',
      callback_url: DEMO_CALLBACK_PATH,
      secret_rotated_at: expect.any(String),
      previous_secret_until: until,
    });
    expect(JSON.stringify(endpoint.body)).not.toContain(secret);
    // An AUDITOR reads the endpoint too, never the secret, and cannot rotate it.
    const read = await call(dev, 'GET', endpointPath(2), { token: auditorToken });
    expect(read.body.data).toEqual(endpoint.body.data);
    expect((await call(dev, 'POST', endpointPath(2, 'callback-secret'), { token: auditorToken })).status).toBe(403);
    const line = await lastAudit(dev, 'client.callback_secret_rotated');
    expect(line).toMatchObject({ objectType: 'client', objectId: '2', actorEmail: 'superadmin@demo.local' });
    expect(line.detail).toEqual({
      previous_secret_until: until,
      secret_fingerprint: secretFingerprint(secret),
      previous_fingerprint: secretFingerprint(old),
    });
    expect(JSON.stringify(line)).not.toContain(secret);
    expect(JSON.stringify(line)).not.toContain(old);
  });

  it('signs with both secrets during the overlap, each v1 verifying with its own; after it with the new one only', async () => {
    await saveUrl(dev, 2, receiverUrl());
    const old = (await clientRow(dev, 2)).callbackSecret!;
    const { secret } = (await rotate(dev, 2)).body.data as { secret: string };
    const during = await testCallbackArriving(2);
    const [first, second] = v1sOf(during.signature);
    expect(v1sOf(during.signature)).toHaveLength(2);
    const t = timeOf(during.signature);
    expect(first).toBe(hmacHex(secret, `${t}.${during.body}`));
    expect(second).toBe(hmacHex(old, `${t}.${during.body}`));
    expect(verifyCallback(during.signature, during.body, secret)).toBe(true);
    expect(verifyCallback(during.signature, during.body, old)).toBe(true);

    // The overlap ends: 24 hours later, as far as the row says.
    await dev.database.db
      .update(clients)
      .set({ callbackSecretPreviousUntil: new Date(Date.now() - 1_000) })
      .where(eq(clients.id, 2));
    received.length = 0;
    const after = await testCallbackArriving(2);
    expect(v1sOf(after.signature)).toHaveLength(1);
    expect(verifyCallback(after.signature, after.body, secret)).toBe(true);
    expect(verifyCallback(after.signature, after.body, old)).toBe(false);
    expect((await as(dev, 'GET', endpointPath(2))).body.data.previous_secret_until).toBeNull();
  });

  it('rotating twice within the overlap: the newest previous wins, the first secret stops signing', async () => {
    await saveUrl(dev, 2, receiverUrl());
    const first = (await clientRow(dev, 2)).callbackSecret!;
    const second = (await rotate(dev, 2)).body.data.secret as string;
    const third = (await rotate(dev, 2)).body.data.secret as string;
    const { body, signature } = await testCallbackArriving(2);
    expect(verifyCallback(signature, body, third)).toBe(true);
    expect(verifyCallback(signature, body, second)).toBe(true);
    expect(verifyCallback(signature, body, first)).toBe(false);
  });

  it('ten rotations at once queue on the row: each rotates out the secret the one before it made', async () => {
    const before = (await clientRow(dev, 3)).callbackSecret!;
    const answers = await Promise.all(Array.from({ length: 10 }, () => rotate(dev, 3)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const secrets = answers.map((a) => a.body.data.secret as string);
    expect(new Set(secrets).size).toBe(10);
    // The audit lines, in the order the rotations committed, chain: none rotated out a secret another had
    // already replaced (two that read the same row would name the same previous secret).
    const lines = await dev.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'client.callback_secret_rotated'))
      .orderBy(desc(auditLog.id))
      .limit(10);
    const chain = lines.reverse().map((l) => l.detail as { secret_fingerprint: string; previous_fingerprint: string });
    expect(chain.map((l) => l.previous_fingerprint)).toEqual([
      secretFingerprint(before),
      ...chain.slice(0, -1).map((l) => l.secret_fingerprint),
    ]);
    expect(chain.map((l) => l.secret_fingerprint).sort()).toEqual(secrets.map(secretFingerprint).sort());
    const row = await clientRow(dev, 3);
    expect(secretFingerprint(row.callbackSecret!)).toBe(chain[9].secret_fingerprint);
    expect(secretFingerprint(row.callbackSecretPrevious!)).toBe(chain[8].secret_fingerprint);
  });

  it('the demo merchant checks the timestamped header with either secret, and refuses a stale one', async () => {
    const secret = (await rotate(dev, 4)).body.data.secret as string;
    const res = await testCallback(dev, 4);
    expect(res.body.data).toMatchObject({ delivered: true, status_code: 200, error: null });
    expect(res.body.data.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:\\d+${DEMO_CALLBACK_PATH}/4$`));
    const inbox = async () =>
      (
        await dev.database.db
          .select()
          .from(demoMerchantInbox)
          .where(eq(demoMerchantInbox.clientId, 4))
          .orderBy(desc(demoMerchantInbox.id))
          .limit(1)
      )[0];
    expect(await inbox()).toMatchObject({ signatureValid: true, body: { type: 'test' } });

    const post = (headers: Record<string, string>, body: string) =>
      fetch(`${dev.url}${DEMO_CALLBACK_PATH}/4`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const body = '{"correlation_id":"DEMO-STALE","status":"FINALIZED"}';
    const stale = Math.floor(Date.now() / 1000) - 301;
    const staleRes = await post({ [TIMESTAMPED_SIGNATURE_HEADER]: timestampedSignature([secret], body, stale) }, body);
    expect(staleRes.status).toBe(401);
    expect(await inbox()).toMatchObject({ signatureValid: false });
    // A stale timestamped header does not pass by its legacy twin beside it.
    const both = await post(
      {
        [TIMESTAMPED_SIGNATURE_HEADER]: timestampedSignature([secret], body, stale),
        [LEGACY_SIGNATURE_HEADER]: hmacHex(secret, body),
      },
      body,
    );
    expect(both.status).toBe(401);
    // A sender from before the timestamp: the legacy header alone is still taken.
    expect((await post({ [LEGACY_SIGNATURE_HEADER]: hmacHex(secret, body) }, body)).status).toBe(200);
  });
});

describe('where callbacks may go, in production', () => {
  it.each([
    ['https://loopback.test/cb', 'Callback URL resolves to a loopback address (127.0.0.1)'],
    ['https://private.test/cb', 'Callback URL resolves to a private address (10.0.0.1)'],
    ['https://metadata.test/latest/meta-data', 'Callback URL resolves to a link-local address (169.254.169.254)'],
    ['https://v6loopback.test/cb', 'Callback URL resolves to a loopback address (::1)'],
    ['https://half-private.test/cb', 'Callback URL resolves to a private address (10.0.0.1)'],
    ['https://10.0.0.1/cb', 'Callback URL is a private address (10.0.0.1)'],
    ['https://169.254.169.254/', 'Callback URL is a link-local address (169.254.169.254)'],
    ['https://[::1]/cb', 'Callback URL is a loopback address (::1)'],
    ['https://[::ffff:127.0.0.1]/cb', 'Callback URL is a loopback address (::ffff:7f00:1)'],
    ['https://[fd00::1]/cb', 'Callback URL is a unique-local address (fd00::1)'],
    ['https://100.64.0.1/cb', 'Callback URL is a shared (carrier-grade NAT) address (100.64.0.1)'],
    ['https://nowhere.test/cb', "Callback URL's host nowhere.test does not resolve"],
    ['http://public.test/cb', 'Callback URL must use https'],
    ['https://user:pw@public.test/cb', 'Callback URL must not contain a user name or password'],
  ])('refuses %s when saved: 400, nothing saved', async (url, message) => {
    const before = (await clientRow(prod, 1)).callbackUrl;
    const res = await saveUrl(prod, 1, url);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body).toMatchObject({ status: 'failed', message });
    expect((await clientRow(prod, 1)).callbackUrl).toBe(before);
  });

  it('saves an https URL on a public address, audited with the old and the new URL', async () => {
    const before = (await clientRow(prod, 1)).callbackUrl;
    const res = await saveUrl(prod, 1, 'https://public.test/payments/callback');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ client_id: 1, callback_url: 'https://public.test/payments/callback' });
    const line = await lastAudit(prod, 'client.callback_url_changed');
    expect(line.detail).toEqual({ old_url: before, new_url: 'https://public.test/payments/callback' });
  });

  it('refuses at send time a saved name that resolves to a private address by then (no DNS rebinding gap)', async () => {
    expect((await saveUrl(prod, 2, `https://rebind.test:${receiverPort}/cb`)).status).toBe(400);
    names.set('rebind.test', ['93.184.216.34']);
    expect((await saveUrl(prod, 2, `https://rebind.test:${receiverPort}/cb`)).status).toBe(200);
    names.set('rebind.test', ['127.0.0.1']);
    const res = await testCallback(prod, 2);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      delivered: false,
      status_code: null,
      error: 'refused address 127.0.0.1 (loopback)',
      response_excerpt: null,
    });
    expect(received).toEqual([]);
  });

  it.each([
    ['loopback.test', 'refused address 127.0.0.1 (loopback)'],
    ['private.test', 'refused address 10.0.0.1 (private)'],
    ['metadata.test', 'refused address 169.254.169.254 (link-local)'],
    ['v6loopback.test', 'refused address ::1 (loopback)'],
  ])('refuses at send time a URL on %s put straight into the database', async (host, error) => {
    await putStraight(prod, 3, `https://${host}:${receiverPort}/cb`);
    const res = await testCallback(prod, 3);
    expect(res.body.data).toMatchObject({ delivered: false, status_code: null, error });
    expect(received).toEqual([]);
  });

  it('refuses at send time http, an address literal, and the demo merchant on loopback', async () => {
    for (const [url, error] of [
      [receiverUrl('public.test'), 'http refused in production (https only)'],
      [`https://127.0.0.1:${receiverPort}/cb`, 'refused address 127.0.0.1 (loopback)'],
      // The demo merchant is on this server's own address, plain http on loopback.
      [DEMO_CALLBACK_PATH, 'http refused in production (https only)'],
    ]) {
      await putStraight(prod, 3, url);
      expect((await testCallback(prod, 3)).body.data).toMatchObject({ delivered: false, error });
    }
    expect(received).toEqual([]);
  });
});

describe('where callbacks may go, outside production', () => {
  it('allows loopback (by address or by name) and http; refuses link-local and metadata still', async () => {
    expect((await saveUrl(dev, 5, receiverUrl())).status).toBe(200);
    expect((await saveUrl(dev, 5, receiverUrl('localhost'))).status).toBe(200);
    expect((await saveUrl(dev, 5, 'http://private.test/cb')).status).toBe(200);
    for (const [url, message] of [
      ['http://169.254.169.254/latest/meta-data', 'Callback URL is a link-local address (169.254.169.254)'],
      ['http://metadata.test/', 'Callback URL resolves to a link-local address (169.254.169.254)'],
      ['http://[fe80::1]/cb', 'Callback URL is a link-local address (fe80::1)'],
      ['http://0.0.0.0/cb', 'Callback URL is an unspecified address (0.0.0.0)'],
      ['http://u:p@127.0.0.1/cb', 'Callback URL must not contain a user name or password'],
    ]) {
      const res = await saveUrl(dev, 5, url);
      expect(res.status, url).toBe(400);
      expect(res.body.message, url).toBe(message);
      expect(res.body.errors, url).toEqual([{ field: 'callback_url', message }]);
    }
    expect((await clientRow(dev, 5)).callbackUrl).toBe('http://private.test/cb');
  });

  it('sends to a name through the address it was checked on', async () => {
    await saveUrl(dev, 5, receiverUrl('merchant.test', '/named'));
    const arrived = await testCallbackArriving(5);
    expect(arrived.path).toBe('/named');
    expect(arrived.headers.host).toBe(`merchant.test:${receiverPort}`);
  });

  it('answers the test callback: a signed sample, its outcome, audited', async () => {
    await saveUrl(dev, 5, receiverUrl());
    answer = (response) => response.end('{"received":true}');
    const res = await testCallback(dev, 5);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Test callback delivered');
    expect(res.body.data).toEqual({
      delivered: true,
      url: receiverUrl(),
      status_code: 200,
      error: null,
      duration_ms: expect.any(Number),
      response_excerpt: '{"received":true}',
    });
    const sample = JSON.parse(received[0].body) as Record<string, unknown>;
    expect(sample).toEqual({
      type: 'test',
      correlation_id: expect.stringMatching(/^TEST-[0-9A-F]{12}$/),
      status: 'FINALIZED',
      amount: 0,
      sent_at: expect.any(String),
    });
    expect(received[0].headers['x-correlation-id']).toBe(sample.correlation_id);
    const line = await lastAudit(dev, 'client.callback_tested');
    expect(line.detail).toEqual({
      correlation_id: sample.correlation_id,
      url: receiverUrl(),
      delivered: true,
      status_code: 200,
      error: null,
    });
  });

  it("reports a receiver's refusal, a redirect (not followed), a long answer (first 1 KB) and a closed port", async () => {
    await saveUrl(dev, 5, receiverUrl());
    answer = (response) => response.writeHead(500).end('merchant down');
    expect((await testCallback(dev, 5)).body.data).toMatchObject({
      delivered: false,
      status_code: 500,
      error: null,
      response_excerpt: 'merchant down',
    });
    received.length = 0;
    answer = (response) => response.writeHead(302, { location: receiverUrl('127.0.0.1', '/elsewhere') }).end();
    expect((await testCallback(dev, 5)).body.data).toMatchObject({
      delivered: false,
      status_code: 302,
      error: 'redirect not followed',
    });
    expect(received.map((r) => r.path)).toEqual(['/callback']);
    answer = (response) => response.end('é'.repeat(5_000));
    const long = (await testCallback(dev, 5)).body.data;
    expect(long.delivered).toBe(true);
    expect(Buffer.byteLength(long.response_excerpt)).toBe(RESPONSE_EXCERPT_BYTES);
    await saveUrl(dev, 5, 'http://127.0.0.1:9/closed');
    expect((await testCallback(dev, 5)).body.data).toMatchObject({
      delivered: false,
      status_code: null,
      error: 'connection refused',
    });
  });

  it('gives up on a receiver that does not answer in time', async () => {
    answer = () => undefined;
    const sent = await sendCallback(receiverUrl(), '{}', {
      correlationId: 'SLOW',
      secrets: ['s'],
      production: false,
      timeoutMs: 200,
    });
    expect(sent).toMatchObject({ ok: false, statusCode: null, error: 'timed out after 0.2 s' });
  });

  it('answers 404 for a client that does not exist, and 400 for a body where none is taken', async () => {
    for (const [method, tail, body] of [
      ['GET', 'callback', undefined],
      ['PUT', 'callback-url', { callback_url: receiverUrl() }],
      ['POST', 'callback-secret', undefined],
      ['POST', 'test-callback', {}],
    ] as const)
      expect((await as(dev, method, endpointPath(999_999, tail), body)).status, tail).toBe(404);
    expect((await as(dev, 'POST', endpointPath(1, 'callback-secret'), { secret: 'mine' })).status).toBe(400);
  });
});

describe('the address classifier, against a plain reference of the ranges', () => {
  // The ranges as numbers, apart from REFUSED_RANGES and net.BlockList: [kind, first address, prefix length].
  const V4: Array<[AddressKind, number, number]> = [
    ['unspecified', 0x00000000, 8],
    ['private', 0x0a000000, 8],
    ['shared', 0x64400000, 10],
    ['loopback', 0x7f000000, 8],
    ['link-local', 0xa9fe0000, 16],
    ['private', 0xac100000, 12],
    ['private', 0xc0a80000, 16],
    ['multicast', 0xe0000000, 4],
    ['reserved', 0xf0000000, 4],
  ];
  const inPrefix = (value: bigint, base: bigint, prefix: number, bits: number) =>
    value >> BigInt(bits - prefix) === base >> BigInt(bits - prefix);
  const referenceV4 = (n: number) => V4.find(([, base, p]) => inPrefix(BigInt(n), BigInt(base), p, 32))?.[0] ?? null;
  const referenceV6 = (groups: readonly number[]): AddressKind | null => {
    const n = groups.reduce((acc, g) => (acc << 16n) | BigInt(g), 0n);
    const low32 = Number(n & 0xffffffffn);
    if (n >> 32n === 0xffffn || n >> 32n === 0x64ff9b0000000000000000n || (n >> 32n === 0n && n > 1n))
      return referenceV4(low32);
    if (n === 0n) return 'unspecified';
    if (n === 1n) return 'loopback';
    if (inPrefix(n, 0xfcn << 120n, 7, 128)) return 'unique-local';
    if (inPrefix(n, 0xfe80n << 112n, 10, 128)) return 'link-local';
    if (inPrefix(n, 0xffn << 120n, 8, 128)) return 'multicast';
    return null;
  };
  const v4Text = (n: number) => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  // Addresses in and around every range, not only uniform ones (which would almost never land in a range).
  const v4 = fc.oneof(
    fc.nat({ max: 0xffffffff }),
    fc.tuple(fc.constantFrom(...V4), fc.nat({ max: 0xffffffff })).map(([[, base, p], r]) => base + (r >>> p)),
    fc.tuple(fc.constantFrom(...V4), fc.constantFrom(-1, 0)).map(([[, base], d]) => (base + d + 2 ** 32) % 2 ** 32),
  );
  const group = fc.nat({ max: 0xffff });
  const v6 = fc.oneof(
    fc.array(group, { minLength: 8, maxLength: 8 }),
    v4.map((n) => [0, 0, 0, 0, 0, 0xffff, n >>> 16, n & 0xffff]),
    v4.map((n) => [0x64, 0xff9b, 0, 0, 0, 0, n >>> 16, n & 0xffff]),
    v4.map((n) => [0, 0, 0, 0, 0, 0, n >>> 16, n & 0xffff]),
    fc
      .tuple(
        fc.constantFrom(0xfc00, 0xfd00, 0xfe80, 0xfebf, 0xfec0, 0xff00, 0xfbff),
        fc.array(group, { minLength: 7, maxLength: 7 }),
      )
      .map(([first, rest]) => [first | (rest[0] & 0xff), ...rest]),
    fc.constantFrom([0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 1]),
  );

  it('classifies IPv4 addresses as the reference does', () => {
    fc.assert(
      fc.property(v4, (n) => {
        expect(addressKind(v4Text(n)), v4Text(n)).toBe(referenceV4(n));
      }),
      { numRuns: 2_000 },
    );
  });

  it('classifies IPv6 addresses, written in full or as URL compresses them, as the reference does', () => {
    fc.assert(
      fc.property(v6, (groups) => {
        const full = groups.map((g) => g.toString(16)).join(':');
        const compressed = new URL(`http://[${full}]/`).hostname.slice(1, -1);
        const want = referenceV6(groups);
        expect(addressKind(full), full).toBe(want);
        expect(addressKind(compressed), compressed).toBe(want);
      }),
      { numRuns: 2_000 },
    );
  });

  it('outside production lets loopback and private through, and nothing else', () => {
    fc.assert(
      fc.property(v4, (n) => {
        const kind = referenceV4(n);
        const allowed = kind === null || kind === 'loopback' || kind === 'private';
        expect(refusedKind(v4Text(n), false)).toBe(allowed ? null : kind);
        expect(refusedKind(v4Text(n), true)).toBe(kind);
      }),
      { numRuns: 1_000 },
    );
  });
});
