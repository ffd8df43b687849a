import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { alerts, type Alert } from '../../services/alerts';
import { ApiError, GENERIC_ERROR, request, setFailureHandlers } from '../../services/http';
import { makeTranslate, setCurrentTranslate } from '../../i18n/translate';
import { setFormatsLanguage } from '../../i18n/language';
import { MemoryStorage } from '../fixtures';

// A real HTTP peer answering each path with the status and body it names.
const answers: Record<string, [number, unknown]> = {
  '/401': [401, { status: 'failed', message: 'Your session has ended.' }],
  '/403': [403, { status: 'failed', message: 'You are not allowed to do this.' }],
  '/403-rule': [403, { status: 'failed', message: 'The maker of a change cannot approve it' }],
  '/403-rule-id': [403, { status: 'failed', message: 'Pembuat perubahan tidak dapat menyetujuinya' }],
  '/message': [422, { status: 'failed', message: 'Only PENDING withdrawal requests can be processed' }],
  '/reason': [400, { reason: 'Bad filter' }],
  '/response-message': [409, { responseMessage: 'Invalid Status' }],
  '/bare': [500, {}],
  '/ours': [500, { status: 'failed', message: 'Something went wrong.', request_id: 'req-42' }],
  '/refused-with-id': [422, { status: 'failed', message: 'Insufficient balance', request_id: 'req-43' }],
  '/ok': [200, { status: 'success', message: 'OK', data: 1 }],
};
let server: Server;
let base = '';
const seen: Array<{ authorization?: string; session?: string; language?: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      authorization: req.headers.authorization,
      session: req.headers['x-session'] as string,
      language: req.headers['accept-language'],
    });
    const [status, body] = answers[req.url ?? ''] ?? [404, {}];
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const shown: Alert[] = [];
alerts.subscribe((a) => shown.push(a));
const handlers = { onUnauthorized: vi.fn(), onForbidden: vi.fn() };
setFailureHandlers(handlers);

beforeEach(() => {
  shown.length = 0;
  handlers.onUnauthorized.mockClear();
  handlers.onForbidden.mockClear();
  const storage = new MemoryStorage();
  storage.setItem('backoffice.user', JSON.stringify({ email: 'adi@demo.local' }));
  (globalThis as { localStorage?: unknown }).localStorage = storage;
});

const failure = (path: string, quiet = false) =>
  request('GET', base + path, { quiet }).then(
    () => null,
    (e: ApiError) => e,
  );

describe('HTTP failures (spec section 8)', () => {
  it('sends no bearer token, and asks for cookie mode on every call (the session is the HttpOnly cookie)', async () => {
    await request('GET', `${base}/ok`);
    expect(seen.at(-1)).toMatchObject({ authorization: undefined, session: 'cookie' });
  });

  it("asks the server for the language shown, not the browser's own (issue 48)", async () => {
    seen.length = 0;
    await request('GET', `${base}/ok`);
    setFormatsLanguage('id');
    try {
      await request('GET', `${base}/ok`);
    } finally {
      setFormatsLanguage('en');
    }
    expect(seen.map((s) => s.language)).toEqual(['en', 'id']);
  });

  it('logs out on 401 and sends the user to the landing path on 403, without an alert', async () => {
    expect((await failure('/401'))?.status).toBe(401);
    expect(handlers.onUnauthorized).toHaveBeenCalledOnce();
    expect((await failure('/403'))?.status).toBe(403);
    expect(handlers.onForbidden).toHaveBeenCalledOnce();
    expect(shown).toEqual([]);
  });

  it("keeps a 403 the caller names as its own refusal in place: no landing page, the caller's message", async () => {
    const refusals = ['The maker of a change cannot approve it'];
    const asked = (path: string) =>
      request('PATCH', base + path, { quiet: true, refusalsInPlace: refusals }).then(
        () => null,
        (e: ApiError) => e,
      );
    const refused = await asked('/403-rule');
    expect([refused?.status, refused?.message]).toEqual([403, 'The maker of a change cannot approve it']);
    expect(handlers.onForbidden).not.toHaveBeenCalled();
    // Any other 403 on the same call still means the access is gone.
    expect((await asked('/403'))?.status).toBe(403);
    expect(handlers.onForbidden).toHaveBeenCalledOnce();
    expect(shown).toEqual([]);
  });

  it('knows its refusal in the language shown: a saved Bahasa Indonesia makes the server say it so (issue 48)', async () => {
    const refusals = ['The maker of a change cannot approve it'];
    setCurrentTranslate(makeTranslate({ a: refusals[0] }, { a: 'Pembuat perubahan tidak dapat menyetujuinya' }));
    try {
      const refused = await request('PATCH', `${base}/403-rule-id`, { quiet: true, refusalsInPlace: refusals }).then(
        () => null,
        (e: ApiError) => e,
      );
      expect(refused?.status).toBe(403);
      expect(handlers.onForbidden).not.toHaveBeenCalled();
    } finally {
      setCurrentTranslate((text) => text);
    }
  });

  it("shows other failures as an 'Error!' alert: message, reason or responseMessage, else generic text", async () => {
    for (const path of ['/message', '/reason', '/response-message', '/bare']) await failure(path);
    expect(shown.map((a) => [a.title, a.message])).toEqual([
      ['Error!', 'Only PENDING withdrawal requests can be processed'],
      ['Error!', 'Bad filter'],
      ['Error!', 'Invalid Status'],
      ['Error!', GENERIC_ERROR],
    ]);
  });

  it('names the request of a failure on our side, so support can find it in the log; a refusal only says why', async () => {
    for (const path of ['/ours', '/refused-with-id']) await failure(path);
    expect(shown.map((a) => a.message)).toEqual(['Something went wrong. (reference req-42)', 'Insufficient balance']);
  });

  it("rejects with 'Error' when no response comes at all", async () => {
    const error = await request('GET', 'http://127.0.0.1:9/unreachable').then(
      () => null,
      (e: ApiError) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error?.message).toBe('Error');
    expect(error?.status).toBe(0);
  });

  it('leaves the alert to the caller when asked to be quiet', async () => {
    expect((await failure('/message', true))?.message).toBe('Only PENDING withdrawal requests can be processed');
    expect(shown).toEqual([]);
  });
});
