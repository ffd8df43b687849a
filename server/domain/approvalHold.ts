import { sql } from 'drizzle-orm';
import {
  APPROVAL_ACTIONS,
  APPROVAL_ACTION_LABELS,
  DEFAULT_APPROVAL_POLICY,
  needsApproval,
  type ApprovalAction,
  type ApprovalHeld,
  type ApprovalPolicyBody,
  type ApprovalPolicyEntry,
} from '../../src/services/approvalRules.ts';
import { formatRupiah } from '../../src/services/money.ts';
import { approvalCode } from '../../src/services/objectCodes.ts';
import type { Db } from '../db/connect.ts';
import { approvalPolicy, approvalRequests } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { clientNameOf } from './clientScope.ts';
import type { Principal } from './principal.ts';
import { openWorkOrder, superAdminIds } from './workOrders.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * Dual control (issue 25), the maker's side: the policy, and holding a movement that needs a
 * second SUPER ADMIN. Kept apart from the deciding side (approvals.ts), which imports the domain
 * functions that apply each action, so those can hold without an import cycle.
 */

let expireHours = 24;

/** APPROVAL_EXPIRE_HOURS, set once at start (server/app.ts). */
export function configureApprovals(options: { expireHours: number }): void {
  expireHours = options.expireHours;
}

/** The policy, one entry per action in the contract's order; an action missing from the table keeps its default. */
export async function readPolicy(db: Db): Promise<ApprovalPolicyEntry[]> {
  const rows = await db
    .select({ action: approvalPolicy.action, mode: approvalPolicy.mode, threshold: approvalPolicy.threshold })
    .from(approvalPolicy);
  const stored = new Map(rows.map((r) => [r.action, r]));
  return APPROVAL_ACTIONS.map((action) => {
    const entry = stored.get(action) ?? DEFAULT_APPROVAL_POLICY.find((e) => e.action === action)!;
    return { action, mode: entry.mode, threshold: entry.mode === 'threshold' ? entry.threshold : null };
  });
}

async function policyEntry(db: Db, action: ApprovalAction): Promise<ApprovalPolicyEntry> {
  return (await readPolicy(db)).find((e) => e.action === action)!;
}

/** PUT approval-policy: the named actions' entries replaced, the others kept; audited with before and after. */
export async function setPolicy(
  db: Db,
  principal: Principal,
  body: ApprovalPolicyBody,
  origin: RequestOrigin,
): Promise<ApprovalPolicyEntry[]> {
  return inTransaction(db, async (tx) => {
    // One writer at a time, so the audited 'before' is what the change replaced.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('approval_policy'))`);
    const before = await readPolicy(tx);
    for (const entry of body.policy) {
      const values = {
        mode: entry.mode,
        threshold: entry.mode === 'threshold' ? entry.threshold : null,
        updatedBy: principal.id,
        updatedAt: sql`now()`,
      };
      await tx
        .insert(approvalPolicy)
        .values({ action: entry.action, ...values })
        .onConflictDoUpdate({ target: approvalPolicy.action, set: values });
    }
    const after = await readPolicy(tx);
    await audit(tx, {
      actorUserId: principal.id,
      actorEmail: principal.email,
      action: 'approval_policy.update',
      objectType: 'approval_policy',
      objectId: 'policy',
      outcome: 'success',
      ip: origin.ip,
      detail: { before: { policy: before }, after: { policy: after } },
    });
    return after;
  });
}

/** Whether a movement of this amount would be held now: what a preview tells the person before they confirm. */
export async function wouldHold(db: Db, action: ApprovalAction, amount: number): Promise<boolean> {
  return needsApproval(await policyEntry(db, action), amount);
}

export interface HoldDetails {
  clientId: number | null;
  /** The balance the movement acts on, before and after, where it has one. */
  before: number | null;
  after: number | null;
  /** What will happen, in words ('Adjust the disbursement balance of PT Maju by Rp. 150,000,000'). */
  summary: string;
  /** What the action's applier needs to apply the movement on approval (never a secret: no OTP). */
  payload: Record<string, unknown>;
}

/**
 * Inside the maker's transaction, after every rule of today has passed: null when the policy lets
 * the movement through; otherwise a PENDING_APPROVAL request, a work order for every other active
 * SUPER ADMIN and an audit line, committed together, and the request's id for the 202 answer.
 * The caller then moves nothing.
 */
export async function holdIfNeeded(
  tx: Db,
  principal: Principal,
  action: ApprovalAction,
  amount: number,
  details: HoldDetails,
  origin: RequestOrigin = {},
): Promise<ApprovalHeld | null> {
  if (!needsApproval(await policyEntry(tx, action), amount)) return null;
  const [created] = await tx
    .insert(approvalRequests)
    .values({
      action,
      makerId: principal.id,
      clientId: details.clientId,
      amount,
      before: details.before,
      after: details.after,
      summary: details.summary,
      payload: details.payload,
      expiresAt: sql`now() + make_interval(hours => ${expireHours})`,
    })
    .returning({ id: approvalRequests.id });
  const clientName = details.clientId == null ? null : await clientNameOf(tx, details.clientId);
  const label = APPROVAL_ACTION_LABELS[action];
  const code = approvalCode(created.id);
  await openWorkOrder(tx, {
    item: { kind: 'approval', ref: String(created.id), client_id: details.clientId, client_name: clientName, amount },
    subject: `${label} ${code}`,
    message: clientName
      ? msg(
          { defaultMessage: '{action} of {amount} for {client} by {name} waits for your approval', id: 'pgEvJZ' },
          { action: label, amount: formatRupiah(amount, 'en'), client: clientName, name: principal.name },
        )
      : msg(
          { defaultMessage: '{action} of {amount} by {name} waits for your approval', id: '3C2v4I' },
          { action: label, amount: formatRupiah(amount, 'en'), name: principal.name },
        ),
    code,
    icon: 'checkmark-shield',
    recipients: (await superAdminIds(tx)).filter((id) => id !== principal.id),
  });
  await audit(tx, {
    actorUserId: principal.id,
    actorEmail: principal.email,
    action: 'approval.request',
    objectType: 'approval',
    objectId: created.id,
    outcome: 'success',
    ip: origin.ip,
    detail: {
      after: { status: 'PENDING_APPROVAL' },
      action,
      amount,
      client_id: details.clientId,
      before_balance: details.before,
      after_balance: details.after,
      summary: details.summary,
    },
  });
  return { approval_id: created.id };
}

/** A held request of this maker made with this Idempotency-Key, if any (a retry answers with it). */
export async function heldByIdempotencyKey(
  tx: Db,
  makerId: number,
  key: string,
): Promise<{ id: number; payload: Record<string, unknown> } | null> {
  const [row] = await tx
    .select({ id: approvalRequests.id, payload: approvalRequests.payload })
    .from(approvalRequests)
    .where(sql`${approvalRequests.makerId} = ${makerId} and ${approvalRequests.payload}->>'idempotency_key' = ${key}`);
  return row ? { id: row.id, payload: row.payload } : null;
}
