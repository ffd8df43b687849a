import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 10, part 2: inputs that used to answer 500. Each must be a 4xx in the JSON envelope with
 * words a person understands, and leave nothing written.
 */
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = (await signInVerified(server, 'superadmin@demo.local')).token;
});
afterAll(async () => {
  await server?.close();
});

const API = '/api/backoffice';
const count = async (table: string) =>
  Number((await server.database.db.execute<{ n: string }>(sql.raw(`select count(*) as n from ${table}`))).rows[0].n);

/** A raw request, so bodies JSON.stringify cannot make (lone surrogates, deep nesting) can be sent. */
async function raw(method: string, path: string, body?: string | Uint8Array, headers: Record<string, string> = {}) {
  const res = await fetch(server.url + path, {
    method,
    body: body as BodyInit | undefined,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && !headers['content-type'] ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

function expectRefusal(res: { status: number; body: any }, status: number, message?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body).toMatchObject({
    status: 'failed',
    message: expect.any(String),
    responseMessage: expect.any(String),
  });
  if (message) expect(res.body.message).toMatch(message);
}

const deep = (depth: number, open: string, close: string) => open.repeat(depth) + close.repeat(depth);

describe('the demo merchant callback', () => {
  it.each([
    ['null', 'null', /must be a JSON object/],
    ['an array nested 5,000 deep', deep(5_000, '[', ']'), /nests deeper than 32 levels/],
    ['an object nested 5,000 deep', `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`, /nests deeper than 32 levels/],
  ])('refuses a body of %s with 400 and records nothing', async (_label, body, message) => {
    const before = await count('demo_merchant_inbox');
    expectRefusal(await raw('POST', '/demo-merchant/callback/1', body), 400, message);
    expect(await count('demo_merchant_inbox')).toBe(before);
  });

  it('refuses deeply nested JSON on every other route too', async () => {
    expectRefusal(await raw('POST', `${API}/management/create-role`, deep(100, '[', ']')), 400, /nests deeper/);
  });
});

describe('a key repeated in a JSON body (issue 44)', () => {
  const balance = async (clientId: number) =>
    (await call(server, 'GET', `${API}/transaction/account-summary?client_filter=${clientId}`, { token })).body.data
      .disbursement_balance as number;
  const adjust = (body: string) => raw('PATCH', `${API}/transaction/update-balance`, body);

  it("the issue's adjustment is 400 naming 'amount', and nothing moves; the same without the repeat moves", async () => {
    const before = await balance(1);
    const entries = await count('journal_entries');
    const refused = await adjust('{"client_id":1,"amount":250000,"amount":-250000}');
    expectRefusal(refused, 400);
    expect(refused.body.message).toBe("The request body repeats the key 'amount'");
    expect(refused.body.errors).toEqual([{ field: 'amount', message: "The request body repeats the key 'amount'" }]);
    // Written another way (an escape), the key is the same key.
    expectRefusal(
      await adjust('{"client_id":1,"amount":250000,"\\u0061mount":-250000}'),
      400,
      /repeats the key 'amount'/,
    );
    expect(await balance(1)).toBe(before);
    expect(await count('journal_entries')).toBe(entries);
    const moved = await adjust('{"client_id":1,"amount":250000}');
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(await balance(1)).toBe(before + 250_000);
  });

  it('is refused at any depth; the same key in two objects is not a repeat', async () => {
    const policy = (entries: string) => raw('PUT', `${API}/approval-policy`, `{"policy":[${entries}]}`);
    const off = '{"action":"manual-finalize","mode":"off","threshold":null}';
    const nested = await policy(`${off.slice(0, -1)},"mode":"always"}`);
    expectRefusal(nested, 400);
    expect(nested.body.message).toBe("The request body repeats the key 'mode'");
    const twoObjects = await policy(`${off},{"action":"void-upload","mode":"off","threshold":null}`);
    expect(twoObjects.status, JSON.stringify(twoObjects.body)).toBe(200);
  });

  it('keeps the prototype-poisoning refusal: __proto__ and constructor.prototype are 400 as before', async () => {
    for (const body of [
      '{"client_id":1,"amount":5,"__proto__":{"admin":true}}',
      '{"client_id":1,"amount":5,"constructor":{"prototype":{"admin":true}}}',
    ])
      expectRefusal(await adjust(body), 400, /not valid JSON/);
  });
});

describe('impossible dates', () => {
  it.each(['2026-02-30 10:00:00', '2026-13-01 00:00:00', '0000-01-01 00:00:00'])(
    'a manual finalize paid at %s is 400 and changes nothing',
    async (paid) => {
      const [pending] = (
        await server.database.db.execute<{ correlation_id: string }>(
          sql`select correlation_id from transactions where status = 'PENDING' order by id limit 1`,
        )
      ).rows;
      const res = await call(server, 'PATCH', `${API}/transaction/finalized-transaction`, {
        token,
        body: { correlation_id: pending.correlation_id, rrn: '123456789012', paid_time: paid },
      });
      expectRefusal(res, 400, /Paid time must be a real date and time/);
      const [after] = (
        await server.database.db.execute<{ status: string }>(
          sql`select status from transactions where correlation_id = ${pending.correlation_id}`,
        )
      ).rows;
      expect(after.status).toBe('PENDING');
    },
  );

  it('a list window on 30 February is 400', async () => {
    expectRefusal(
      await raw('GET', `${API}/transaction/list?start=2026-02-30%2000:00&end=2026-03-01%2000:00`),
      400,
      /real dates/,
    );
  });
});

describe('text that is not well-formed Unicode', () => {
  it('a lone surrogate in the RRN of a manual finalize is 400 before anything is written', async () => {
    const [pending] = (
      await server.database.db.execute<{ correlation_id: string }>(
        sql`select correlation_id from transactions where status = 'PENDING' order by id desc limit 1`,
      )
    ).rows;
    const audits = await count('audit_log');
    const body = `{"correlation_id":"${pending.correlation_id}","rrn":"12\\ud800","paid_time":"2026-01-05 10:00:00"}`;
    expectRefusal(await raw('PATCH', `${API}/transaction/finalized-transaction`, body), 400, /valid Unicode/);
    const [after] = (
      await server.database.db.execute<{ status: string }>(
        sql`select status from transactions where correlation_id = ${pending.correlation_id}`,
      )
    ).rows;
    expect(after.status).toBe('PENDING');
    expect(await count('audit_log')).toBe(audits);
  });

  it("a lone surrogate in a role's description is 400 and no role is made", async () => {
    const roles = await count('roles');
    const body = '{"name":"Surrogate","description":"bad \\udc00 text","type":"ADMIN","modules":["transactions"]}';
    expectRefusal(await raw('POST', `${API}/management/create-role`, body), 400, /valid Unicode/);
    expect(await count('roles')).toBe(roles);
  });

  it('a search term that decodes to no valid text is refused or taken literally, never a 500', async () => {
    for (const path of [
      `${API}/management/get-users?search=%ED%A0%80`,
      `${API}/transaction/list?search=%ED%A0%80`,
      `${API}/management/get-roles?search=%00`,
    ]) {
      const res = await raw('GET', path);
      expect(res.status, path).toBeLessThan(500);
      if (res.status >= 400) expectRefusal(res, res.status);
    }
  });
});

describe('malformed multipart bodies', () => {
  it.each([
    ['garbage after a boundary', '--nope\r\ngarbage', 'multipart/form-data; boundary=nope'],
    [
      'no closing boundary',
      '--nope\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ncorrelation_id\r\nA',
      'multipart/form-data; boundary=nope',
    ],
    ['no boundary at all', 'whatever', 'multipart/form-data'],
  ])('%s is 400', async (_label, body, type) => {
    expectRefusal(
      await raw('POST', `${API}/transaction/get-status-transaction-file`, body, { 'content-type': type }),
      400,
    );
  });
});

describe('sizes, paths and wildcards', () => {
  it('a 10 MB JSON body gets a 413 answer, not a reset connection', async () => {
    const big = `{"email":"${'a'.repeat(10 * 1024 * 1024)}","password":"x"}`;
    const res = await raw('POST', `${API}/auth/login`, big);
    expectRefusal(res, 413, /too large/);
  });

  it.each([
    ['PATCH', '/api/v1/notification/abc/read'],
    ['POST', '/demo-merchant/callback/x'],
  ])('a bad path parameter (%s %s) is 400 in the JSON envelope', async (method, path) => {
    expectRefusal(await raw(method, path, method === 'POST' ? '{}' : undefined), 400);
  });

  it("takes '_' and '%' literally when searching users and roles", async () => {
    for (const what of ['get-users', 'get-roles']) {
      for (const term of ['_', '%']) {
        const res = await raw('GET', `${API}/management/${what}?search=${encodeURIComponent(term)}`);
        expect(res.status).toBe(200);
        expect(res.body.data, `${what} ${term}`).toEqual([]);
      }
    }
  });
});

describe("a client's callback URL (issue 47)", () => {
  const path = `${API}/master/client/6/callback-url`;
  const saved = async () =>
    (
      await server.database.db.execute<{ url: string | null }>(
        sql`select callback_url as url from clients where id = 6`,
      )
    ).rows[0].url;

  it('a 10 MB URL gets a 413 answer, and nothing is saved', async () => {
    const before = await saved();
    expectRefusal(await raw('PUT', path, `{"callback_url":"https://x.test/${'a'.repeat(10 * 1024 * 1024)}"}`), 413);
    expect(await saved()).toBe(before);
  });

  it.each([
    ['a javascript: URL', 'javascript:alert(1)', /must start with https/],
    ['a data: URL', 'data:text/html,<script>alert(1)</script>', /must start with https/],
    ['a file: URL', 'file:///etc/passwd', /must start with https/],
    ['credentials', 'http://user:pw@x.test/', /user name or password/],
    ['only credentials and a host', 'http://user:pw@x', /user name or password/],
    ['an IPv4-mapped metadata address', 'http://[::ffff:169.254.169.254]/latest', /link-local address/],
    ['a hex-written metadata address', 'http://0xa9.254.169.254/', /link-local address \(169\.254\.169\.254\)/],
    ['a link-local IPv6 literal', 'http://[fe80::1]/', /link-local address/],
    ['a zone in an IPv6 literal', 'http://[fe80::1%25eth0]/', /full URL/],
    ['a unicode host that does not resolve', 'https://пример.test/callback', /does not resolve/],
    ['a zero-width space in the host', 'https://exa\u200bmple.test/', /does not resolve|full URL/],
    ['a lone surrogate', 'https://x.test/\ud800', /valid Unicode|full URL/],
    ['a URL longer than 2,000 characters', `https://x.test/${'a'.repeat(2_000)}`, /too long/],
    ['no host', 'http://', /full URL/],
    ['a number', 42, /must be text/],
    ['an array', ['https://x.test/'], /must be text/],
  ])('%s is 400 in the envelope, nothing saved and nothing audited', async (_label, url, message) => {
    const before = await saved();
    const audits = await count('audit_log');
    const res = await raw('PUT', path, JSON.stringify({ callback_url: url }));
    expectRefusal(res, 400, message);
    expect(await saved()).toBe(before);
    expect(await count('audit_log')).toBe(audits);
  });

  it('an extra field, or a body on a call that takes none, is 400', async () => {
    expectRefusal(await raw('PUT', path, '{"callback_url":"http://127.0.0.1/cb","secret":"mine"}'), 400);
    expectRefusal(await raw('POST', `${API}/master/client/6/callback-secret`, '{"secret":"mine"}'), 400);
    expectRefusal(await raw('POST', `${API}/master/client/abc/test-callback`, '{}'), 400);
  });
});
