import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import type * as v from 'valibot';
import { failedAnswer, successAnswer } from '../../src/services/answerEnvelope.ts';
import type { RouteOutput } from '../../src/services/routeOutput.ts';
import { routeOutputs } from '../../src/services/routeOutputs.ts';
import { routes, type RouteName } from '../../src/services/routes.ts';

export type JsonSchema = Record<string, unknown>;

/** Without its `$schema` (draft-07): inside an OpenAPI 3.1 document a schema is of the document's dialect. */
function jsonSchema(schema: v.GenericSchema): JsonSchema {
  const { $schema: _, ...rest } = toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema;
  return rest;
}

const SUCCESS_STATUSES = [200, 201, 202] as const;

/** A route's answers as JSON Schemas: its success envelopes by status, and its failed envelope. */
export interface RouteAnswers {
  /** By success status; absent for a download (`file`). */
  success: Partial<Record<(typeof SUCCESS_STATUSES)[number], JsonSchema>>;
  failed: JsonSchema;
  /** The media type of a download, which is not JSON. */
  file?: string;
  /** The 200 answer of a route that answers something else than the envelope (/api/docs). */
  body?: JsonSchema;
}

function answersOf(output: RouteOutput): RouteAnswers {
  const success: RouteAnswers['success'] = {};
  for (const status of SUCCESS_STATUSES) {
    const answer = output[status];
    if (answer) success[status] = jsonSchema(successAnswer(answer));
  }
  return {
    success,
    failed: jsonSchema(failedAnswer(output.failedData)),
    ...(output.file ? { file: output.file } : {}),
    ...(output.body ? { body: jsonSchema(output.body) } : {}),
  };
}

const cache = new Map<RouteName, RouteAnswers>();

/** The answers a route declares (routeOutputs.ts), as JSON Schemas. */
export function routeAnswers(name: RouteName): RouteAnswers {
  if (!cache.has(name)) cache.set(name, answersOf(routeOutputs[name]));
  return cache.get(name)!;
}

const nameOf = new Map<string, RouteName>(
  (Object.entries(routes) as Array<[RouteName, (typeof routes)[RouteName]]>).map(([name, r]) => [
    `${r.method} ${r.path}`,
    name,
  ]),
);

/** The route table's name of a registered route (HEAD is its GET), or undefined for one outside the table. */
export const routeNameOf = (method: string, url: string): RouteName | undefined =>
  nameOf.get(`${method === 'HEAD' ? 'GET' : method} ${url}`);

const SCALAR_TYPES = new Set(['string', 'integer', 'number', 'boolean', 'null']);
const isScalarBranch = (branch: unknown): branch is { type: string; format?: string } =>
  !!branch &&
  typeof branch === 'object' &&
  SCALAR_TYPES.has((branch as JsonSchema).type as string) &&
  Object.keys(branch).every((key) => key === 'type' || key === 'format');

/**
 * A schema as the serializer is given it: `anyOf` of scalar types (how valibot's nullable and
 * nullish come out, `{anyOf: [{type: 'string', format: 'date-time'}, {type: 'null'}]}`) as one list of
 * types. fast-json-stringify decides an `anyOf` by running Ajv on the value, about 0.4 µs a field,
 * three times a row on the Payments List; a list of types is a typeof check (0.05 µs). It writes
 * the same JSON for every value the branches allow; /api/docs and the traffic check keep the `anyOf`.
 */
export function serializerSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(serializerSchema);
  if (!node || typeof node !== 'object') return node;
  const { anyOf } = node as JsonSchema;
  if (Object.keys(node).length === 1 && Array.isArray(anyOf) && anyOf.every(isScalarBranch)) {
    const formats = new Set(anyOf.flatMap((branch) => (branch.format ? [branch.format] : [])));
    if (formats.size <= 1)
      return { type: anyOf.map((branch) => branch.type), ...(formats.size ? { format: [...formats][0] } : {}) };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, serializerSchema(value)]));
}

/**
 * Every route of the table answers through fast-json-stringify with its declared schemas: a
 * property a schema does not declare is not sent. A download and /api/docs (a document, not the
 * envelope) keep Fastify's plain JSON.stringify.
 */
export function registerResponseSchemas(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const name = methods.map((m) => routeNameOf(m, route.url)).find(Boolean);
    const answers = name ? routeAnswers(name) : undefined;
    if (!answers || answers.file || answers.body || route.schema?.response) return;
    route.schema = {
      ...route.schema,
      response: serializerSchema({ ...answers.success, '4xx': answers.failed, '5xx': answers.failed }),
    };
  });
}
