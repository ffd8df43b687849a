import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { WholeNumber } from './answerParts';
import { routes } from './routes';
import { rupiahAmount } from './rupiahInput';
import { GENERIC_PAGE_SIZES, PageParam, limitParam } from './paging';

/**
 * Dual control (issue 25): a movement of money started by hand that is at or above its action's
 * threshold waits for a second SUPER ADMIN. The one contract of the server, the API client, the
 * Approvals screen and the OpenAPI document.
 */

/** The actions the approval policy can hold back: one entry each. */
export const APPROVAL_ACTIONS = [
  'balance-adjustment',
  'withdrawal',
  'void-upload',
  'bulk-withdrawable',
  'manual-finalize',
] as const;
export type ApprovalAction = (typeof APPROVAL_ACTIONS)[number];

/** How the people who run the product name each action (the Approvals screen, work orders). */
export const APPROVAL_ACTION_LABELS: Readonly<Record<ApprovalAction, string>> = {
  'balance-adjustment': msg({ defaultMessage: 'Master balance adjustment', id: 'zewRMt' }),
  withdrawal: msg({ defaultMessage: 'Withdrawal or transfer to disburse', id: 'i1TGIz' }),
  'void-upload': msg({ defaultMessage: 'Void upload', id: 'Ddjo/d' }),
  'bulk-withdrawable': msg({ defaultMessage: 'Process Transactions (bulk add to withdrawable)', id: 'ukIqC1' }),
  'manual-finalize': msg({ defaultMessage: 'Manual finalize', id: 'DGPWoF' }),
};

/** An approval request's statuses (the `approval` lifecycle's states). */
/**
 * The module of the screen that makes each held movement: a checker must hold it to approve or decline
 * (the approval lifecycle's `holdsModule`), as whoever may not make the movement may not judge it.
 */
export const APPROVAL_ACTION_MODULES: Readonly<Record<ApprovalAction, string>> = {
  'balance-adjustment': 'disbursement-master-balance',
  withdrawal: 'balance',
  'void-upload': 'disbursement-list',
  'bulk-withdrawable': 'transactions',
  'manual-finalize': 'transactions',
};

/** Whether a user holding these modules holds the module of this action's screen. */
export const holdsActionModule = (moduleIds: readonly string[], action: ApprovalAction): boolean =>
  moduleIds.includes(APPROVAL_ACTION_MODULES[action]);

export const APPROVAL_STATUSES = ['PENDING_APPROVAL', 'APPROVED', 'DECLINED', 'CANCELLED', 'EXPIRED'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

/**
 * off: never held; always: every request is held; threshold: held when the absolute amount moved is at or above
 * `threshold`.
 */
export const APPROVAL_MODES = ['off', 'always', 'threshold'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

export const APPROVAL_DECISIONS = ['APPROVE', 'DECLINE', 'CANCEL'] as const;
export type ApprovalDecision = (typeof APPROVAL_DECISIONS)[number];

/** The most a threshold may be: the largest adjustment the product takes (+/- 10^15). */
export const MAX_APPROVAL_THRESHOLD = 1_000_000_000_000_000;

export const ApprovalPolicyEntry = v.strictObject({
  action: v.picklist(APPROVAL_ACTIONS),
  mode: v.picklist(APPROVAL_MODES),
  /** Whole rupiah; a number only when mode is 'threshold', else null. */
  threshold: v.nullable(v.number()),
});
export type ApprovalPolicyEntry = v.InferOutput<typeof ApprovalPolicyEntry>;

/** A fresh install's and the demo seed's policy. */
export const DEFAULT_APPROVAL_POLICY: readonly ApprovalPolicyEntry[] = [
  { action: 'balance-adjustment', mode: 'threshold', threshold: 100_000_000 },
  { action: 'withdrawal', mode: 'threshold', threshold: 500_000_000 },
  { action: 'void-upload', mode: 'threshold', threshold: 100_000_000 },
  { action: 'bulk-withdrawable', mode: 'off', threshold: null },
  { action: 'manual-finalize', mode: 'off', threshold: null },
];

/**
 * Whether a movement of this (signed) amount under this entry waits for a second SUPER ADMIN; one that moves nothing
 * never does.
 */
export function needsApproval(
  entry: Pick<ApprovalPolicyEntry, 'mode' | 'threshold'> | undefined,
  amount: number,
): boolean {
  if (!entry || entry.mode === 'off' || amount === 0) return false;
  if (entry.mode === 'always') return true;
  return entry.threshold != null && Math.abs(amount) >= entry.threshold;
}

/** Whether a movement of this amount under the policy as read (null: not readable, so not known) will be held. */
export const holdsAhead = (
  policy: readonly ApprovalPolicyEntry[] | null,
  action: ApprovalAction,
  amount: number | null,
): boolean =>
  needsApproval(
    policy?.find((e) => e.action === action),
    amount ?? 0,
  );

/**
 * Whether this user may read the approval policy (its route: a SUPER ADMIN granted Approvals), so a page can say
 * beforehand that a movement will be held. Any other maker (a client user's withdrawal) learns it from the 202.
 */
export const readsApprovalPolicy = (
  user: { type: string; modules?: readonly string[] } | null | undefined,
): boolean => {
  const access = routes.approvalPolicy.access;
  const module = access.kind === 'verified' ? access.module : undefined;
  return user?.type === 'SUPER ADMIN' && (module == null || (user.modules?.includes(module) ?? false));
};

const PolicyEntrySchema = v.pipe(
  v.strictObject({
    action: v.picklist(
      APPROVAL_ACTIONS,
      msg(
        { defaultMessage: 'action must be one of {actions}', id: 'HkiCmh' },
        { actions: APPROVAL_ACTIONS.join(', ') },
      ),
    ),
    mode: v.picklist(APPROVAL_MODES, msg({ defaultMessage: 'mode must be off, always or threshold', id: 'PFF0k2' })),
    threshold: v.nullable(
      v.pipe(
        // The one amount reader (issue 44): a JSON integer, or text as a person types it ('100.000.000').
        rupiahAmount({ field: 'threshold' }),
        v.minValue(1, msg({ defaultMessage: 'threshold must be at least Rp. 1', id: 'x1qzmd' })),
        v.maxValue(
          MAX_APPROVAL_THRESHOLD,
          msg({ defaultMessage: 'threshold must be at most Rp. 1,000,000,000,000,000', id: 'nSzCWf' }),
        ),
      ),
    ),
  }),
  v.check(
    (e) => (e.mode === 'threshold') === (e.threshold != null),
    msg({ defaultMessage: 'threshold is required with mode threshold, and only with it', id: 'N/hF6d' }),
  ),
);

/** PUT approval-policy: one or more entries, each action at most once; the actions not named keep their entry. */
export const ApprovalPolicyBody = v.strictObject({
  policy: v.pipe(
    v.array(
      PolicyEntrySchema,
      msg(
        { defaultMessage: 'policy must be a list of {entry}', id: 'he3EdP' },
        { entry: '{ action, mode, threshold }' },
      ),
    ),
    v.minLength(1, msg({ defaultMessage: 'policy must name at least one action', id: 'F+8tEv' })),
    v.check(
      (list) => new Set(list.map((e) => e.action)).size === list.length,
      msg({ defaultMessage: 'each action may be named once', id: 'T/jorl' }),
    ),
  ),
});
export type ApprovalPolicyBody = v.InferOutput<typeof ApprovalPolicyBody>;

/** GET approvals. */
export const ApprovalListQuery = v.strictObject({
  status: v.optional(
    v.picklist(
      ['', ...APPROVAL_STATUSES],
      msg(
        { defaultMessage: 'status must be one of {statuses}', id: 'UwlJ6j' },
        { statuses: APPROVAL_STATUSES.join(', ') },
      ),
    ),
  ),
  page: PageParam,
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
});

/** The `:id` of PATCH approvals/{id}. */
export const ApprovalIdParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, msg({ defaultMessage: 'id must be a number', id: 'phQa64' })),
    v.transform(Number),
  ),
});

/** PATCH approvals/{id}: approve, decline (with a reason) or cancel (the maker only). */
export const ApprovalDecisionBody = v.pipe(
  v.strictObject({
    decision: v.picklist(
      APPROVAL_DECISIONS,
      msg({ defaultMessage: 'decision must be APPROVE, DECLINE or CANCEL', id: 'ZJQA5x' }),
    ),
    reason: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.maxLength(500, msg({ defaultMessage: 'reason must be at most 500 characters', id: 'elHatW' })),
      ),
    ),
  }),
  v.check(
    (b) => b.decision !== 'DECLINE' || (b.reason ?? '') !== '',
    msg({ defaultMessage: 'A reason is required to decline', id: 'z6EeHs' }),
  ),
);
export type ApprovalDecisionBody = v.InferOutput<typeof ApprovalDecisionBody>;

/** One approval request as GET approvals answers it. */
export const ApprovalRow = v.strictObject({
  id: v.number(),
  action: v.picklist(APPROVAL_ACTIONS),
  status: v.picklist(APPROVAL_STATUSES),
  maker_id: v.number(),
  maker_name: v.string(),
  maker_email: v.string(),
  checker_id: v.nullable(v.number()),
  checker_name: v.nullable(v.string()),
  client_id: v.nullable(v.number()),
  client_name: v.nullable(v.string()),
  /** The movement's amount in whole rupiah, signed as asked (an adjustment may be negative). */
  amount: v.number(),
  /**
   * The balance the movement acts on, before and after, where it has one (null for a void upload, a bulk action or a
   * finalize).
   */
  before: v.nullable(v.number()),
  after: v.nullable(v.number()),
  /** What will happen, in words ('Adjust the disbursement balance of PT Maju by Rp. 150,000,000'). */
  summary: v.string(),
  reason: v.nullable(v.string()),
  created_at: v.string(),
  decided_at: v.nullable(v.string()),
  expires_at: v.string(),
});
export type ApprovalRow = v.InferOutput<typeof ApprovalRow>;

/** The 202 answer of a movement held for a second SUPER ADMIN (issue 25): `data.approval_id` (server/routes/heldReply.ts). */
export const ApprovalHeld = v.strictObject({ approval_id: WholeNumber });
export type ApprovalHeld = v.InferOutput<typeof ApprovalHeld>;

export const APPROVAL_WAITING = msg({ defaultMessage: 'Waiting for approval by another SUPER ADMIN', id: 'Txu2ty' });
/** A preview's warning when the policy would hold the movement it confirms. */
/**
 * What a question says, before Confirm, when the policy will hold the movement it asks about (issue 45): the one
 * sentence, which every held action's question shows through one component (views/common/HeldAhead.tsx).
 */
export const APPROVAL_AHEAD = msg({
  defaultMessage: "This waits for a second SUPER ADMIN's approval before anything moves.",
  id: '7us6mX',
});
export const APPROVAL_SELF_REFUSED = msg({ defaultMessage: 'The maker of a change cannot approve it', id: '8cmkbx' });
export const APPROVAL_CANCEL_REFUSED = msg({
  defaultMessage: 'Only the maker of a change can cancel it',
  id: 'zzbn8v',
});
export const APPROVAL_INVALID_STATUS = msg({
  defaultMessage: 'Invalid Status: Only PENDING_APPROVAL requests can be decided',
  id: 'JWHrzz',
});

/** Socket event to every SUPER ADMIN when a request is made or decided, so open Approvals screens update. */
export const APPROVAL_CHANGED_EVENT = 'approval-changed';
export interface ApprovalChanged {
  id: number;
  status: ApprovalStatus;
}
