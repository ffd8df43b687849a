import { setup, transition } from 'xstate';
import type { UserTypeName } from '../../services/schemas';
import {
  WITHDRAWAL_DECISIONS,
  type WithdrawalDecision,
  type WithdrawalStatusName,
} from '../../services/withdrawalRules';
import type { GuardWords } from '../guardWords';
import { field, is } from './conditions';
import { msg } from '../../i18n/msg';

export const WITHDRAWAL_INVALID_STATUS = 'Invalid Status: Only PENDING withdrawal requests can be processed';

export type { WithdrawalDecision, WithdrawalStatusName };
export type WithdrawalLifecycleEvent = { type: 'COMPLETE' | 'REJECT'; role: UserTypeName };

/**
 * A withdrawal's life (spec section 4): it starts PENDING, and only a SUPER ADMIN moves it, once,
 * to COMPLETED or REJECTED. The server checks every change against this machine and the screen
 * shows row actions from it.
 */
export const withdrawalLifecycle = setup({
  // Stryker disable next-line ObjectLiteral: these objects exist for TypeScript alone; emptied, the machine is the same
  types: { events: {} as WithdrawalLifecycleEvent },
  guards: { bySuperAdmin: is(field<unknown, WithdrawalLifecycleEvent>('role'), 'SUPER ADMIN') },
}).createMachine({
  id: 'withdrawal',
  initial: 'PENDING',
  states: {
    PENDING: {
      on: {
        COMPLETE: { guard: 'bySuperAdmin', target: 'COMPLETED' },
        REJECT: { guard: 'bySuperAdmin', target: 'REJECTED' },
      },
    },
    COMPLETED: { type: 'final' },
    REJECTED: { type: 'final' },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const withdrawalGuardWords: GuardWords<typeof withdrawalLifecycle> = {
  bySuperAdmin: msg({
    defaultMessage: 'Only a SUPER ADMIN may complete or reject; only while PENDING, and only once.',
    id: 'JAn60k',
  }),
};

export const decisionEvent = (decision: WithdrawalDecision): WithdrawalLifecycleEvent['type'] =>
  decision === 'COMPLETED' ? 'COMPLETE' : 'REJECT';

/**
 * Whether the lifecycle lets this role take this step on a withdrawal in this status (row buttons, the page's guard).
 */
export const allowsWithdrawal = (status: WithdrawalStatusName, event: WithdrawalLifecycleEvent): boolean =>
  // Stryker disable next-line ObjectLiteral: a withdrawal's machine has no context to lose
  withdrawalLifecycle.resolveState({ value: status, context: {} }).can(event);

/**
 * Whether this role may decide withdrawals at all (any decision on a PENDING one): the server's 403 before it reads a
 * row.
 */
export const decidesWithdrawals = (role: UserTypeName): boolean =>
  // Stryker disable next-line MethodExpression: both decisions need the same role, so `every` answers as `some` does
  WITHDRAWAL_DECISIONS.some((decision) => allowsWithdrawal('PENDING', { type: decisionEvent(decision), role }));

/** The status a decision leads to from a status, for a user type; null when the machine refuses it. */
export function nextWithdrawalStatus(
  status: WithdrawalStatusName,
  decision: WithdrawalDecision,
  role: UserTypeName,
): WithdrawalStatusName | null {
  const event = { type: decisionEvent(decision), role };
  if (!allowsWithdrawal(status, event)) return null;
  const [next] = transition(
    withdrawalLifecycle,
    withdrawalLifecycle.resolveState({ value: status, context: {} }),
    event,
  );
  return next.value as WithdrawalStatusName;
}
