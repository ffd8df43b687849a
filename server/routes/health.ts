import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from './context.ts';

export function healthRoutes({ database }: RouteDeps) {
  return async (app: FastifyInstance) => {
    app.get('/healthz', async (request, reply) => {
      try {
        await database.ping();
        return { status: 'success', message: 'OK', data: { database: database.kind } };
      } catch (err) {
        request.log.error({ err }, 'health check failed');
        return reply.status(503).send({ status: 'failed', message: 'Database is not answering', responseMessage: 'Database is not answering' });
      }
    });
  };
}
