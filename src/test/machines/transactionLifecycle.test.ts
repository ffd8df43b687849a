import { describe, expect, it } from 'vitest';
import { allows, nextTransactionStatus, transactionLifecycle } from '../../machines/lifecycle/transactionLifecycle';
import { buildModel } from './modelCoverage';

const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT'] as const;
const events = [
  ...roles.flatMap((role) => ['REFRESH_STATUS', 'FINALIZE_MANUALLY', 'RESEND_CALLBACK', 'ADD_TO_WITHDRAWABLE', 'GENERATE_INVOICE', 'SETTLE'].map((type) => ({ type, role }))),
  { type: 'PROVIDER_PAID' }, { type: 'PROVIDER_TIMEOUT' }, { type: 'PROVIDER_EXPIRED' },
];

describe('transaction lifecycle: model', () => {
  const model = buildModel(transactionLifecycle, {
    events,
    inputs: [{ channel: 'fello_qris', addedToWithdrawable: false }, { channel: 'va_bca', addedToWithdrawable: false }],
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it('offers refresh on pending QRIS only, and manual finalize to SUPER ADMIN only', () => {
    const qris = { channel: 'fello_qris' as const, addedToWithdrawable: false };
    const va = { channel: 'va_bca' as const, addedToWithdrawable: false };
    expect(allows('PENDING', qris, { type: 'REFRESH_STATUS', role: 'CLIENT' })).toBe(true);
    expect(allows('REQUEST_TIMEOUT', qris, { type: 'REFRESH_STATUS', role: 'ADMIN' })).toBe(true);
    expect(allows('PENDING', va, { type: 'REFRESH_STATUS', role: 'SUPER ADMIN' })).toBe(false);
    expect(allows('FINALIZED', qris, { type: 'REFRESH_STATUS', role: 'SUPER ADMIN' })).toBe(false);
    expect(nextTransactionStatus('PENDING', qris, { type: 'FINALIZE_MANUALLY', role: 'SUPER ADMIN' })).toBe('FINALIZED');
    expect(nextTransactionStatus('PENDING', qris, { type: 'FINALIZE_MANUALLY', role: 'ADMIN' })).toBeNull();
    expect(nextTransactionStatus('PENDING', va, { type: 'PROVIDER_EXPIRED' })).toBe('VA_EXPIRED');
  });

  it('adds to withdrawable once, irreversibly, and re-sends callbacks only when FINALIZED', () => {
    const fresh = { channel: 'fello_qris' as const, addedToWithdrawable: false };
    expect(allows('FINALIZED', fresh, { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(true);
    expect(allows('FINALIZED', { ...fresh, addedToWithdrawable: true }, { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(false);
    expect(allows('SETTLED', fresh, { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(false);
    for (const status of ['PENDING', 'REQUEST_TIMEOUT', 'SETTLED', 'VA_EXPIRED'] as const) {
      expect(allows(status, fresh, { type: 'RESEND_CALLBACK', role: 'SUPER ADMIN' })).toBe(false);
    }
    expect(allows('FINALIZED', fresh, { type: 'RESEND_CALLBACK', role: 'CLIENT' })).toBe(true);
  });
});
