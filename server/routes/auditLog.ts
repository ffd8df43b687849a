import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Paged } from '../../src/services/paging.ts';
import {
  AUDIT_ITEMS_FILENAME,
  AuditLineParams,
  AuditLinePageQuery,
  AuditLogFilterQuery,
  AuditLogQuery,
  AuditPathQuery,
} from '../../src/services/auditLogRules.ts';
import { FILE_DOWNLOADED } from '../../src/services/successTexts.ts';
import {
  AUDIT_EXPORT_FILENAME,
  assertAuditExportable,
  auditFilterWhere,
  downloadAuditLog,
  listAuditLog,
} from '../domain/auditLog.ts';
import { auditChainHead, verifyAuditChain } from '../domain/auditChain.ts';
import { auditLineItems, downloadAuditLineItems } from '../domain/auditLineViews.ts';
import { entityPath } from '../domain/entityPath.ts';
import { auditLineJournal } from '../domain/ledgerViews.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { sendFileEnvelope } from '../http/fileEnvelope.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';

/** Issue 15: the audit log, its download and an entity's path; issue 28: its chain's check (SUPER ADMIN only). */
export function auditLogRoutes({ database, config }: RouteDeps) {
  const { db } = database;
  const tz = config.businessTimeZone;
  // A line's records and the journal entries it posted page alike: signed in, by the line's id, a page of rows.
  const linePage = async <T>(
    request: FastifyRequest,
    read: (on: typeof db, id: number, page: number, limit: number) => Promise<Paged<T>>,
  ) => {
    requireAuth(request);
    const { id } = parseInput(AuditLineParams, request.params);
    const { page, limit } = parseInput(AuditLinePageQuery, request.query);
    const { rows, meta } = await read(db, id, page, limit);
    return ok(rows, 'OK', meta);
  };
  return async (app: FastifyInstance) => {
    app.get(routes.auditLog.path, async (request) => {
      requireAuth(request);
      const { page, limit, ...filter } = parseInput(AuditLogQuery, request.query);
      const { rows, meta } = await listAuditLog(db, filter, page, limit, tz);
      // The chain's head beside every page (one row by its key): the screen shows it without a whole check.
      const head = await auditChainHead(db);
      return ok(rows, 'OK', { ...meta, chain_head: head?.hash ?? null });
    });

    // No automatic HEAD route: a HEAD would build a whole file only to throw it away.
    app.get(routes.auditLogDownload.path, { exposeHeadRoute: false }, async (request, reply) => {
      const { principal } = requireAuth(request);
      const filter = parseInput(AuditLogFilterQuery, request.query);
      const where = await auditFilterWhere(db, filter, tz);
      await assertAuditExportable(db, where);
      const file = await downloadAuditLog(db, principal, filter, where, tz, originOf(request));
      return sendFileEnvelope(reply, file, AUDIT_EXPORT_FILENAME, FILE_DOWNLOADED);
    });

    app.get(routes.auditPath.path, async (request) => {
      requireAuth(request);
      const q = parseInput(AuditPathQuery, request.query);
      return ok(await entityPath(db, q.object_type, q.object_id));
    });

    // Issue 43: a bulk line's records and the journal entries a line's action posted.
    app.get(routes.auditLineItems.path, async (request) => linePage(request, auditLineItems));

    app.get(routes.auditLineItemsDownload.path, { exposeHeadRoute: false }, async (request, reply) => {
      const { principal } = requireAuth(request);
      const { id } = parseInput(AuditLineParams, request.params);
      const file = await downloadAuditLineItems(db, principal, id, originOf(request));
      return sendFileEnvelope(reply, file, AUDIT_ITEMS_FILENAME, FILE_DOWNLOADED);
    });

    app.get(routes.auditLineJournal.path, async (request) => linePage(request, auditLineJournal));

    app.get(routes.auditLogVerify.path, async (request) => {
      requireAuth(request);
      return ok(await verifyAuditChain(db));
    });
  };
}
