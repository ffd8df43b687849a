import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import { Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from '../db/connect.ts';
import type { SessionLimits } from '../domain/sessions.ts';
import { CALLBACK_OUTCOMES } from '../../src/services/callbackRules.ts';
import { CALLBACK_QUEUE } from '../domain/callbackJob.ts';
import { readsMetrics } from '../domain/grants.ts';
import { operationalFigures } from '../domain/operationalFigures.ts';
import type { Realtime } from '../events/realtime.ts';
import { uploadPoolLoad } from '../uploads/sheetReader.ts';
import { authenticateToken, bearerToken } from './access.ts';
import { msg } from '../../src/i18n/msg.ts';

export const METRICS_PATH = '/metrics';

interface MetricsDeps {
  database: Database;
  realtime: Realtime;
  limits: SessionLimits;
  metricsToken: string | null;
}

const sameSecret = (given: string, expected: string) =>
  given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));

/** A scraper with METRICS_TOKEN, or a SUPER ADMIN past the OTP step: 'ok'; else 401 (no one) or 403. */
async function scraperOf(request: FastifyRequest, deps: MetricsDeps): Promise<'ok' | 401 | 403> {
  const token = bearerToken(request);
  if (!token) return 401;
  if (deps.metricsToken && sameSecret(token, deps.metricsToken)) return 'ok';
  const auth = await authenticateToken(deps.database, deps.limits, token);
  if (!auth) return 401;
  return auth.otpVerified && readsMetrics(auth.principal) ? 'ok' : 403;
}

/**
 * Issue 30: /metrics in Prometheus' text format, for operators, never public. Outside the route table
 * on purpose: its caller is a scraper with its own token as often as a person, and it is not part of
 * the API a client is generated from (as /healthz and /readyz are not).
 */
export function registerMetrics(app: FastifyInstance, deps: MetricsDeps): void {
  // One registry per app: two nodes in one test process keep their own figures.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];

  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, from the first byte in to the last byte out',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the URL: ids and queries would make a series per request.
    const route = request.routeOptions.url ?? 'unmatched';
    durations.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
  });

  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections in use and callers waiting for one (0 on embedded PGlite)',
    labelNames: ['state'],
    registers,
    collect() {
      const pool = deps.database.kind === 'postgres' ? (deps.database.db.$client as unknown as pg.Pool) : null;
      this.set({ state: 'in_use' }, pool ? pool.totalCount - pool.idleCount : 0);
      this.set({ state: 'waiting' }, pool ? pool.waitingCount : 0);
    },
  });
  new Gauge({
    name: 'upload_pool_files',
    help: 'Uploaded spreadsheets being read in the worker pool, and those waiting for a free thread',
    labelNames: ['state'],
    registers,
    collect() {
      const load = uploadPoolLoad();
      this.set({ state: 'busy' }, load.busy);
      this.set({ state: 'queued' }, load.queued);
    },
  });
  new Gauge({
    name: 'socket_connections',
    help: 'socket.io connections to this node',
    registers,
    collect() {
      this.set(deps.realtime.connected());
    },
  });

  // The database's figures, read once per scrape by the first gauge that needs them.
  let figures: ReturnType<typeof operationalFigures> | null = null;
  const read = () => (figures ??= operationalFigures(deps.database.db));
  new Gauge({
    name: 'job_queue_jobs',
    help: 'pg-boss jobs per queue and state (created and retry wait; active run; failed ran out of attempts)',
    labelNames: ['queue', 'state'],
    registers,
    async collect() {
      this.reset();
      for (const { queue, state, count } of (await read()).jobs) this.set({ queue, state }, count);
    },
  });
  new Gauge({
    name: 'outbox_waiting_rows',
    help: 'Work-order notifications committed but not yet published to sockets',
    registers,
    async collect() {
      this.set((await read()).outboxWaiting);
    },
  });
  new Gauge({
    name: 'outbox_oldest_waiting_seconds',
    help: "The oldest unpublished outbox row's age (0 when none waits)",
    registers,
    async collect() {
      this.set((await read()).outboxOldestSeconds);
    },
  });
  new Gauge({
    name: 'settlement_runs_in_progress',
    help: 'Settlement runs under way',
    registers,
    async collect() {
      this.set((await read()).settlementsRunning);
    },
  });
  new Gauge({
    name: 'callback_deliveries',
    help: "Merchant callbacks by their latest attempt's outcome (delivered, failing with a retry due, gave_up)",
    labelNames: ['outcome'],
    registers,
    async collect() {
      const counts = new Map((await read()).callbackDeliveries.map((d) => [d.outcome, d.count]));
      for (const outcome of CALLBACK_OUTCOMES) this.set({ outcome }, counts.get(outcome) ?? 0);
    },
  });
  new Gauge({
    name: 'callback_retry_queue_depth',
    help: 'Merchant callbacks waiting in pg-boss for a retry after a failed attempt',
    registers,
    async collect() {
      const retries = (await read()).jobs.find((j) => j.queue === CALLBACK_QUEUE && j.state === 'retry');
      this.set(retries?.count ?? 0);
    },
  });
  app.get(METRICS_PATH, async (request, reply) => {
    const who = await scraperOf(request, deps);
    if (who !== 'ok') {
      const message =
        who === 401
          ? msg({ defaultMessage: 'A SUPER ADMIN or the metrics token is needed', id: '0ZcWOa' })
          : msg({ defaultMessage: 'You are not allowed to do this.', id: 'mmkdoV' });
      return reply.status(who).send({ status: 'failed', message, responseMessage: message });
    }
    figures = null;
    try {
      const text = await registry.metrics();
      return reply.type(registry.contentType).send(text);
    } finally {
      figures = null;
    }
  });
}
