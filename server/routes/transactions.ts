import type { FastifyInstance } from 'fastify';
import { TransactionListQuery, TransactionSummaryQuery } from '../../src/services/transactionQuery.ts';
import { scopedTransactionFilter } from '../domain/transactionFilter.ts';
import { listTransactions, summarizeTransactions } from '../domain/transactionList.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { API, type RouteDeps } from './context.ts';

export function transactionRoutes({ database, config }: RouteDeps) {
  const { db } = database;
  const payments = { config: { access: { kind: 'verified' as const, module: 'transactions' } } };
  return async (app: FastifyInstance) => {
    app.get(`${API}/transaction/list`, payments, async (request) => {
      const q = parseInput(TransactionListQuery, request.query);
      const { where } = await scopedTransactionFilter(db, requireAuth(request).principal, q, config.businessTimeZone);
      const { rows, meta } = await listTransactions(db, where, q.page, q.limit);
      return ok(rows, 'OK', meta as unknown as Record<string, unknown>);
    });

    app.get(`${API}/transaction/summary`, payments, async (request) => {
      const q = parseInput(TransactionSummaryQuery, request.query);
      const { where } = await scopedTransactionFilter(db, requireAuth(request).principal, q, config.businessTimeZone);
      return ok(await summarizeTransactions(db, where));
    });
  };
}
