import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allowsApproval, approvalLifecycle, nextApprovalStatus } from '../../machines/lifecycle/approvalLifecycle';
import { APPROVAL_DECISIONS, APPROVAL_STATUSES } from '../../services/approvalRules';

const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT', 'AUDITOR', 'SYSTEM'] as const;
const checker = { role: 'SUPER ADMIN', isMaker: false, holdsModule: true } as const;

/**
 * The approval lifecycle against issues 25 and 42, written here by hand: a held movement starts
 * PENDING_APPROVAL; the checker (a SUPER ADMIN who is not the maker and holds the action's module)
 * approves or declines it, the maker (of any user type) cancels it, the expiry job (SYSTEM) expires
 * it; every ending is final.
 */
describe('approval lifecycle', () => {
  it('starts PENDING_APPROVAL', () => {
    const actor = createActor(approvalLifecycle).start();
    expect(actor.getSnapshot().value).toBe('PENDING_APPROVAL');
    expect(actor.getSnapshot().status).toBe('active');
  });

  const expected = (decision: string, role: string, isMaker: boolean, holdsModule: boolean): string | null => {
    const byChecker = role === 'SUPER ADMIN' && !isMaker && holdsModule;
    if (decision === 'APPROVE') return byChecker ? 'APPROVED' : null;
    if (decision === 'DECLINE') return byChecker ? 'DECLINED' : null;
    if (decision === 'CANCEL') return role !== 'SYSTEM' && isMaker ? 'CANCELLED' : null;
    return role === 'SYSTEM' ? 'EXPIRED' : null;
  };

  it.each(APPROVAL_STATUSES)('from %s: each step only by its actor, only while PENDING_APPROVAL', (status) => {
    for (const decision of [...APPROVAL_DECISIONS, 'EXPIRE'] as const) {
      for (const role of roles) {
        for (const isMaker of [true, false]) {
          for (const holdsModule of [true, false]) {
            const want = status === 'PENDING_APPROVAL' ? expected(decision, role, isMaker, holdsModule) : null;
            const actor = { role, isMaker, holdsModule };
            const label = `${status} ${decision} by ${role} maker=${isMaker} module=${holdsModule}`;
            expect(nextApprovalStatus(status, decision, actor), label).toBe(want);
            expect(allowsApproval(status, { type: decision, ...actor }), label).toBe(want !== null);
          }
        }
      }
    }
  });

  it('never lets the maker approve or decline their own request, even a SUPER ADMIN', () => {
    const maker = { ...checker, isMaker: true };
    expect(nextApprovalStatus('PENDING_APPROVAL', 'APPROVE', maker)).toBeNull();
    expect(nextApprovalStatus('PENDING_APPROVAL', 'DECLINE', maker)).toBeNull();
    expect(nextApprovalStatus('PENDING_APPROVAL', 'APPROVE', checker)).toBe('APPROVED');
  });

  it("refuses APPROVE and DECLINE to a SUPER ADMIN without the action's module", () => {
    const withoutModule = { ...checker, holdsModule: false };
    expect(nextApprovalStatus('PENDING_APPROVAL', 'APPROVE', withoutModule)).toBeNull();
    expect(nextApprovalStatus('PENDING_APPROVAL', 'DECLINE', withoutModule)).toBeNull();
  });

  it('lets an ADMIN maker cancel their own request but never approve one', () => {
    expect(nextApprovalStatus('PENDING_APPROVAL', 'CANCEL', { role: 'ADMIN', isMaker: true, holdsModule: false })).toBe(
      'CANCELLED',
    );
    expect(
      nextApprovalStatus('PENDING_APPROVAL', 'APPROVE', { role: 'ADMIN', isMaker: false, holdsModule: true }),
    ).toBeNull();
  });

  it('ends at APPROVED, DECLINED, CANCELLED or EXPIRED', () => {
    for (const [type, actor, end] of [
      ['APPROVE', checker, 'APPROVED'],
      ['DECLINE', checker, 'DECLINED'],
      ['CANCEL', { role: 'CLIENT', isMaker: true, holdsModule: false }, 'CANCELLED'],
      ['EXPIRE', { role: 'SYSTEM', isMaker: false, holdsModule: false }, 'EXPIRED'],
    ] as const) {
      const run = createActor(approvalLifecycle).start();
      run.send({ type, ...actor });
      expect(run.getSnapshot().value).toBe(end);
      expect(run.getSnapshot().status).toBe('done');
    }
  });
});
