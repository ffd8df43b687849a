import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { defaultForm, paymentsListMachine } from '../../machines/paymentsListMachine';
import type { TransactionFilterParams } from '../../services/api';
import type { TransactionRow } from '../../services/transactionQuery';
import { INVALID_DATE_RANGE } from '../../services/dateRange';
import { ApiError } from '../../services/http';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';
import dayjs from 'dayjs';

const form = { ...defaultForm(dayjs('2026-11-21T10:00:00')) };
const loaded = { rows: [] as TransactionRow[], meta: { current_page: 1, last_page: 9, total: 130, per_page: 15 }, stats: { total_transaction_count: 130, total_transaction_amount: 1_000_000, total_fee_amount: 7_000 } };

describe('Payments List machine: model', () => {
  const model = buildModel(paymentsListMachine, {
    inputs: [{ form }],
    events: [
      doneEvent('load', loaded), errorEvent('load', new ApiError(500, 'down')),
      { type: 'SET_SEARCH_BY', value: 'rrn' }, { type: 'SET_SEARCH', value: '123456789012' },
      { type: 'SET_METHODS', value: ['va_bca', 'fello_qris'] }, { type: 'SET_CLIENT', value: 2 }, { type: 'SET_STATUS', value: 'PENDING' },
      { type: 'SET_RANGE_TEXT', value: '2026-11-20 00:00 to 2026-11-19 00:00' }, { type: 'SET_RANGE_TEXT', value: 'not a range' },
      { type: 'SEARCH' }, { type: 'PAGE', page: 2 }, { type: 'PAGE_SIZE', limit: 1000 }, { type: 'REFRESH' },
    ],
    serialize: (s) => JSON.stringify([s.value, s.context.form.rangeText, s.context.rangeError, s.context.applied.start, s.context.page, s.context.limit, s.context.loadError != null, s.context.stats != null]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    expect(s.value).toEqual(path.end.value);
    // What the table shows always comes from a valid range, turned as the spec says.
    const { start, end } = s.context.applied as TransactionFilterParams;
    expect(start <= end).toBe(true);
    if (start === '2026-11-19 00:00') expect(end).toBe('2026-11-20 23:59');
    if (s.context.rangeError) expect(s.context.rangeError).toBe(INVALID_DATE_RANGE);
  });
});

describe('Payments List machine: what the user gets', () => {
  it('starts on today, FINALIZED, by correlation_id, and searches with the filters as set', async () => {
    const calls: Array<{ filter: TransactionFilterParams; page: number; limit: number }> = [];
    const actor = createActor(paymentsListMachine.provide({
      actors: { load: fromPromise(async ({ input }: { input: { filter: TransactionFilterParams; page: number; limit: number } }) => { calls.push(input); return loaded; }) },
    }), { input: { form } }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls[0].filter).toMatchObject({ start: '2026-11-21 00:00', end: '2026-11-21 23:59', status: 'FINALIZED', search_by: 'correlation_id' });
    actor.send({ type: 'SET_METHODS', value: ['va_bca'] });
    actor.send({ type: 'SET_CLIENT', value: 3 });
    actor.send({ type: 'PAGE_SIZE', limit: 1000 });
    await waitFor(actor, (s) => s.matches('ready'));
    // Filters apply on Search, not as they are typed.
    expect(calls[1].filter.payment_method).toEqual([]);
    actor.send({ type: 'SEARCH' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(calls[2]).toMatchObject({ page: 1, limit: 1000, filter: { payment_method: ['va_bca'], client_id: 3 } });
  });
});
