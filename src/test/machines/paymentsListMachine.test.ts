import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { defaultForm, paymentsListMachine } from '../../machines/paymentsListMachine';
import type { TransactionFilterParams } from '../../services/api';
import type { TransactionRow } from '../../services/transactionQuery';
import dayjs from 'dayjs';

// Every transition of the machine is driven through the rendered screen in src/test/views/PaymentsList.model.test.tsx.
const form = { ...defaultForm(dayjs('2026-11-21T10:00:00')) };
const loaded = { rows: [] as TransactionRow[], meta: { current_page: 1, last_page: 9, total: 130, per_page: 15 }, stats: { total_transaction_count: 130, total_transaction_amount: 1_000_000, total_fee_amount: 7_000 } };

describe('Payments List machine: what the user gets', () => {
  it('starts on today, FINALIZED, by correlation_id, and searches with the filters as set', async () => {
    const calls: Array<{ filter: TransactionFilterParams; page: number; limit: number }> = [];
    const actor = createActor(paymentsListMachine.provide({
      actors: { load: fromPromise(async ({ input }: { input: { filter: TransactionFilterParams; page: number; limit: number } }) => { calls.push(input); return loaded; }) },
    }), { input: { role: 'CLIENT', form } }).start();
    await waitFor(actor, (s) => s.matches({ list: 'showing' }));
    expect(calls[0].filter).toMatchObject({ start: '2026-11-21 00:00', end: '2026-11-21 23:59', status: 'FINALIZED', search_by: 'correlation_id' });
    actor.send({ type: 'SET_METHODS', value: ['va_bca'] });
    actor.send({ type: 'SET_CLIENT', value: 3 });
    actor.send({ type: 'PAGE_SIZE', limit: 1000 });
    await waitFor(actor, (s) => s.matches({ list: 'showing' }));
    // Filters apply on Search, not as they are typed.
    expect(calls[1].filter.payment_method).toEqual([]);
    actor.send({ type: 'SEARCH' });
    await waitFor(actor, (s) => s.matches({ list: 'showing' }));
    expect(calls[2]).toMatchObject({ page: 1, limit: 1000, filter: { payment_method: ['va_bca'], client_id: 3 } });
  });

  it("offers Process and Check Transactions to a SUPER ADMIN only, as the pay-in lifecycle says", () => {
    const offers = (role: 'SUPER ADMIN' | 'ADMIN' | 'CLIENT') => {
      const { offersProcess, offersCheck } = createActor(paymentsListMachine, { input: { role, form } }).getSnapshot().context;
      return [offersProcess, offersCheck];
    };
    expect(offers('SUPER ADMIN')).toEqual([true, true]);
    expect(offers('ADMIN')).toEqual([false, false]);
    expect(offers('CLIENT')).toEqual([false, false]);
  });
});
