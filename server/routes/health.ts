import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { readiness } from '../domain/readiness.ts';

/**
 * /healthz says the process answers and reaches its database (liveness: restart it when this fails).
 * /readyz says this node can take traffic now (a load balancer's check, issue 30): the database answers,
 * it holds every migration this build ships, and the job queue runs. 503 names the check that fails.
 */
export function healthRoutes({ database, jobs }: RouteDeps) {
  return async (app: FastifyInstance) => {
    app.get(routes.health.path, async (request, reply) => {
      try {
        await database.ping();
        return { status: 'success', message: 'OK', data: { database: database.kind } };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({
          status: 'failed',
          message: 'Database is not answering',
          responseMessage: 'Database is not answering',
        });
      }
    });

    app.get(routes.ready.path, async (request, reply) => {
      const answer = await readiness(database, jobs);
      if (answer.ready) return { status: 'success', message: 'Ready', data: answer.checks };
      const message = `Not ready: ${answer.failing}`;
      request.log.warn({ checks: answer.checks }, message);
      return reply.status(503).send({ status: 'failed', message, responseMessage: message, data: answer.checks });
    });
  };
}
