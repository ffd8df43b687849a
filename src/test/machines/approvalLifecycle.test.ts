import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allowsApproval, approvalLifecycle, nextApprovalStatus } from '../../machines/lifecycle/approvalLifecycle';
import { APPROVAL_DECISIONS, APPROVAL_STATUSES } from '../../services/approvalRules';

const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT', 'SYSTEM'] as const;

/**
 * The approval lifecycle against issue 25, written here by hand: a held movement starts
 * PENDING_APPROVAL; the checker (a SUPER ADMIN who is not the maker) approves or declines it, the
 * maker cancels it, the expiry job (SYSTEM) expires it; every ending is final.
 */
describe('approval lifecycle', () => {
  it('starts PENDING_APPROVAL', () => {
    const actor = createActor(approvalLifecycle).start();
    expect(actor.getSnapshot().value).toBe('PENDING_APPROVAL');
    expect(actor.getSnapshot().status).toBe('active');
  });

  const expected = (decision: string, role: string, isMaker: boolean): string | null => {
    if (decision === 'APPROVE') return role === 'SUPER ADMIN' && !isMaker ? 'APPROVED' : null;
    if (decision === 'DECLINE') return role === 'SUPER ADMIN' && !isMaker ? 'DECLINED' : null;
    if (decision === 'CANCEL') return role !== 'SYSTEM' && isMaker ? 'CANCELLED' : null;
    return role === 'SYSTEM' ? 'EXPIRED' : null;
  };

  it.each(APPROVAL_STATUSES)('from %s: each step only by its actor, only while PENDING_APPROVAL', (status) => {
    for (const decision of [...APPROVAL_DECISIONS, 'EXPIRE'] as const) {
      for (const role of roles) {
        for (const isMaker of [true, false]) {
          const want = status === 'PENDING_APPROVAL' ? expected(decision, role, isMaker) : null;
          expect(
            nextApprovalStatus(status, decision, role, isMaker),
            `${status} ${decision} by ${role} maker=${isMaker}`,
          ).toBe(want);
          expect(allowsApproval(status, { type: decision, role, isMaker })).toBe(want !== null);
        }
      }
    }
  });

  it('never lets the maker approve or decline their own request, even a SUPER ADMIN', () => {
    expect(nextApprovalStatus('PENDING_APPROVAL', 'APPROVE', 'SUPER ADMIN', true)).toBeNull();
    expect(nextApprovalStatus('PENDING_APPROVAL', 'DECLINE', 'SUPER ADMIN', true)).toBeNull();
    expect(nextApprovalStatus('PENDING_APPROVAL', 'APPROVE', 'SUPER ADMIN', false)).toBe('APPROVED');
  });

  it('lets an ADMIN maker cancel their own request but never approve one', () => {
    expect(nextApprovalStatus('PENDING_APPROVAL', 'CANCEL', 'ADMIN', true)).toBe('CANCELLED');
    expect(nextApprovalStatus('PENDING_APPROVAL', 'APPROVE', 'ADMIN', false)).toBeNull();
  });

  it('ends at APPROVED, DECLINED, CANCELLED or EXPIRED', () => {
    for (const [type, role, isMaker, end] of [
      ['APPROVE', 'SUPER ADMIN', false, 'APPROVED'],
      ['DECLINE', 'SUPER ADMIN', false, 'DECLINED'],
      ['CANCEL', 'SUPER ADMIN', true, 'CANCELLED'],
      ['EXPIRE', 'SYSTEM', false, 'EXPIRED'],
    ] as const) {
      const actor = createActor(approvalLifecycle).start();
      actor.send({ type, role, isMaker });
      expect(actor.getSnapshot().value).toBe(end);
      expect(actor.getSnapshot().status).toBe('done');
    }
  });
});
