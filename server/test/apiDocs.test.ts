import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteName } from '../../src/services/routes.ts';
import { routeTable } from '../http/routeTable.ts';
import { routeSummaries } from '../routes/apiDocs.ts';
import { call, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(async () => {
  await server?.close();
});

describe('GET /api/docs', () => {
  it('documents every route of the route table', () => {
    expect(Object.entries(routeSummaries).filter(([, summary]) => !summary.trim())).toEqual([]);
    expect(Object.keys(routeSummaries).sort()).toEqual(Object.keys(routes).sort());
  });

  it('serves an OpenAPI document with each route, who may call it, and the request schemas', async () => {
    const res = await call(server, 'GET', '/api/docs');
    expect(res.status).toBe(200);
    const { openapi, paths } = res.body;
    expect(openapi).toBe('3.1.0');
    const createUser = paths['/api/backoffice/management/create-user'].post;
    expect(createUser['x-access']).toEqual({ kind: 'verified', module: 'management-user', staffOnly: true });
    const body = createUser.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['type', 'role_id', 'name', 'email', 'password']));
    expect(body.additionalProperties).toBe(false);
    expect(paths['/api/backoffice/auth/login'].post.security).toEqual([]);
    expect(paths['/api/backoffice/transaction/finalized-transaction'].patch.description).toContain('SUPER ADMIN only');
    const list = paths['/api/backoffice/transaction/list'].get.parameters.map((p: { name: string }) => p.name);
    expect(list).toEqual(expect.arrayContaining(['start', 'end', 'status', 'client_id', 'page', 'limit']));
    expect(paths['/api/v1/notification/{id}/read'].patch.parameters[0]).toMatchObject({
      name: 'id',
      in: 'path',
      required: true,
    });
    const documented = Object.entries(paths).flatMap(([path, ops]) =>
      Object.keys(ops as object).map((m) => `${m.toUpperCase()} ${path}`),
    );
    // Exactly the table's routes, no more and no fewer: the document is the table.
    expect(documented.sort()).toEqual(
      Object.keys(routeTable)
        .map((key) => key.replace(/:(\w+)/g, '{$1}'))
        .sort(),
    );
  });

  it('declares no parameter that no value satisfies: an enum holds values of its own type, its default among them', async () => {
    const { paths } = (await call(server, 'GET', '/api/docs')).body;
    const contradictions: string[] = [];
    const typeOf = (value: unknown) => (typeof value === 'number' ? 'number' : typeof value);
    for (const [path, ops] of Object.entries(paths as Record<string, Record<string, { parameters?: any[] }>>))
      for (const [method, op] of Object.entries(ops))
        for (const { name, schema } of op.parameters ?? []) {
          if (!schema?.enum) continue;
          const where = `${method.toUpperCase()} ${path} ${name}`;
          if (schema.type && schema.enum.some((e: unknown) => typeOf(e) !== schema.type))
            contradictions.push(`${where}: type ${schema.type}, enum ${JSON.stringify(schema.enum)}`);
          if (schema.default !== undefined && !schema.enum.includes(schema.default))
            contradictions.push(`${where}: default ${JSON.stringify(schema.default)} not in its enum`);
        }
    expect(contradictions).toEqual([]);
  });

  it('documents every declared success answer: the envelope with its data (and meta), a download by its media type', async () => {
    const { paths } = (await call(server, 'GET', '/api/docs')).body;
    const undocumented: string[] = [];
    for (const [name, { method, path }] of Object.entries(routes) as Array<[RouteName, (typeof routes)[RouteName]]>) {
      const responses = paths[path.replace(/:(\w+)/g, '{$1}')][method.toLowerCase()].responses;
      const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      if (!success.length || success.some(([, r]) => !(r as { content?: object }).content)) undocumented.push(name);
      if (!responses['4XX']?.content?.['application/json']?.schema) undocumented.push(`${name} (failures)`);
    }
    expect(undocumented).toEqual([]);
    const users = paths['/api/backoffice/management/get-users'].get.responses[200].content['application/json'].schema;
    expect(users.required).toEqual(['status', 'message', 'data', 'meta']);
    expect(users.properties.data.items.required).toEqual(expect.arrayContaining(['id', 'email', 'type', 'client_id']));
    expect(users.properties.data.items.additionalProperties).toBe(false);
    const createUser = paths['/api/backoffice/management/create-user'].post.responses;
    expect(Object.keys(createUser)).toContain('201');
    const failed = createUser['4XX'].content['application/json'].schema;
    expect(failed.required).toEqual(['status', 'message', 'responseMessage', 'request_id']);
  });
});
