import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  WITHDRAWAL_INVALID_STATUS,
  allowsWithdrawal,
  decidesWithdrawals,
  decisionEvent,
  nextWithdrawalStatus,
  withdrawalLifecycle,
} from '../../machines/lifecycle/withdrawalLifecycle';
import { WITHDRAWAL_DECISIONS, WITHDRAWAL_STATUSES } from '../../services/withdrawalRules';

const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT'] as const;

/**
 * The withdrawal lifecycle against spec section 4, written here by hand: a request starts PENDING,
 * and only a SUPER ADMIN completes or rejects it, once; COMPLETED and REJECTED are the end.
 */
describe('withdrawal lifecycle', () => {
  it('starts PENDING', () => {
    const actor = createActor(withdrawalLifecycle).start();
    expect(actor.getSnapshot().value).toBe('PENDING');
    expect(actor.getSnapshot().status).toBe('active');
  });

  it.each(WITHDRAWAL_STATUSES)('from %s: a decision only by a SUPER ADMIN, only while PENDING', (status) => {
    for (const decision of WITHDRAWAL_DECISIONS) {
      for (const role of roles) {
        const expected = status === 'PENDING' && role === 'SUPER ADMIN' ? decision : null;
        expect(nextWithdrawalStatus(status, decision, role), `${status} ${decision} by ${role}`).toBe(expected);
        expect(allowsWithdrawal(status, { type: decisionEvent(decision), role })).toBe(expected !== null);
      }
    }
  });

  it('ends at COMPLETED or REJECTED', () => {
    for (const [type, end] of [
      ['COMPLETE', 'COMPLETED'],
      ['REJECT', 'REJECTED'],
    ] as const) {
      const actor = createActor(withdrawalLifecycle).start();
      actor.send({ type, role: 'SUPER ADMIN' });
      expect(actor.getSnapshot().value).toBe(end);
      expect(actor.getSnapshot().status).toBe('done');
    }
  });

  it('lets only a SUPER ADMIN decide withdrawals at all', () => {
    expect(roles.filter(decidesWithdrawals)).toEqual(['SUPER ADMIN']);
  });

  it("refuses in the spec's words", () => {
    expect(WITHDRAWAL_INVALID_STATUS).toBe('Invalid Status: Only PENDING withdrawal requests can be processed');
  });
});
