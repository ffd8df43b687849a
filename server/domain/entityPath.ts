import { sql, type SQL } from 'drizzle-orm';
import type { AuditPath, AuditPathStep, AuditPathType } from '../../src/services/auditLogRules.ts';
import type { Db } from '../db/connect.ts';
import { notFound } from './errors.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * An entity's real path (issue 15): the statuses it went through, each with who and when, read
 * from the audit log's successful lines whose detail carries `after.status` (and `before.status`),
 * completed from the entity's own row where the log is silent:
 *
 * - withdrawal (by uuid): `withdrawal.request` (after PENDING, by the requester) then
 *   `withdrawal.decide` (COMPLETED or REJECTED, by the SUPER ADMIN). Without a request line the
 *   first step is the row's first known status at withdrawal_time, by the requester.
 * - disbursement (by uuid or correlation_id): created by the merchant API without an audit line,
 *   so the first step is the first logged `before` status (or the current one) at transaction_time,
 *   by 'system'; then `disbursement.decide`, `disbursement.refresh_status`, `disbursement.void`
 *   (after an approved void upload, `disbursement.void_requested` by the maker comes first).
 * - transaction, a pay-in (by correlation_id or uuid): first step as for disbursements; then
 *   `transaction.finalize` and `transaction.refresh_status`; a pay-in a settlement run settled
 *   (settlement_run_id) ends in SETTLED at its settlement_time, by the run's requester, action
 *   `settlement.finish` (`settlement.run` while the run has not finished).
 *
 * Lines that change nothing (a refresh answered with the same status) are left out. Where the row's
 * current status differs from the last logged one (a change made outside any audited action: the
 * seed, the provider), a last step `unrecorded` brings the path to the current status.
 */

const iso = (col: SQL) => sql`to_json(${col})#>>'{}'`;
const toIso = (text: string) => new Date(text).toISOString();

interface Transition {
  before: string | null;
  after: string | null;
  at: string;
  by: string;
  action: string;
  checker?: string;
  auditId?: number;
}

/**
 * The bulk actions whose line (not a line per record) is a record's step (issue 43), found through
 * the line's items: Process Transactions (the pay-in stays FINALIZED; the step says it moved) and
 * a settlement batch (after SETTLED). A held one names its maker; its actor is then the checker.
 */
const BULK_STEPS = ['transaction.bulk_add_withdrawable', 'settlement.batch'] as const;

async function transitions(db: Db, objectType: string, ids: string[]): Promise<Transition[]> {
  const idList = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const { rows } = await db.execute<{
    id: string;
    at: string;
    actor_email: string | null;
    action: string;
    before: string | null;
    after: string | null;
    maker: string | null;
    bulk: boolean;
  }>(sql`
    select a.id::text as id, ${iso(sql`a.at`)} as at, a.actor_email, a.action,
      a.detail->'before'->>'status' as before, a.detail->'after'->>'status' as after, a.detail->>'maker' as maker,
      false as bulk, a.at as at_order, a.id as id_order
    from audit_log a
    where a.object_type = ${objectType} and a.object_id in (${idList})
      and a.outcome = 'success' and a.detail->'after'->>'status' is not null
    union all
    select a.id::text, ${iso(sql`a.at`)}, a.actor_email, a.action, null, a.detail->'after'->>'status',
      a.detail->>'maker', true, a.at, a.id
    from audit_items i join audit_log a on a.id = i.audit_id
    where i.object_type = ${objectType} and i.object_id in (${idList}) and a.outcome = 'success'
      and a.action in (${sql.join(
        BULK_STEPS.map((action) => sql`${action}`),
        sql`, `,
      )})
    -- By the instant and the id themselves: as text, '10' would sort before '9'.
    order by at_order, id_order`);
  return rows.map((r) => {
    const by = r.actor_email ?? 'system';
    const held = r.bulk && r.maker != null;
    return {
      before: r.before,
      after: r.after,
      at: toIso(r.at),
      by: held ? r.maker! : by,
      action: r.action,
      ...(held ? { checker: by } : {}),
      ...(r.bulk ? { auditId: Number(r.id) } : {}),
    };
  });
}

interface Start {
  fallbackStatus: string;
  at: string;
  by: string;
  action: string;
  createdBy?: string;
}

/** The steps from the logged transitions, the start completed from the row. */
function stepsFrom(start: Start, logged: Transition[], creationAction?: string): AuditPathStep[] {
  const steps: AuditPathStep[] = [];
  let rest = logged;
  const first = logged[0];
  if (first && first.before == null && first.after != null && first.action === creationAction) {
    // The row's own time: a record created with a past time (the seed, a merchant's transaction_time) starts then.
    steps.push({ status: first.after, from: null, at: start.at, by: first.by, action: first.action });
    rest = logged.slice(1);
  } else {
    steps.push({
      status: first?.before ?? start.fallbackStatus,
      from: null,
      at: start.at,
      by: start.by,
      action: start.action,
    });
  }
  for (const t of rest) {
    const extra = { ...(t.checker ? { checker: t.checker } : {}), ...(t.auditId ? { audit_id: t.auditId } : {}) };
    const last = steps[steps.length - 1].status;
    // A bulk step that leaves the status (Process Transactions) is kept as a step of its own.
    if (t.after == null) steps.push({ status: last, from: last, at: t.at, by: t.by, action: t.action, ...extra });
    else append(steps, { status: t.after, from: t.before, at: t.at, by: t.by, action: t.action, ...extra });
  }
  return steps;
}

/** Adds a step unless it changes nothing; `from` defaults to the last status reached. */
function append(steps: AuditPathStep[], step: Omit<AuditPathStep, 'from'> & { from: string | null }) {
  const last = steps[steps.length - 1]?.status ?? null;
  if (step.status === last) return;
  steps.push({ ...step, from: step.from ?? last });
}

/** Brings the path to the row's current status when the log ends elsewhere. */
function reconcile(steps: AuditPathStep[], current: string, at: string, by: string) {
  append(steps, { status: current, from: null, at, by, action: 'unrecorded' });
}

async function withdrawalPath(db: Db, id: string): Promise<AuditPath> {
  const { rows } = await db.execute<{
    uuid: string;
    status: string;
    requested_at: string;
    completed_at: string | null;
    requester: string | null;
    decider: string | null;
  }>(sql`
    select w.uuid, w.status, ${iso(sql`w.withdrawal_time`)} as requested_at,
      ${iso(sql`w.completed_time`)} as completed_at, ru.email as requester, du.email as decider
    from withdrawals w left join users ru on ru.id = w.requested_by left join users du on du.id = w.decided_by
    where w.uuid = ${id}`);
  const w = rows[0];
  if (!w) throw notFound(msg({ defaultMessage: 'Withdrawal not found', id: 'N+1rwe' }));
  const logged = await transitions(db, 'withdrawal', [w.uuid]);
  const steps = stepsFrom(
    { fallbackStatus: 'PENDING', at: toIso(w.requested_at), by: w.requester ?? 'system', action: 'withdrawal.request' },
    logged,
    'withdrawal.request',
  );
  reconcile(steps, w.status, toIso(w.completed_at ?? w.requested_at), w.decider ?? 'system');
  return { entity: { type: 'withdrawal', id: w.uuid, status: w.status }, steps };
}

async function disbursementPath(db: Db, id: string): Promise<AuditPath> {
  const { rows } = await db.execute<{
    uuid: string;
    correlation_id: string;
    status: string;
    created_at: string;
    paid_at: string | null;
    updated_at: string;
    decider: string | null;
  }>(sql`
    select d.uuid, d.correlation_id, d.status, ${iso(sql`d.transaction_time`)} as created_at,
      ${iso(sql`d.paid_time`)} as paid_at,
      ${iso(sql`d.updated_at`)} as updated_at, du.email as decider
    from disbursements d left join users du on du.id = d.decided_by
    where d.uuid = ${id} or d.correlation_id = ${id}
    order by (d.uuid = ${id}) desc limit 1`);
  const d = rows[0];
  if (!d) throw notFound(msg({ defaultMessage: 'Disbursement not found', id: 's4kUMn' }));
  const logged = await transitions(db, 'disbursement', [d.uuid, d.correlation_id]);
  const steps = stepsFrom(
    { fallbackStatus: d.status, at: toIso(d.created_at), by: 'system', action: 'disbursement.create' },
    logged,
    'disbursement.create',
  );
  reconcile(
    steps,
    d.status,
    toIso(d.status === 'FINALIZED' && d.paid_at ? d.paid_at : d.updated_at),
    d.decider ?? 'system',
  );
  return { entity: { type: 'disbursement', id: d.uuid, status: d.status }, steps };
}

async function transactionPath(db: Db, id: string): Promise<AuditPath> {
  const { rows } = await db.execute<{
    correlation_id: string;
    status: string;
    created_at: string;
    paid_at: string | null;
    settled_at: string | null;
    run_id: string | number | null;
    run_requester: string | null;
    finish_at: string | null;
    finish_actor: string | null;
  }>(sql`
    select t.correlation_id, t.status, ${iso(sql`t.transaction_time`)} as created_at,
      ${iso(sql`t.paid_time`)} as paid_at,
      ${iso(sql`t.settlement_time`)} as settled_at, t.settlement_run_id as run_id, ru.email as run_requester,
      ${iso(sql`f.at`)} as finish_at, f.actor_email as finish_actor
    from transactions t
    left join settlement_runs r on r.id = t.settlement_run_id
    left join users ru on ru.id = r.requested_by
    left join lateral (
      select a.at, a.actor_email from audit_log a
      where a.object_type = 'settlement_run' and a.object_id = t.settlement_run_id::text
        and a.action = 'settlement.finish'
      order by a.at desc, a.id desc limit 1
    ) f on true
    where t.correlation_id = ${id} or t.uuid = ${id}
    order by (t.correlation_id = ${id}) desc limit 1`);
  const t = rows[0];
  if (!t) throw notFound(msg({ defaultMessage: 'Transaction not found', id: 'zAGlVG' }));
  const logged = await transitions(db, 'transaction', [t.correlation_id]);
  const settledByRun = t.run_id != null;
  // A pay-in settles from FINALIZED: one settled without any logged change started there.
  const steps = stepsFrom(
    {
      fallbackStatus: settledByRun ? 'FINALIZED' : t.status,
      at: toIso(t.created_at),
      by: 'system',
      action: 'transaction.create',
    },
    logged,
  );
  // A run's batch line (issue 43) already brought the path to SETTLED; older runs wrote none.
  if (settledByRun && steps[steps.length - 1].status !== 'SETTLED') {
    // The step before SETTLED, when no logged line reached it (paid by the provider).
    if (steps[steps.length - 1].status !== 'FINALIZED')
      append(steps, {
        status: 'FINALIZED',
        from: null,
        at: toIso(t.paid_at ?? t.created_at),
        by: 'system',
        action: 'unrecorded',
      });
    append(steps, {
      status: 'SETTLED',
      from: null,
      at: toIso(t.settled_at ?? t.finish_at ?? t.created_at),
      by: t.finish_actor ?? t.run_requester ?? 'system',
      action: t.finish_at ? 'settlement.finish' : 'settlement.run',
    });
  }
  const at = t.status === 'SETTLED' ? t.settled_at : t.status === 'FINALIZED' ? t.paid_at : null;
  reconcile(steps, t.status, toIso(at ?? t.created_at), 'system');
  return { entity: { type: 'transaction', id: t.correlation_id, status: t.status }, steps };
}

/**
 * A held movement (issue 25, by id): `approval.request` (PENDING_APPROVAL, by the maker), then the
 * decision (`approval.approve`, `.decline`, `.cancel`, by the checker or the maker) or
 * `approval.expire` (by 'system').
 */
async function approvalPath(db: Db, id: string): Promise<AuditPath> {
  const { rows } = await db.execute<{
    id: number;
    status: string;
    created_at: string;
    decided_at: string | null;
    maker: string | null;
    checker: string | null;
  }>(sql`
    select r.id, r.status, ${iso(sql`r.created_at`)} as created_at, ${iso(sql`r.decided_at`)} as decided_at,
      mu.email as maker, cu.email as checker
    from approval_requests r left join users mu on mu.id = r.maker_id left join users cu on cu.id = r.checker_id
    where r.id::text = ${id}`);
  const r = rows[0];
  if (!r) throw notFound(msg({ defaultMessage: 'Approval request not found', id: 'qK6vpx' }));
  const logged = await transitions(db, 'approval', [String(r.id)]);
  const steps = stepsFrom(
    {
      fallbackStatus: 'PENDING_APPROVAL',
      at: toIso(r.created_at),
      by: r.maker ?? 'system',
      action: 'approval.request',
    },
    logged,
    'approval.request',
  );
  reconcile(steps, r.status, toIso(r.decided_at ?? r.created_at), r.checker ?? 'system');
  return { entity: { type: 'approval', id: String(r.id), status: r.status }, steps };
}

export function entityPath(db: Db, type: AuditPathType, id: string): Promise<AuditPath> {
  if (type === 'approval') return approvalPath(db, id);
  if (type === 'withdrawal') return withdrawalPath(db, id);
  if (type === 'disbursement') return disbursementPath(db, id);
  return transactionPath(db, id);
}
