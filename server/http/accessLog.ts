import type { FastifyInstance } from 'fastify';

const INFO_OR_FINER = ['info', 'debug', 'trace'];

/**
 * One access line per answered request: method, address, status and time, with the request id that
 * every line of the request carries. It replaces Fastify's own two lines ("incoming request",
 * "request completed"), which are turned off (`disableRequestLogging`). When access logging is off,
 * or the log level is above info, no hook is registered: an unlogged request does no logging work.
 */
export function registerAccessLog(app: FastifyInstance, options: { enabled: boolean }): void {
  if (!options.enabled || !INFO_OR_FINER.includes(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      { method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) },
      'request',
    );
    done();
  });
}
