import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { Database } from '../domain/database.ts';
import type { Realtime } from '../events/realtime.ts';
import type { JobQueue } from '../queue/jobQueue.ts';
import type { OutboxPublisher } from '../events/outboxPublisher.ts';

/** What every route plugin is handed by buildApp. */
export interface RouteDeps {
  database: Database;
  config: Config;
  realtime: Realtime;
  /** Base URL of the payment channels' status API (the simulator unless configured). */
  providerUrl: string;
  /** This server's own loopback address, for demo merchants' callback URLs. */
  selfUrl: () => string;
  /** pg-boss on the same database, for slow work such as e-mailed exports. */
  jobs: JobQueue;
  /** Publishes committed work orders; kick it after a write made outside a request (a job). */
  outbox: OutboxPublisher;
}

export const originOf = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  sessionId: request.auth?.sessionId,
});

export const API = '/api/backoffice';
