import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * Issue 30: every answer names its request (`x-request-id`), every log line carries the same id
 * (`request_id`) and so does every error envelope, so that a person's screenshot of an error leads to
 * its lines in the log. A proxy's or caller's own id is kept when it is a plain token; anything else
 * (too long, spaces, control characters that could forge log lines) is replaced by a fresh one.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_ID = /^[A-Za-z0-9._:-]{1,100}$/;

/** Fastify's genReqId. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && SAFE_ID.test(given) ? given : randomUUID();
}

const isFailure = (payload: unknown): payload is Record<string, unknown> =>
  typeof payload === 'object' && payload !== null && (payload as { status?: unknown }).status === 'failed';

export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  // Every envelope that says 'failed', wherever it was sent from (the error handler, a route, a health check).
  app.addHook('preSerialization', async (request, _reply, payload) =>
    isFailure(payload) ? { ...payload, request_id: request.id } : payload,
  );
}
