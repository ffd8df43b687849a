import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyInstance, type FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import type { Config } from './config.ts';
import type { Database } from './db/connect.ts';
import { attachRealtime, type Realtime } from './events/realtime.ts';
import { startOutboxPublisher, type OutboxPublisher } from './events/outboxPublisher.ts';
import { startEmailExportWorker } from './domain/exportJobs.ts';
import { startSettlementWorker } from './domain/settlementJob.ts';
import { startCallbackWorker } from './domain/callbackJob.ts';
import { startApprovalExpiry } from './domain/approvalJob.ts';
import { configureApprovals } from './domain/approvalHold.ts';
import { announceApproval } from './events/approvalEvents.ts';
import { announceBalance } from './events/balanceEvents.ts';
import { announceCallback } from './events/callbackEvents.ts';
import { SETTLEMENT_PROGRESS_EVENT } from '../src/services/settlementRules.ts';
import { registerAccessControl } from './http/access.ts';
import { registerAccessLog } from './http/accessLog.ts';
import { answerClientError } from './http/clientError.ts';
import { registerErrorHandling } from './http/errorHandler.ts';
import { registerLanguage } from './http/language.ts';
import { REQUEST_ID_HEADER, registerRequestId, requestIdOf } from './http/requestId.ts';
import { registerMetrics } from './http/metrics.ts';
import { registerRequestGuards } from './http/requestGuards.ts';
import { registerResponseSchemas } from './http/responseSchemas.ts';
import { registerSecurityHeaders } from './http/securityHeaders.ts';
import { registerAppConfig } from './http/appConfig.ts';
import { registerWebApp } from './http/webApp.ts';
import { closeSheetReader, configureSheetReader } from './uploads/sheetReader.ts';
import { createMailer } from './mail/mailer.ts';
import { startProviderSimulator } from './providers/simulator.ts';
import { startJobQueue, type JobQueue } from './queue/jobQueue.ts';
import { callbackEndpointRoutes } from './routes/callbackEndpoint.ts';
import { demoMerchantRoutes } from './routes/demoMerchant.ts';
import { disbursementListRoutes } from './routes/disbursementList.ts';
import { disbursementVoidRoutes } from './routes/disbursementVoid.ts';
import { disbursementAccountRoutes } from './routes/disbursementAccount.ts';
import { masterBalanceRoutes } from './routes/masterBalance.ts';
import { reconciliationRoutes } from './routes/reconciliation.ts';
import { settlementRoutes } from './routes/settlement.ts';
import { auditLogRoutes } from './routes/auditLog.ts';
import { approvalRoutes } from './routes/approvals.ts';
import { ledgerRoutes } from './routes/ledger.ts';
import { authenticationRoutes } from './routes/authentication.ts';
import { withdrawalRoutes } from './routes/withdrawals.ts';
import type { RouteDeps } from './routes/context.ts';
import { healthRoutes } from './routes/health.ts';
import { apiDocsRoutes } from './routes/apiDocs.ts';
import { listExportRoutes } from './routes/listExport.ts';
import { managementRoutes } from './routes/management.ts';
import { optionsRoutes } from './routes/options.ts';
import { overviewRoutes } from './routes/overview.ts';
import { workOrderRoutes } from './routes/workOrders.ts';
import { paymentsListRoutes } from './routes/paymentsList.ts';
import { callbackLogRoutes } from './routes/callbackLog.ts';
import { twoFactorRoutes } from './routes/twoFactor.ts';
import { recoveryCodeRoutes } from './routes/recoveryCodes.ts';
import { savedViewRoutes } from './routes/savedViews.ts';
import { sessionRoutes } from './routes/sessions.ts';
import { userLanguageRoutes } from './routes/userLanguage.ts';
import { msg } from '../src/i18n/msg.ts';

const defaultWebRoot = fileURLToPath(new URL('../dist', import.meta.url));

export interface App {
  app: FastifyInstance;
  realtime: Realtime;
  outbox: OutboxPublisher;
  jobs: JobQueue;
}

/**
 * Builds the whole server (API, socket.io, the built web app) without listening. `observe` adds
 * hooks before any route exists (hooks added later miss the routes): the tests' traffic check.
 */
export async function buildApp(
  database: Database,
  config: Config,
  options: {
    // Where log lines go instead of standard output (a test reads them).
    logStream?: { write(line: string): void };
    observe?: (app: FastifyInstance) => void;
  } = {},
): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1_048_576,
    genReqId: requestIdOf,
    // Fastify's own two lines per request are off: registerAccessLog writes one instead, and none when it is off.
    logController: new LogController({ requestIdLogLabel: 'request_id', disableRequestLogging: true }),
    // Requests Node's HTTP parser refuses (headers too large, control characters in a header) leave as the envelope too.
    clientErrorHandler: answerClientError,
    // Errors the router raises before any route (a path that is not valid UTF-8) still leave as the envelope.
    frameworkErrors: (error, request, reply) => {
      const message = msg({ defaultMessage: 'The address is not valid', id: 'potf7y' });
      const status: number = typeof error.statusCode === 'number' && error.statusCode < 500 ? error.statusCode : 400;
      void (reply as FastifyReply)
        .status(status)
        .header(REQUEST_ID_HEADER, request.id)
        .send({ status: 'failed', message, responseMessage: message, request_id: request.id });
    },
  });
  const limits = { idleMs: config.sessionIdleMs, maxMs: config.sessionMaxMs };
  const realtime = attachRealtime(app.server, database, limits, config);
  // Before the requests in flight are waited for: browsers reconnect to another node at once, and an
  // upgraded socket would otherwise hold the HTTP server open.
  app.addHook('preClose', async () => {
    await realtime.close();
  });
  // Work orders commit in the outbox with their cause; after any write, publish what committed.
  const outbox = startOutboxPublisher(database.db, realtime, {
    sweepMs: 1_000,
    onError: (error) => app.log.error({ err: error }, 'outbox publish failed'),
  });
  app.addHook('onResponse', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') outbox.kick();
  });
  app.addHook('onClose', async () => {
    await outbox.stop();
  });

  const webRoot = config.webRoot ?? defaultWebRoot;
  const serveWeb = existsSync(webRoot);
  registerRequestId(app);
  registerLanguage(app);
  registerAccessLog(app, { enabled: config.accessLog });
  registerResponseSchemas(app);
  registerMetrics(app, { database, realtime, limits, metricsToken: config.metricsToken });
  registerErrorHandling(app, { spaFallback: serveWeb });
  registerRequestGuards(app);
  registerAccessControl(app, database, limits, config);
  await registerSecurityHeaders(app);
  // One multipart parser for every upload route; each route reads its parts within its own limits.
  await app.register(multipart);
  configureSheetReader({ timeoutMs: config.uploadReadSeconds * 1000 });
  app.addHook('onClose', async () => {
    await closeSheetReader();
  });

  const simulator = config.providerBaseUrl ? null : await startProviderSimulator();
  app.addHook('onClose', async () => {
    await simulator?.close();
  });
  const selfUrl = () => {
    const address = app.server.address();
    return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : config.port}`;
  };
  const jobs = await startJobQueue(database, (error) => app.log.error({ err: error }, 'job queue error'), {
    maintenanceSeconds: config.jobMaintenanceSeconds,
  });
  const mailer = createMailer(config);
  // The queue stops first: it waits for a job under way, which may still be sending mail.
  app.addHook('onClose', async () => {
    await jobs.stop();
    mailer.close();
  });
  await startEmailExportWorker(jobs, { db: database.db, config, mailer });
  await startCallbackWorker({
    db: database.db,
    jobs,
    selfUrl,
    retryDelaySeconds: config.callbackRetrySeconds,
    production: config.production,
    onWorkOrder: () => outbox.kick(),
    onCallbackChanged: (changed) => announceCallback(realtime, changed),
  });
  configureApprovals({ expireHours: config.approvalExpireHours });
  const approvalExpiry = await startApprovalExpiry({
    db: database.db,
    jobs,
    everyMs: 60_000,
    onError: (error) => app.log.error({ err: error }, 'approval expiry not queued'),
    onExpired: (ids) => {
      outbox.kick();
      for (const id of ids) announceApproval(realtime, id, 'EXPIRED');
    },
  });
  app.addHook('onClose', async () => {
    approvalExpiry.stop();
  });
  await startSettlementWorker({
    db: database.db,
    jobs,
    batchSize: config.settlementBatchSize,
    lanes: config.settlementLanes,
    sliceMs: config.settlementSliceSeconds * 1000,
    expireSeconds: config.settlementJobExpireSeconds,
    onProgress: (run) => {
      realtime.emitToSettlers(SETTLEMENT_PROGRESS_EVENT, run);
      // A failed run left a work order for the SUPER ADMINs in its last transaction.
      if (run.status === 'failed') outbox.kick();
    },
    onBalancesMoved: (clientIds) => {
      for (const id of clientIds) announceBalance(realtime, id);
    },
  });
  const deps: RouteDeps = {
    database,
    config,
    realtime,
    providerUrl: config.providerBaseUrl ?? simulator!.url,
    selfUrl,
    jobs,
    outbox,
  };
  // After every other hook: an observer sees each answer as it leaves (the request id added).
  options.observe?.(app);
  await app.register(healthRoutes(deps));
  await app.register(authenticationRoutes(deps));
  await app.register(twoFactorRoutes(deps));
  await app.register(sessionRoutes(deps));
  await app.register(userLanguageRoutes(deps));
  await app.register(recoveryCodeRoutes(deps));
  await app.register(optionsRoutes(deps));
  await app.register(overviewRoutes(deps));
  await app.register(workOrderRoutes(deps));
  await app.register(withdrawalRoutes(deps));
  await app.register(paymentsListRoutes(deps));
  await app.register(callbackLogRoutes(deps));
  await app.register(listExportRoutes('transactions', deps));
  await app.register(disbursementListRoutes(deps));
  await app.register(listExportRoutes('disbursements', deps));
  await app.register(disbursementVoidRoutes(deps));
  await app.register(demoMerchantRoutes(deps));
  await app.register(callbackEndpointRoutes(deps));
  await app.register(reconciliationRoutes(deps));
  await app.register(managementRoutes(deps));
  await app.register(disbursementAccountRoutes(deps));
  await app.register(masterBalanceRoutes(deps));
  await app.register(settlementRoutes(deps));
  await app.register(auditLogRoutes(deps));
  await app.register(approvalRoutes(deps));
  await app.register(ledgerRoutes(deps));
  await app.register(savedViewRoutes(deps));
  await app.register(apiDocsRoutes());

  registerAppConfig(app, config);
  if (serveWeb) await registerWebApp(app, webRoot);
  return { app, realtime, outbox, jobs };
}
