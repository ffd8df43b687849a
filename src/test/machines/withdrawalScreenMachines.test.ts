import { describe, expect, it } from 'vitest';
import { balancePageMachine } from '../../machines/balancePageMachine';
import { nextWithdrawalStatus, withdrawalLifecycle } from '../../machines/lifecycle/withdrawalLifecycle';
import { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import { INVALID_DATE_RANGE } from '../../services/dateRange';
import { ApiError } from '../../services/http';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';

describe('withdrawal lifecycle: model', () => {
  const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT'] as const;
  const model = buildModel(withdrawalLifecycle, { events: roles.flatMap((role) => [{ type: 'COMPLETE', role }, { type: 'REJECT', role }]) });

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
    events: [{ type: 'CONFIRM' }, { type: 'CANCEL' }, doneEvent('decide', 'Withdrawal has been completed'), errorEvent('decide', new ApiError(409, 'Invalid Status: Only PENDING withdrawal requests can be processed'))],
    inputs: [{ uuid: 'u-1', decision: 'COMPLETED' }],
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    expect(s.value).toEqual(path.end.value);
    if (s.matches('failed')) expect(s.context.error).toBe('Invalid Status: Only PENDING withdrawal requests can be processed');
    if (s.matches('decided')) expect(s.context.message).toBe('Withdrawal has been completed');
  });
});

describe('Payments Balance page machine: model', () => {
  const loaded = { summary: { disbursement_balance: 1, nonwithdrawable_balance: 2, withdrawable_balance: 3, pending_withdrawal_balance: 4, balance: 9 }, rows: [], meta: { current_page: 1, last_page: 3, total: 40, per_page: 15 } };
  const model = buildModel(balancePageMachine, {
    events: [
      doneEvent('load', loaded), errorEvent('load', new ApiError(500, 'down')),
      { type: 'SELECT_CLIENT', clientId: 2 },
      { type: 'SET_RANGE_TEXT', value: '2026-11-05 10:00 to 2026-11-01 00:00' },
      { type: 'SET_RANGE_TEXT', value: 'yesterday' },
      { type: 'SET_STATUS', value: 'PENDING' },
      { type: 'SEARCH' }, { type: 'PAGE', page: 2 }, { type: 'PAGE_SIZE', limit: 30 }, { type: 'REFRESH' },
    ],
    inputs: [{ clients: [{ id: 1, client_name: 'PT A' }, { id: 2, client_name: 'PT B' }], range: { start: '2026-11-07 00:00', end: '2026-11-21 10:00' } }, { clients: [] }],
    serialize: (s) => JSON.stringify([s.value, s.context.clientId, s.context.rangeText, s.context.rangeError, s.context.status, s.context.page, s.context.limit, s.context.loadError, s.context.summary != null]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    expect(s.value).toEqual(path.end.value);
    // A search runs only with a valid range, stored as the spec's rules turn it (swapped, 00:00 end -> 23:59).
    if (s.context.start === '2026-11-01 00:00') expect(s.context.end).toBe('2026-11-05 10:00');
    if (s.context.rangeError) expect(s.context.rangeError).toBe(INVALID_DATE_RANGE);
    if (s.matches('noClient')) expect(s.context.clientId).toBeNull();
  });
});
