import { setup, transition } from 'xstate';
import { USER_TYPES, type UserTypeName } from '../../services/schemas';
import type { ApprovalDecision, ApprovalStatus } from '../../services/approvalRules';
import type { GuardWords } from '../guardWords';
import { allOf, field, is, oneOf } from './conditions';
import { msg } from '../../i18n/msg';

/** Who takes a step: a user of a type, or the expiry job (SYSTEM). */
export type ApprovalActor = UserTypeName | 'SYSTEM';

/**
 * A step and everything that decides whether its actor may take it (issue 42: every gate is here,
 * the route adds only authentication and scope): the actor's type, whether they made the request,
 * and whether they hold the module of the screen that makes the held movement.
 */
export type ApprovalLifecycleEvent = {
  type: 'APPROVE' | 'DECLINE' | 'CANCEL' | 'EXPIRE';
  role: ApprovalActor;
  isMaker: boolean;
  holdsModule: boolean;
};

// The request has no facts of its own that the steps read: only the event's fields decide.
const role = field<unknown, ApprovalLifecycleEvent>('role');
const isMaker = field<unknown, ApprovalLifecycleEvent>('isMaker');
const holdsModule = field<unknown, ApprovalLifecycleEvent>('holdsModule');

/**
 * A held movement's life (issue 25, dual control). A movement of money started by hand at or above
 * its action's threshold is kept PENDING_APPROVAL; a second SUPER ADMIN approves it (the movement
 * is applied in the same database transaction) or declines it with a reason; the maker may cancel
 * it; the expiry job expires it after APPROVAL_EXPIRE_HOURS. Each ending is final.
 */
export const approvalLifecycle = setup({
  // Stryker disable next-line ObjectLiteral: these objects exist for TypeScript alone; emptied, the machine is the same
  types: { events: {} as ApprovalLifecycleEvent },
  guards: {
    byChecker: allOf(is(role, 'SUPER ADMIN'), is(isMaker, false), is(holdsModule, true)),
    byMaker: allOf(oneOf(role, USER_TYPES), is(isMaker, true)),
    bySystem: is(role, 'SYSTEM'),
  },
}).createMachine({
  id: 'approval',
  initial: 'PENDING_APPROVAL',
  states: {
    PENDING_APPROVAL: {
      on: {
        APPROVE: { guard: 'byChecker', target: 'APPROVED' },
        DECLINE: { guard: 'byChecker', target: 'DECLINED' },
        CANCEL: { guard: 'byMaker', target: 'CANCELLED' },
        EXPIRE: { guard: 'bySystem', target: 'EXPIRED' },
      },
    },
    APPROVED: { type: 'final' },
    DECLINED: { type: 'final' },
    CANCELLED: { type: 'final' },
    EXPIRED: { type: 'final' },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const approvalGuardWords: GuardWords<typeof approvalLifecycle> = {
  byChecker: msg({
    defaultMessage:
      "Only the checker approves or declines (with a reason): a SUPER ADMIN holding the action's module who is not the " +
      'maker; only while PENDING_APPROVAL, and only once.',
    id: 'ARDerx',
  }),
  byMaker: msg({
    defaultMessage: 'Only the maker of the request, of any user type, may cancel it, while PENDING_APPROVAL.',
    id: 'FZpp31',
  }),
  bySystem: msg({
    defaultMessage: 'Only the expiry job (role SYSTEM) expires a request, once it is older than APPROVAL_EXPIRE_HOURS.',
    id: 'hifTDm',
  }),
};

export const approvalDecisionEvent = (decision: ApprovalDecision): ApprovalLifecycleEvent['type'] => decision;

/** Whether the lifecycle lets this actor take this step on a request in this status. */
export const allowsApproval = (status: ApprovalStatus, event: ApprovalLifecycleEvent): boolean =>
  // Stryker disable next-line ObjectLiteral: the machine has no context to lose
  approvalLifecycle.resolveState({ value: status, context: {} }).can(event);

/** The status a decision leads to, for this actor; null when the machine refuses it. */
export function nextApprovalStatus(
  status: ApprovalStatus,
  decision: ApprovalDecision | 'EXPIRE',
  actor: Omit<ApprovalLifecycleEvent, 'type'>,
): ApprovalStatus | null {
  const event: ApprovalLifecycleEvent = { type: decision, ...actor };
  if (!allowsApproval(status, event)) return null;
  const [next] = transition(approvalLifecycle, approvalLifecycle.resolveState({ value: status, context: {} }), event);
  return next.value as ApprovalStatus;
}
