import { isDeepStrictEqual } from 'node:util';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { openApiDocument } from '../routes/apiDocs.ts';

/**
 * Issue 30: the server suite's real traffic checked against /api/docs, so the document is what the
 * server does. Every request answered 2xx must have sent what its operation documents (query and
 * JSON body), and every JSON answer must be what the operation documents for its status, strictly:
 * an object may hold no property its schema does not name. Answers are checked before
 * serialization (fast-json-stringify would silently drop what a schema forgot), and the bytes sent
 * must be that same JSON (nothing dropped or coerced on the way). A route that documents no answer
 * schema yet (routeOutputs.ts) is not checked.
 */

type Schema = Record<string, unknown>;
interface Operation {
  parameters?: Array<{ name: string; in: string; required: boolean; schema: Schema }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}

/** Every object that names its properties admits no other (the document's own may allow more). */
function strict(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(strict);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Schema = Object.fromEntries(Object.entries(schema).map(([k, value]) => [k, strict(value)]));
  if (out.properties && out.additionalProperties === undefined) out.additionalProperties = false;
  return out;
}

export interface TrafficCheck {
  /** Adds the hooks that watch every request (buildApp's `observe`). */
  observe(app: FastifyInstance): void;
  /** What a JSON answer of `METHOD url` (as registered, `:params`) with this status breaks, in words. */
  answerViolations(method: string, url: string, status: number, payload: unknown): string[];
  /** What was broken so far, each naming the request, the status and the rule. */
  readonly violations: string[];
}

export function trafficCheck(document = openApiDocument()): TrafficCheck {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const operations = new Map<string, Operation>();
  for (const [path, ops] of Object.entries(document.paths))
    for (const [method, op] of Object.entries(ops))
      operations.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, op as Operation);
  const compiled = new Map<string, ValidateFunction>();
  const validator = (key: string, schema: Schema) => {
    if (!compiled.has(key)) compiled.set(key, ajv.compile(strict(schema) as Schema));
    return compiled.get(key)!;
  };
  const violations: string[] = [];
  const errorsOf = (validate: ValidateFunction) =>
    (validate.errors ?? []).map((e) => `${e.instancePath || '(whole)'} ${e.message}`).join('; ');

  const operationKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;

  function answerViolations(method: string, url: string, status: number, payload: unknown): string[] {
    const key = operationKey(method, url);
    const op = operations.get(key);
    // A route outside the table, or one that documents no answer yet (routeOutputs.ts), is not checked.
    if (!op || !Object.values(op.responses).some((r) => r.content)) return [];
    const documented = op.responses[status] ?? op.responses[`${String(status)[0]}XX`];
    if (!documented) return [`${key} ${status}: the status is not documented`];
    const schema = documented.content?.['application/json']?.schema;
    if (!schema) return [];
    const validate = validator(`${key} ${status} answer`, schema);
    return validate(payload) ? [] : [`${key} ${status}: answer ${errorsOf(validate)}`];
  }

  function requestViolations(request: FastifyRequest, key: string, op: Operation): string[] {
    const found: string[] = [];
    const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query');
    const query = validator(`${key} query`, {
      type: 'object',
      properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
      required: queryParams.filter((p) => p.required).map((p) => p.name),
    });
    if (!query({ ...(request.query as object) })) found.push(`${key} query ${errorsOf(query)}`);
    const bodySchema = op.requestBody?.content['application/json']?.schema;
    if (bodySchema && request.body !== undefined) {
      const body = validator(`${key} body`, bodySchema);
      if (!body(request.body)) found.push(`${key} body ${errorsOf(body)}`);
    }
    return found;
  }

  const expected = new WeakMap<FastifyRequest, unknown>();
  return {
    violations,
    answerViolations,
    observe(app) {
      app.addHook('preSerialization', async (request, reply, payload) => {
        const url = request.routeOptions.url;
        if (!url) return payload;
        // What the plain JSON.stringify would send (dates as ISO text): the answer's content.
        const json: unknown = JSON.parse(JSON.stringify(payload) ?? 'null');
        const found = answerViolations(request.method, url, reply.statusCode, json);
        violations.push(...found);
        if (!found.length) expected.set(request, json);
        return payload;
      });
      app.addHook('onSend', async (request, reply, payload) => {
        if (!expected.has(request) || typeof payload !== 'string') return payload;
        if (!isDeepStrictEqual(JSON.parse(payload), expected.get(request)))
          violations.push(
            `${operationKey(request.method, request.routeOptions.url!)} ${reply.statusCode}: the serializer changed ` +
              `the answer: sent ${payload.slice(0, 300)}`,
          );
        return payload;
      });
      app.addHook('onResponse', async (request, reply) => {
        const url = request.routeOptions.url;
        if (!url || reply.statusCode < 200 || reply.statusCode >= 300) return;
        const key = operationKey(request.method, url);
        const op = operations.get(key);
        if (op)
          violations.push(...requestViolations(request, key, op).map((v) => `${v} (answered ${reply.statusCode})`));
      });
    },
  };
}
