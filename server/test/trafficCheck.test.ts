import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/services/routes.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { trafficCheck } from './trafficCheck.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: false });
});
afterAll(async () => {
  await server?.close();
});

describe("the suite's traffic is checked against /api/docs", () => {
  it('reports an answer with a property its schema does not name, with the route, the status and why', () => {
    const answer = { status: 'success', message: 'OK', data: { database: 'pglite', extra: true } };
    expect(server.traffic.answerViolations('GET', routes.health.path, 200, answer)).toEqual([
      'GET /healthz 200: answer /data must NOT have additional properties',
    ]);
  });

  it('reports a wrong type, a missing property and an undocumented status', () => {
    const [wrong] = server.traffic.answerViolations('GET', routes.health.path, 200, {
      status: 'success',
      message: 'OK',
      data: { database: 1 },
    });
    expect(wrong).toBe('GET /healthz 200: answer /data/database must be string');
    const [missing] = server.traffic.answerViolations('GET', routes.health.path, 503, {
      status: 'failed',
      message: 'Database is not answering',
      responseMessage: 'Database is not answering',
    });
    expect(missing).toBe("GET /healthz 503: answer (whole) must have required property 'request_id'");
    expect(server.traffic.answerViolations('GET', routes.health.path, 204, {})).toEqual([
      'GET /healthz 204: the status is not documented',
    ]);
  });

  it('records a request the documents do not allow, answered 2xx, as the server sees it', async () => {
    expect((await call(server, 'GET', '/healthz?verbose=1')).status).toBe(200);
    const found = server.traffic.violations.splice(0);
    expect(found).toEqual(['GET /healthz query (whole) must NOT have additional properties (answered 200)']);
  });

  it('reports an answer the serializer changed on the way out (a serializer schema that forgot a property)', async () => {
    const traffic = trafficCheck();
    const app = Fastify();
    traffic.observe(app);
    const forgetful = { type: 'object', properties: { status: { type: 'string' }, message: { type: 'string' } } };
    app.get(routes.health.path, { schema: { response: { 200: forgetful } } }, async () => ({
      status: 'success',
      message: 'OK',
      data: { database: 'pglite' },
    }));
    const sent = await app.inject({ method: 'GET', url: routes.health.path });
    await app.close();
    expect(sent.json()).toEqual({ status: 'success', message: 'OK' });
    expect(traffic.violations).toEqual([
      'GET /healthz 200: the serializer changed the answer: sent {"status":"success","message":"OK"}',
    ]);
  });
});
