import { describe, expect, it } from 'vitest';
import { paymentsBalanceMachine } from '../../machines/paymentsBalanceMachine';
import { nextWithdrawalStatus, withdrawalLifecycle } from '../../machines/lifecycle/withdrawalLifecycle';
import { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { INVALID_DATE_RANGE } from '../../services/dateRange';
import { ApiError } from '../../services/http';
import { DEFAULT_APPROVAL_POLICY } from '../../services/approvalRules';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

describe('withdrawal lifecycle: model', () => {
  const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT'] as const;
  const model = buildModel(withdrawalLifecycle, {
    events: roles.flatMap((role) => [
      { type: 'COMPLETE', role },
      { type: 'REJECT', role },
    ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it('lets only a SUPER ADMIN move a PENDING withdrawal, and nothing move it again', () => {
    for (const role of roles) {
      expect(nextWithdrawalStatus('PENDING', 'COMPLETED', role)).toBe(role === 'SUPER ADMIN' ? 'COMPLETED' : null);
      expect(nextWithdrawalStatus('PENDING', 'REJECTED', role)).toBe(role === 'SUPER ADMIN' ? 'REJECTED' : null);
      for (const done of ['COMPLETED', 'REJECTED'] as const) {
        expect(nextWithdrawalStatus(done, 'COMPLETED', role)).toBeNull();
        expect(nextWithdrawalStatus(done, 'REJECTED', role)).toBeNull();
      }
    }
  });
});

describe('withdrawal decision machine: model', () => {
  const model = buildModel(withdrawalDecisionMachine, {
    events: [
      { type: 'CONFIRM' },
      { type: 'CANCEL' },
      doneEvent('decide', 'Withdrawal has been completed'),
      errorEvent('decide', new ApiError(409, 'Invalid Status: Only PENDING withdrawal requests can be processed')),
    ],
    inputs: [{ uuid: 'u-1', decision: 'COMPLETED' }],
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    if (s.matches('failed'))
      expect(s.context.error).toBe('Invalid Status: Only PENDING withdrawal requests can be processed');
    if (s.matches('decided')) expect(s.context.message).toBe('Withdrawal has been completed');
  });
});

describe('Payments Balance page machine: model', () => {
  const summary = (withdrawable: number) => ({
    disbursement_balance: 1,
    nonwithdrawable_balance: 2,
    withdrawable_balance: withdrawable,
    pending_withdrawal_balance: 4,
    balance: 9,
  });
  const pending = {
    uuid: 'w-1',
    status: 'PENDING',
    type: 'withdrawal',
    amount: 50_000,
    name: 'Citra',
    bank_name: 'BCA',
    account_no: '1',
    bank_account_name: 'Budi',
    withdrawal_time: '2026-11-20T01:00:00Z',
    completed_time: null,
    description: '',
    client_id: 1,
  };
  const loaded = (withdrawable: number) => ({
    summary: summary(withdrawable),
    rows: [pending],
    meta: { current_page: 1, last_page: 3, total: 40, per_page: 15 },
  });
  const pageEvents = [
    { type: 'SELECT_CLIENT', clientId: 2 },
    // Issue 45: staff see every client's withdrawals at once.
    { type: 'SELECT_ALL_CLIENTS' },
    { type: 'SET_RANGE_TEXT', value: '2026-11-05 10:00 to 2026-11-01 00:00' },
    { type: 'SET_RANGE_TEXT', value: 'yesterday' },
    { type: 'SET_STATUS', value: 'PENDING' },
    { type: 'SEARCH' },
    { type: 'PAGE', page: 2 },
    { type: 'PAGE_SIZE', limit: 30 },
    { type: 'OPEN_REQUEST', mode: 'withdrawal' },
    { type: 'COMPLETE', row: pending },
    { type: 'REJECT', row: pending },
    { type: 'REJECT', row: { ...pending, status: 'COMPLETED' } },
    // The socket: someone's withdrawal moved the money of the client on screen, or of another.
    { type: 'REFRESH', clientId: 1 },
    { type: 'REFRESH', clientId: 2 },
    // Issue 29: Back or Forward to a link (readable or not, or the bare page), and a saved view.
    { type: 'URL_CHANGED', query: 'client_filter=2&status=PENDING&range=yesterday' },
    { type: 'URL_CHANGED', query: '' },
    { type: 'URL_CHANGED', query: 'status=NOPE' },
    { type: 'APPLY_VIEW', query: 'status=PENDING&range=yesterday', replace: false },
    { type: 'APPLY_VIEW', query: 'status=NOPE', replace: false },
  ];
  const dialogOutcomes = [
    doneEvent('request', { submitted: true, held: false }),
    doneEvent('request', { submitted: true, held: true }),
    doneEvent('request', { submitted: false, held: false }),
    doneEvent('decision', { outcome: 'decided', message: 'Withdrawal has been completed' }),
    doneEvent('decision', { outcome: 'failed', message: 'Invalid Status' }),
    doneEvent('decision', { outcome: 'cancelled', message: null }),
  ];
  const model = buildModel(paymentsBalanceMachine, {
    // A dialog is modal: while one is open the page takes only its outcome (and a load settling).
    events: (s) => [
      doneEvent('load', loaded(3_000_000)),
      doneEvent('load', loaded(15_000)),
      errorEvent('load', new ApiError(500, 'down')),
      // The approval policy, read once (issue 45) so a request's question can say it will be held.
      ...(s.context.policy == null ? [doneEvent('approvalPolicy', DEFAULT_APPROVAL_POLICY)] : []),
      ...(s.matches({ dialog: 'closed' }) ? pageEvents : dialogOutcomes),
    ],
    inputs: [
      {
        clients: [
          { id: 1, client_name: 'PT A' },
          { id: 2, client_name: 'PT B' },
        ],
        user: { type: 'SUPER ADMIN' },
        range: { start: '2026-11-07 00:00', end: '2026-11-21 10:00' },
      },
      { clients: [], user: null },
    ],
    // Status, page and size change the query, not the steps: left out, they keep the graph small.
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.clientId,
        s.context.rangeText,
        s.context.rangeError,
        s.context.loadError,
        s.context.summary?.withdrawable_balance ?? null,
      ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    // A search runs only with a valid range, stored as the spec's rules turn it (swapped, 00:00 end -> 23:59).
    if (s.context.start === '2026-11-01 00:00') expect(s.context.end).toBe('2026-11-05 10:00');
    if (s.context.rangeError) expect(s.context.rangeError).toBe(INVALID_DATE_RANGE);
    if (s.matches({ figures: 'noClient' })) expect(s.context.clientId).toBeNull();
    // The request dialog never opens below the minimum, nor a decision on a row that is not PENDING.
    if (s.matches({ dialog: 'requesting' }))
      expect(s.context.summary!.withdrawable_balance).toBeGreaterThanOrEqual(20_000);
    if (s.matches({ dialog: 'deciding' })) expect(s.context.target!.status).toBe('PENDING');
  });
});
