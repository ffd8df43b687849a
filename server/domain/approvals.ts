import { and, count, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nextApprovalStatus } from '../../src/machines/lifecycle/approvalLifecycle.ts';
import {
  APPROVAL_CANCEL_REFUSED,
  holdsActionModule,
  APPROVAL_INVALID_STATUS,
  APPROVAL_SELF_REFUSED,
  type ApprovalAction,
  type ApprovalDecision,
  type ApprovalDecisionBody,
  type ApprovalRow,
  type ApprovalStatus,
} from '../../src/services/approvalRules.ts';
import type { Db } from '../db/connect.ts';
import { approvalRequests, clients, users } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit, auditBy, type AuditEntry } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { applyAdjustment } from './masterBalance.ts';
import { conflict, notAllowed, notFound } from './errors.ts';
import { pageMeta } from './paging.ts';
import type { Principal } from './principal.ts';
import { readsAsSuperAdmin } from '../../src/services/schemas.ts';
import { applyHeldBulk, applyHeldFinalize, type HeldBulk } from './payinActions.ts';
import { applyHeldVoid, type HeldVoid } from './disbursementVoid.ts';
import { applyWithdrawalRequest, type HeldWithdrawalRequest } from './withdrawals.ts';
import { decidedBy, resolveWorkOrders } from './workOrders.ts';
import type { Paged } from '../../src/services/paging.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Dual control (issue 25), the deciding side: list the requests, decide one (applying its movement
 * in the same transaction as the decision, with every rule checked again at that moment), and
 * expire the old ones. The maker's side (policy, holding) is approvalHold.ts.
 */

type ApprovalRecord = typeof approvalRequests.$inferSelect;
interface Person {
  id: number;
  name: string;
  email: string;
}

/**
 * What applying a request moved: the clients whose balances changed (for the live figures) and the
 * pay-ins it finalized (whose merchants are told, by the callback job, after commit).
 */
export interface Applied {
  clientIds: number[];
  finalizedPayins?: string[];
}

/**
 * Applies an approved request's movement inside the decision's transaction, the request row locked.
 * It checks every rule again now; a broken one throws (422) and the whole decision rolls back, so
 * nothing moves and the request stays PENDING_APPROVAL.
 */
export type Applier = (
  tx: Db,
  request: ApprovalRecord,
  people: { maker: Person; checker: Principal },
  origin: RequestOrigin,
) => Promise<Applied>;

/** One applier per action: how an approved request's movement is applied. */
export const approvalAppliers: Readonly<Record<ApprovalAction, Applier>> = {
  'balance-adjustment': async (tx, request, { maker, checker }, origin) => {
    const payload = request.payload as { client_id: number; amount: number };
    await applyAdjustment(tx, payload.client_id, payload.amount, { maker, checker, approvalId: request.id }, origin);
    return { clientIds: [payload.client_id] };
  },
  withdrawal: async (tx, request, { maker, checker }, origin) => {
    const payload = request.payload as {
      client_id: number;
      request: HeldWithdrawalRequest;
      idempotency_key: string | null;
      request_hash: string | null;
    };
    await applyWithdrawalRequest(tx, maker, payload.client_id, payload.request, {
      idempotencyKey: payload.idempotency_key,
      requestHash: payload.request_hash,
      origin,
      checker,
      approvalId: request.id,
    });
    return { clientIds: [payload.client_id] };
  },
  'manual-finalize': async (tx, request, { maker, checker }, origin) => {
    const payload = request.payload as { correlation_id: string; rrn: string; paid_at: string };
    const done = await applyHeldFinalize(
      tx,
      { maker, checker },
      payload,
      { id: request.id, requestedAt: request.createdAt },
      origin,
    );
    return { clientIds: [done.clientId], finalizedPayins: [done.correlationId] };
  },
  'void-upload': async (tx, request, { maker, checker }, origin) =>
    applyHeldVoid(
      tx,
      { maker, checker },
      request.payload as unknown as HeldVoid,
      { id: request.id, requestedAt: request.createdAt },
      origin,
    ),
  'bulk-withdrawable': async (tx, request, { maker, checker }, origin) =>
    applyHeldBulk(tx, { maker, checker }, request.payload as unknown as HeldBulk, request.id, origin),
};

const maker = alias(users, 'maker');
const checker = alias(users, 'checker');

const rowColumns = {
  r: approvalRequests,
  makerName: maker.name,
  makerEmail: maker.email,
  checkerName: checker.name,
  clientName: clients.clientName,
};

function toRow(x: {
  r: ApprovalRecord;
  makerName: string;
  makerEmail: string;
  checkerName: string | null;
  clientName: string | null;
}): ApprovalRow {
  const { r } = x;
  return {
    id: r.id,
    action: r.action,
    status: r.status,
    maker_id: r.makerId,
    maker_name: x.makerName,
    maker_email: x.makerEmail,
    checker_id: r.checkerId,
    checker_name: x.checkerName,
    client_id: r.clientId,
    client_name: x.clientName,
    amount: r.amount,
    before: r.before,
    after: r.after,
    summary: r.summary,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    decided_at: r.decidedAt?.toISOString() ?? null,
    expires_at: r.expiresAt.toISOString(),
  };
}

const selectRows = (db: Db) =>
  db
    .select(rowColumns)
    .from(approvalRequests)
    .innerJoin(maker, eq(maker.id, approvalRequests.makerId))
    .leftJoin(checker, eq(checker.id, approvalRequests.checkerId))
    .leftJoin(clients, eq(clients.id, approvalRequests.clientId));

/**
 * The requests a user may see (issue 42): a SUPER ADMIN (and an AUDITOR, who reads as one) sees every
 * request; anyone else, who can only be a maker, sees their own, to follow and cancel them. Outside it a
 * request is not found, as a client's record is outside the client's scope.
 */
export const approvalScope = (principal: Principal): SQL | undefined =>
  readsAsSuperAdmin(principal.type) ? undefined : eq(approvalRequests.makerId, principal.id);

export async function approvalRow(db: Db, id: number, principal: Principal): Promise<ApprovalRow> {
  const [row] = await selectRows(db).where(and(eq(approvalRequests.id, id), approvalScope(principal)));
  if (!row) throw notFound(msg({ defaultMessage: 'Approval request not found', id: 'qK6vpx' }));
  return toRow(row);
}

/** GET approvals: newest first, optionally one status, paged. */
export async function listApprovals(
  db: Db,
  principal: Principal,
  q: { status?: ApprovalStatus; page: number; limit: number },
): Promise<Paged<ApprovalRow>> {
  const where = and(q.status ? eq(approvalRequests.status, q.status) : undefined, approvalScope(principal));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(approvalRequests).where(where),
    selectRows(db)
      .where(where)
      .orderBy(desc(approvalRequests.createdAt), desc(approvalRequests.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
  ]);
  return { rows: rows.map(toRow), meta: pageMeta(q.page, q.limit, total) };
}

/** What a decided request's work order says once resolved: the decision, then who took it. */
const APPROVAL_OUTCOMES: Readonly<Record<ApprovalDecision, string>> = {
  APPROVE: msg({ defaultMessage: 'Approved', id: 'WAlFC4', description: "a work order's outcome" }),
  DECLINE: msg({ defaultMessage: 'Declined', id: '68Myb6', description: "a work order's outcome" }),
  CANCEL: msg({ defaultMessage: 'Cancelled', id: 'kIXo3D', description: "a work order's outcome" }),
};
/** No one decided in time: the expiry job (the lifecycle's SYSTEM) resolved it. */
const APPROVAL_EXPIRED_OUTCOME = msg({ defaultMessage: 'Expired: no SUPER ADMIN decided in time', id: 'sY+Dxj' });

/** Why the lifecycle refused this decision, in the contract's words. */
function refusal(current: ApprovalRecord, decision: ApprovalDecisionBody['decision'], isMaker: boolean) {
  if (decision !== 'CANCEL' && isMaker) return notAllowed(APPROVAL_SELF_REFUSED);
  if (decision === 'CANCEL' && !isMaker) return notAllowed(APPROVAL_CANCEL_REFUSED);
  if (current.status !== 'PENDING_APPROVAL') return conflict(APPROVAL_INVALID_STATUS);
  return notAllowed();
}

/** What an approval's audit line keeps of a status change: the statuses, the action and its amount. */
const statusChange = (r: ApprovalRecord, next: ApprovalStatus) => ({
  before: { status: r.status },
  after: { status: next },
  action: r.action,
  amount: r.amount,
});

export interface Decided {
  row: ApprovalRow;
  applied: Applied | null;
}

/**
 * PATCH approvals/{id}, in one database transaction: the request row locked, the decision checked
 * against the approval lifecycle (the maker never approves or declines; only the maker cancels;
 * only while PENDING_APPROVAL), the movement applied for APPROVE with every rule checked again,
 * then the status, the work orders resolved and the audit line. Ten simultaneous approvals queue
 * on the row lock: the first applies, the others find it APPROVED (409), and the money moves once.
 */
export async function decideApproval(
  db: Db,
  principal: Principal,
  id: number,
  body: ApprovalDecisionBody,
  origin: RequestOrigin,
): Promise<Decided> {
  // The decision's audit line, whether it went through or was refused: alike but for outcome and detail.
  const decisionAudit = (to: Db, outcome: AuditEntry['outcome'], detail: Record<string, unknown>) =>
    auditBy(to, principal, origin, {
      action: `approval.${body.decision.toLowerCase()}`,
      objectType: 'approval',
      objectId: id,
      outcome,
      detail,
    });
  try {
    return await inTransaction(db, async (tx) => {
      const [current] = await tx
        .select()
        .from(approvalRequests)
        .where(and(eq(approvalRequests.id, id), approvalScope(principal)))
        .for('update');
      if (!current) throw notFound(msg({ defaultMessage: 'Approval request not found', id: 'qK6vpx' }));
      const isMaker = current.makerId === principal.id;
      // Every gate is the lifecycle's (issue 42): the actor's type, whether they made it, and the action's module.
      const next = nextApprovalStatus(current.status, body.decision, {
        role: principal.type,
        isMaker,
        holdsModule: holdsActionModule(principal.moduleIds, current.action),
      });
      if (!next) throw refusal(current, body.decision, isMaker);
      let applied: Applied | null = null;
      if (body.decision === 'APPROVE') {
        const applier = approvalAppliers[current.action];
        const [makerRow] = await tx
          .select({ id: users.id, name: users.name, email: users.email })
          .from(users)
          .where(eq(users.id, current.makerId));
        applied = await applier(tx, current, { maker: makerRow, checker: principal }, origin);
      }
      const reason = body.decision === 'DECLINE' ? (body.reason ?? null) : null;
      const [updated] = await tx
        .update(approvalRequests)
        .set({
          status: next,
          checkerId: body.decision === 'CANCEL' ? null : principal.id,
          decidedAt: sql`now()`,
          reason,
        })
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, 'PENDING_APPROVAL')))
        .returning({ id: approvalRequests.id });
      if (!updated) throw conflict(APPROVAL_INVALID_STATUS);
      await resolveWorkOrders(tx, 'approval', String(id), decidedBy(APPROVAL_OUTCOMES[body.decision], principal.email));
      await decisionAudit(tx, 'success', {
        ...statusChange(current, next),
        client_id: current.clientId,
        maker_id: current.makerId,
        ...(reason ? { reason } : {}),
      });
      return { row: await approvalRow(tx, id, principal), applied };
    });
  } catch (error) {
    const outcome = (error as { kind?: string }).kind === 'forbidden' ? 'denied' : 'failure';
    await decisionAudit(db, outcome, { reason: (error as Error).message });
    throw error;
  }
}

/**
 * The expiry job: every PENDING_APPROVAL request past its expires_at moves to EXPIRED (the
 * lifecycle's EXPIRE, role SYSTEM), its work orders resolved; requests another node or a checker
 * holds are skipped and found on the next run. Answers the ids it expired.
 */
export async function expireApprovals(db: Db): Promise<number[]> {
  return inTransaction(db, async (tx) => {
    const due = await tx
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.status, 'PENDING_APPROVAL'), lte(approvalRequests.expiresAt, sql`now()`)))
      .orderBy(approvalRequests.id)
      .limit(500)
      .for('update', { skipLocked: true });
    const expired: number[] = [];
    for (const request of due) {
      const next = nextApprovalStatus(request.status, 'EXPIRE', { role: 'SYSTEM', isMaker: false, holdsModule: false });
      if (next !== 'EXPIRED') continue;
      await tx
        .update(approvalRequests)
        .set({ status: next, decidedAt: sql`now()` })
        .where(eq(approvalRequests.id, request.id));
      await resolveWorkOrders(tx, 'approval', String(request.id), APPROVAL_EXPIRED_OUTCOME);
      await audit(tx, {
        action: 'approval.expire',
        objectType: 'approval',
        objectId: request.id,
        outcome: 'success',
        detail: { ...statusChange(request, next), maker_id: request.makerId },
      });
      expired.push(request.id);
    }
    return expired;
  });
}
