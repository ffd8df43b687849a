import type { FastifyInstance } from 'fastify';
import { queueCallback } from '../domain/callbackJob.ts';
import {
  BulkProcessBody,
  CALLBACK_FAILED,
  CALLBACK_SENT,
  CorrelationBody,
  FinalizeBody,
  ResendCallbackBody,
  bulkPreviewMessage,
  bulkProcessedMessage,
} from '../../src/services/payinActions.ts';
import { TransactionListQuery, TransactionSummaryQuery } from '../../src/services/payinQuery.ts';
import {
  addToWithdrawable,
  bulkAddToWithdrawable,
  finalizeManually,
  generateInvoice,
  previewBulkAddToWithdrawable,
  refreshStatus,
  resendCallbacks,
} from '../domain/payinActions.ts';
import { scopedTransactionFilter } from '../domain/payinFilter.ts';
import { listTransactions, summarizeTransactions } from '../domain/paymentsList.ts';
import { announceCallback } from '../events/callbackEvents.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { replyHeld } from './heldReply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

export function paymentsListRoutes({ database, config, providerUrl, selfUrl, jobs, realtime }: RouteDeps) {
  const { db } = database;
  const tz = config.businessTimeZone;
  return async (app: FastifyInstance) => {
    app.get(routes.transactionList.path, async (request) => {
      const q = parseInput(TransactionListQuery, request.query);
      const { where } = await scopedTransactionFilter(db, requireAuth(request).principal, q, config.businessTimeZone);
      const { rows, meta } = await listTransactions(db, where, q.page, q.limit);
      return ok(rows, 'OK', meta);
    });

    app.get(routes.transactionSummary.path, async (request) => {
      const q = parseInput(TransactionSummaryQuery, request.query);
      const { where } = await scopedTransactionFilter(db, requireAuth(request).principal, q, config.businessTimeZone);
      return ok(await summarizeTransactions(db, where));
    });

    app.patch(routes.refreshTransactionStatus.path, async (request) => {
      const { correlation_id } = parseInput(CorrelationBody, request.body);
      const { paidNow, ...result } = await refreshStatus(
        db,
        requireAuth(request).principal,
        correlation_id,
        providerUrl,
        originOf(request),
      );
      if (paidNow) await queueCallback(jobs, correlation_id);
      return ok(result, result.message);
    });

    app.patch(routes.finalizeTransaction.path, async (request, reply) => {
      const body = parseInput(FinalizeBody, request.body);
      const result = await finalizeManually(db, requireAuth(request).principal, body, tz, originOf(request));
      // Held for a second SUPER ADMIN (issue 25): nothing changed yet.
      if ('approval_id' in result) return replyHeld(reply, realtime, result);
      // The merchant is told it was paid, by a job that retries (and leaves a work order when it cannot).
      await queueCallback(jobs, body.correlation_id);
      return ok(result, msg({ defaultMessage: 'Transaction has been finalized', id: 'aJuksF' }));
    });

    app.patch(routes.addToWithdrawable.path, async (request) => {
      const { correlation_id } = parseInput(CorrelationBody, request.body);
      await addToWithdrawable(db, requireAuth(request).principal, correlation_id, originOf(request));
      return ok(undefined, msg({ defaultMessage: 'Transaction has been added to withdrawable balance', id: 'SFAjKn' }));
    });

    // Two steps (issue 25): dry_run says what would move; the apply names what the person saw.
    app.patch(routes.processTransactions.path, async (request, reply) => {
      const { dry_run, expected_count, expected_amount, ...filter } = parseInput(BulkProcessBody, request.body);
      const { principal } = requireAuth(request);
      if (dry_run) {
        const preview = await previewBulkAddToWithdrawable(db, principal, filter, tz);
        return ok(preview, bulkPreviewMessage(preview.count));
      }
      // The schema refuses an apply without both expectations.
      const expected = { count: expected_count!, amount: expected_amount! };
      const result = await bulkAddToWithdrawable(db, principal, filter, expected, tz, originOf(request));
      if ('approval_id' in result) return replyHeld(reply, realtime, result);
      return ok(result, bulkProcessedMessage(result));
    });

    app.post(routes.generateInvoice.path, async (request) => {
      const { correlation_id } = parseInput(CorrelationBody, request.body);
      return ok(
        await generateInvoice(db, requireAuth(request).principal, correlation_id),
        msg({ defaultMessage: 'Invoice Have Been Generated', id: '9GRWdS' }),
      );
    });

    app.post(routes.resendCallback.path, async (request, reply) => {
      const { correlation_id } = parseInput(ResendCallbackBody, request.body);
      const result = await resendCallbacks(
        db,
        requireAuth(request).principal,
        correlation_id,
        selfUrl(),
        originOf(request),
        { production: config.production, onChanged: (changed) => announceCallback(realtime, changed) },
      );
      if (result.failed > 0)
        return reply
          .status(502)
          .send({ status: 'failed', message: CALLBACK_FAILED, responseMessage: CALLBACK_FAILED, data: result });
      return ok(result, CALLBACK_SENT);
    });
  };
}
