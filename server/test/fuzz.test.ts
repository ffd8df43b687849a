import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 10's fuzz pass, kept: every route of /api/docs, every parameter (path, query, body field)
 * set in turn to odd values from a baseline built from its schema, plus whole bodies that are not
 * objects. No answer may be a 5xx, and every answer must be the JSON envelope.
 */
let server: TestServer;
let token: string;
let victim: string;
const samples: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  token = (await signInVerified(server, 'superadmin@demo.local')).token;
  // Two-factor routes are fuzzed with another user's session: wrong codes may lock that account.
  victim = (await signInVerified(server, 'admin@demo.local')).token;
  const db = server.database.db;
  const [t] = (
    await db.execute<{ correlation_id: string; uuid: string }>(
      sql`select correlation_id, uuid::text from transactions order by id limit 1`,
    )
  ).rows;
  samples.correlation_id = t.correlation_id;
  samples.uuid = t.uuid;
});
afterAll(async () => {
  await server?.close();
});

// Ends the fuzzer's own session; nothing in it reads input.
const SKIPPED = new Set(['POST /api/backoffice/auth/logout']);
const VICTIM_ROUTES = new Set([
  'POST /api/backoffice/user/validate-otp',
  'POST /api/backoffice/user/verify-otp',
  'DELETE /api/backoffice/user/disable-otp',
]);

const LONE_SURROGATE = '\ud800';
const deep = (n: number): unknown => (n === 0 ? 1 : [deep(n - 1)]);
const ODD_VALUES: unknown[] = [
  '',
  ' ',
  'x'.repeat(5_000),
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  LONE_SURROGATE,
  'a\u0000b',
  '2026-02-30 10:00',
  '0000-01-01 00:00:00',
  '%',
  '_',
  "' or 1=1 --",
  null,
  true,
  12.5,
  -5,
  Number.MAX_SAFE_INTEGER + 2,
  [],
  {},
  deep(40),
  [LONE_SURROGATE],
  { __proto__: { admin: true } },
];
// Query strings carry text only; a lone surrogate arrives as invalid UTF-8.
const ODD_QUERY = [
  '',
  ' ',
  'x'.repeat(5_000),
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(40),
  '%ED%A0%80',
  '%00',
  '2026-02-30%2010:00',
  '0000-01-01%2000:00',
  '%25',
  '_',
  'a,b,,',
  '%5B%5D',
];

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  minLength?: number;
  pattern?: string;
};

/** A plausible value for a schema, so the other fields of a body get past validation. */
function baseline(name: string, schema: JsonSchema = {}): unknown {
  if (samples[name]) return samples[name];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((e) => e !== '') ?? schema.enum[0];
  if (schema.anyOf?.length) return baseline(name, schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, baseline(k, s)]));
  if (type === 'array') return [baseline(name, schema.items)];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  if (schema.format === 'email' || name.includes('email')) return 'fuzz@example.com';
  if (name.endsWith('time')) return '2026-01-05 10:00:00';
  return 'Fuzz-1';
}

interface Operation {
  method: string;
  path: string;
  parameters?: Array<{ name: string; in: 'path' | 'query'; schema: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

async function send(op: Operation, path: string, query: string, body: { type: string; data: string } | undefined) {
  const key = `${op.method.toUpperCase()} ${op.path}`;
  const res = await fetch(`${server.url}${path}${query ? `?${query}` : ''}`, {
    method: op.method.toUpperCase(),
    headers: {
      authorization: `Bearer ${VICTIM_ROUTES.has(key) ? victim : token}`,
      ...(body ? { 'content-type': body.type } : {}),
    },
    body: body?.data,
  });
  const text = await res.text();
  return { status: res.status, text };
}

describe('fuzzing every route of /api/docs', () => {
  it('never answers 5xx, and always answers the JSON envelope', async () => {
    const doc = (await (await fetch(`${server.url}/api/docs`)).json()) as {
      paths: Record<string, Record<string, Operation>>;
    };
    const failures: string[] = [];
    let sent = 0;
    for (const [openPath, methods] of Object.entries(doc.paths)) {
      for (const [method, raw] of Object.entries(methods)) {
        const op: Operation = { ...raw, method, path: openPath.replace(/\{(\w+)\}/g, ':$1') };
        if (SKIPPED.has(`${method.toUpperCase()} ${op.path}`) || openPath === '/api/docs') continue;
        const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path');
        const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
        const bodySchema = op.requestBody?.content['application/json']?.schema;
        const multipart = op.requestBody?.content['multipart/form-data'];
        const basePath = (override?: [string, string]) =>
          openPath.replace(/\{(\w+)\}/g, (_, name) => (override && override[0] === name ? override[1] : '1'));
        const baseQuery = () => queryParams.map((p) => [p.name, String(baseline(p.name, p.schema))]);
        const encode = (pairs: string[][]) =>
          pairs
            .map(
              ([k, v]) =>
                `${encodeURIComponent(k)}=${v.startsWith('%') || v.includes('%') ? v : encodeURIComponent(v)}`,
            )
            .join('&');
        const baseBody = () => (bodySchema ? (baseline('', bodySchema) as Record<string, unknown>) : undefined);
        const json = (value: unknown) => ({ type: 'application/json', data: JSON.stringify(value) });
        const attempts: Array<[string, string, { type: string; data: string } | undefined]> = [];
        const body = baseBody();
        attempts.push([basePath(), encode(baseQuery()), body ? json(body) : undefined]);
        for (const p of pathParams)
          for (const v of ['abc', '-1', '0', '9'.repeat(30), '%ED%A0%80', '%00', '1.5'])
            attempts.push([basePath([p.name, v]), encode(baseQuery()), body ? json(body) : undefined]);
        for (const p of queryParams)
          for (const v of ODD_QUERY)
            attempts.push([
              basePath(),
              encode(baseQuery().map(([k, b]) => [k, k === p.name ? v : b])),
              body ? json(body) : undefined,
            ]);
        if (body) {
          for (const field of Object.keys(body))
            for (const v of ODD_VALUES) attempts.push([basePath(), '', json({ ...body, [field]: v })]);
          attempts.push([basePath(), '', json({ ...body, unexpected_field: 1 })]);
        }
        if (method !== 'get') {
          for (const whole of ['null', '[]', '"text"', '1', '{', '', JSON.stringify(deep(60))])
            attempts.push([basePath(), '', { type: 'application/json', data: whole }]);
        }
        if (multipart) {
          attempts.push([basePath(), '', { type: 'multipart/form-data; boundary=x', data: '--x\r\ngarbage' }]);
          attempts.push([
            basePath(),
            '',
            {
              type: 'multipart/form-data; boundary=x',
              data:
                '--x\r\nContent-Disposition: form-data; name="file"; ' +
                'filename="a.xlsx"\r\n\r\nPK\u0003\u0004\r\n--x--\r\n',
            },
          ]);
        }
        for (const [path, query, sentBody] of attempts) {
          const res = await send(op, path, query, sentBody);
          sent++;
          let envelope = false;
          try {
            envelope = ['success', 'failed'].includes(JSON.parse(res.text).status);
          } catch {
            envelope = false;
          }
          if (res.status >= 500 || !envelope)
            failures.push(
              `${res.status} ${method.toUpperCase()} ${path}?${query.slice(0, 120)} ` +
                `${sentBody?.data.slice(0, 120) ?? ''} -> ${res.text.slice(0, 160)}`,
            );
        }
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  }, 600_000);
});
