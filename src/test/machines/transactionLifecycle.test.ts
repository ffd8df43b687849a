import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { allows, nextTransactionStatus, transactionLifecycle } from '../../machines/lifecycle/transactionLifecycle';
import { buildModel } from './modelCoverage';

const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT'] as const;
const events = [
  ...roles.flatMap((role) => ['REFRESH_STATUS', 'FINALIZE_MANUALLY', 'RESEND_CALLBACK', 'ADD_TO_WITHDRAWABLE', 'GENERATE_INVOICE', 'SETTLE'].map((type) => ({ type, role }))),
  { type: 'PROVIDER_PAID' }, { type: 'PROVIDER_TIMEOUT' }, { type: 'PROVIDER_EXPIRED' },
];

describe('transaction lifecycle: model', () => {
  it('has a path through every transition of its definition', () => {
    // Built inside the test: a machine that cannot be explored fails this test, not the file's loading.
    const model = buildModel(transactionLifecycle, {
      events,
      inputs: [{ channel: 'fello_qris', addedToWithdrawable: false }, { channel: 'va_bca', addedToWithdrawable: false }],
    });
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

  it('starts PENDING with the pay-in\'s facts, and marks the move to withdrawable so it cannot happen twice', () => {
    const actor = createActor(transactionLifecycle, { input: { channel: 'herra_qris', addedToWithdrawable: false } }).start();
    expect(actor.getSnapshot().value).toBe('PENDING');
    expect(actor.getSnapshot().context).toEqual({ channel: 'herra_qris', addedToWithdrawable: false });
    actor.send({ type: 'PROVIDER_PAID' });
    actor.send({ type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' });
    expect(actor.getSnapshot().context.addedToWithdrawable).toBe(true);
    expect(actor.getSnapshot().can({ type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(false);
  });

  it('treats both QRIS channels as QRIS, and only va_ channels as virtual accounts', () => {
    for (const channel of ['fello_qris', 'herra_qris'] as const) {
      const facts = { channel, addedToWithdrawable: false };
      expect(nextTransactionStatus('PENDING', facts, { type: 'PROVIDER_TIMEOUT' }), channel).toBe('REQUEST_TIMEOUT');
      expect(allows('PENDING', facts, { type: 'REFRESH_STATUS', role: 'CLIENT' }), channel).toBe(true);
      expect(allows('PENDING', facts, { type: 'PROVIDER_EXPIRED' }), channel).toBe(false);
    }
    const va = { channel: 'va_bca' as const, addedToWithdrawable: false };
    expect(allows('PENDING', va, { type: 'PROVIDER_TIMEOUT' })).toBe(false);
  });

  it('lets only a SUPER ADMIN add to withdrawable', () => {
    for (const role of ['ADMIN', 'CLIENT'] as const) {
      expect(allows('FINALIZED', { channel: 'fello_qris', addedToWithdrawable: false }, { type: 'ADD_TO_WITHDRAWABLE', role })).toBe(false);
    }
  });
});
