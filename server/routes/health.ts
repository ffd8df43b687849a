import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

export function healthRoutes({ database }: RouteDeps) {
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
  };
}
