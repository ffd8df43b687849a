import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ClientFilterQuery, WithdrawalHistoryQuery } from '../../src/services/listQuery.ts';
import { AddWithdrawalBody, UpdateWithdrawalBody } from '../../src/services/withdrawalRules.ts';
import { WITHDRAWAL_SUBMITTED } from '../../src/services/successTexts.ts';
import { clientsForFilter } from '../domain/clientScope.ts';
import { announceBalance as announce } from '../events/balanceEvents.ts';
import { clientBalances } from '../domain/ledger.ts';
import { decideWithdrawal, requestWithdrawal, summaryOf, withdrawalHistory } from '../domain/withdrawals.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { replyHeld } from './heldReply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

const IdempotencyKey = v.optional(
  v.pipe(v.string(), v.regex(/^[\w-]{8,100}$/, 'Idempotency-Key must be 8 to 100 letters, digits, - or _')),
);

/**
 * The withdrawal request's routes (history, request, decision), and the balance read the Payments Balance page
 * shows above them.
 */
export function withdrawalRoutes({ database, config, realtime }: RouteDeps) {
  const { db } = database;
  const announceBalance = (clientId: number) => announce(realtime, clientId);
  return async (app: FastifyInstance) => {
    // The spec names the same read twice (current-balance and account-summary): one handler answers both.
    const balances = async (request: FastifyRequest) => {
      const { principal } = requireAuth(request);
      const { client_filter } = parseInput(ClientFilterQuery, request.query);
      return ok(summaryOf(await clientBalances(db, await clientsForFilter(db, principal, client_filter))));
    };
    app.get(routes.currentBalance.path, balances);
    app.get(routes.accountSummary.path, balances);

    app.get(routes.withdrawalHistory.path, async (request) => {
      const { principal } = requireAuth(request);
      const q = parseInput(WithdrawalHistoryQuery, request.query);
      const { rows, meta } = await withdrawalHistory(db, {
        // Empty or absent: every client the caller may see (issue 45), a client user's own alone.
        clientIds: await clientsForFilter(db, principal, q.client_filter === '' ? undefined : q.client_filter),
        status: q.status || undefined,
        start: q.start,
        end: q.end,
        page: q.page,
        limit: q.limit,
        order: q.order.toLowerCase() as 'asc' | 'desc',
        by: q.by,
        timeZone: config.businessTimeZone,
      });
      return ok(rows, 'OK', meta);
    });

    app.post(routes.addWithdrawal.path, async (request, reply) => {
      const auth = requireAuth(request);
      const body = parseInput(AddWithdrawalBody, request.body);
      const header = request.headers['idempotency-key'];
      const key = header === undefined ? null : (parseInput(IdempotencyKey, header) ?? null);
      const answer = await requestWithdrawal(db, auth.principal, body, key, originOf(request));
      // A replay answers exactly as the first request was answered; the header tells them apart.
      if (answer.replayed) reply.header('Idempotent-Replayed', 'true');
      // Held for a second SUPER ADMIN (issue 25): nothing moved.
      if ('held' in answer) {
        return replyHeld(reply, realtime, answer.held, !answer.replayed);
      }
      if (!answer.replayed) announceBalance(answer.row.client_id);
      return reply.status(201).send(ok(answer.row, WITHDRAWAL_SUBMITTED));
    });

    app.patch(routes.updateWithdrawal.path, async (request) => {
      const auth = requireAuth(request);
      const body = parseInput(UpdateWithdrawalBody, request.body);
      const row = await decideWithdrawal(db, auth.principal, body.uuid, body.status, originOf(request));
      announceBalance(row.client_id);
      return ok(
        row,
        body.status === 'COMPLETED'
          ? msg({ defaultMessage: 'Withdrawal has been completed', id: 'rQcZ3R' })
          : msg({ defaultMessage: 'Withdrawal has been rejected', id: 'OaGXPu' }),
      );
    });
  };
}
