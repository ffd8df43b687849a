import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApprovalPolicyBody, DEFAULT_APPROVAL_POLICY, needsApproval } from '../../services/approvalRules';

/**
 * The approval policy's rule (issue 25): off never holds, always holds, a threshold holds at or above it, by absolute
 * amount.
 */
describe('needsApproval', () => {
  const amount = fc.integer({ min: -1_000_000_000_000_000, max: 1_000_000_000_000_000 });
  const threshold = fc.integer({ min: 1, max: 1_000_000_000_000_000 });

  it('holds by the absolute amount, at or above the threshold, for every amount and threshold', () => {
    fc.assert(
      fc.property(amount, threshold, (a, t) => {
        expect(needsApproval({ mode: 'threshold', threshold: t }, a)).toBe(a !== 0 && Math.abs(a) >= t);
        expect(needsApproval({ mode: 'threshold', threshold: t }, -a)).toBe(
          needsApproval({ mode: 'threshold', threshold: t }, a),
        );
      }),
    );
  });

  it('never holds when off, always holds a movement when always, and never holds a movement of nothing', () => {
    fc.assert(
      fc.property(amount, (a) => {
        expect(needsApproval({ mode: 'off', threshold: null }, a)).toBe(false);
        expect(needsApproval({ mode: 'always', threshold: null }, a)).toBe(a !== 0);
        expect(needsApproval(undefined, a)).toBe(false);
      }),
    );
  });

  it("has the issue's defaults: adjustments and void uploads from Rp. 100,000,000, withdrawals Rp. 500,000,000", () => {
    const entry = (action: string) => DEFAULT_APPROVAL_POLICY.find((e) => e.action === action);
    expect([99_999_999, 100_000_000, -100_000_000].map((a) => needsApproval(entry('balance-adjustment'), a))).toEqual([
      false,
      true,
      true,
    ]);
    expect([499_999_999, 500_000_000].map((a) => needsApproval(entry('withdrawal'), a))).toEqual([false, true]);
    expect([99_999_999, 100_000_000].map((a) => needsApproval(entry('void-upload'), a))).toEqual([false, true]);
    expect(needsApproval(entry('bulk-withdrawable'), 10 ** 15)).toBe(false);
    expect(needsApproval(entry('manual-finalize'), 10 ** 15)).toBe(false);
  });

  it('accepts every action in any mode now that each can be held; a threshold only with its mode', () => {
    for (const action of ['void-upload', 'bulk-withdrawable']) {
      expect(v.safeParse(ApprovalPolicyBody, { policy: [{ action, mode: 'always', threshold: null }] }).success).toBe(
        true,
      );
      expect(v.safeParse(ApprovalPolicyBody, { policy: [{ action, mode: 'threshold', threshold: 1 }] }).success).toBe(
        true,
      );
      expect(v.safeParse(ApprovalPolicyBody, { policy: [{ action, mode: 'off', threshold: 1 }] }).success).toBe(false);
    }
  });
});
