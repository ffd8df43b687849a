import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { defaultForm, paymentsListMachine } from '../../machines/paymentsListMachine';
import { alerts, type Alert } from '../../services/alerts';
import { api, type TransactionFilterParams } from '../../services/api';
import type { TransactionRow } from '../../services/payinQuery';
import dayjs from 'dayjs';

// Every transition of the machine is driven through the rendered screen in src/test/views/PaymentsList.model.test.tsx.
// Here, in node, there is no address bar: the list's memory (issue 29) is left out, its views child and
// Back/Forward watch stand in idle, and what it would write to the address is kept to be read.
const written: string[] = [];
const withoutAddressBar = (machine: typeof paymentsListMachine) =>
  machine.provide({
    actors: {
      savedViews: fromPromise(() => new Promise<never>(() => {})) as never,
      urlWatch: fromCallback(() => {}),
    },
    actions: {
      showQuery: ({ context }) => {
        written.push(context.applied.status);
      },
    },
  });
const form = { ...defaultForm(dayjs('2026-11-21T10:00:00')) };
const listAnswer = {
  rows: [] as TransactionRow[],
  meta: { current_page: 1, last_page: 9, total: 130, per_page: 15 },
  stats: { total_transaction_count: 130, total_transaction_amount: 1_000_000, total_fee_amount: 7_000 },
};

describe('Payments List machine: what the user gets', () => {
  it('starts on today, FINALIZED, by correlation_id, and searches with the filters as set', async () => {
    const calls: Array<{ filter: TransactionFilterParams; page: number; limit: number }> = [];
    written.length = 0;
    const actor = createActor(
      withoutAddressBar(paymentsListMachine).provide({
        actors: {
          load: fromPromise(
            async ({ input }: { input: { filter: TransactionFilterParams; page: number; limit: number } }) => {
              calls.push(input);
              return listAnswer;
            },
          ),
        },
      }),
      { input: { role: 'CLIENT', form } },
    ).start();
    await waitFor(actor, (s) => s.matches({ list: 'showing' }));
    expect(calls[0].filter).toMatchObject({
      start: '2026-11-21 00:00',
      end: '2026-11-21 23:59',
      status: 'FINALIZED',
      search_by: 'correlation_id',
    });
    actor.send({ type: 'SET_METHODS', value: ['va_bca'] });
    actor.send({ type: 'SET_CLIENT', value: 3 });
    actor.send({ type: 'PAGE_SIZE', limit: 1000 });
    await waitFor(actor, (s) => s.matches({ list: 'showing' }));
    // Filters apply on Search, not as they are typed.
    expect(calls[1].filter.payment_method).toEqual([]);
    actor.send({ type: 'SEARCH' });
    await waitFor(actor, (s) => s.matches({ list: 'showing' }));
    expect(calls[2]).toMatchObject({ page: 1, limit: 1000, filter: { payment_method: ['va_bca'], client_id: 3 } });
    // The size and the search each go to the address.
    expect(written).toEqual(['FINALIZED', 'FINALIZED']);
  });

  it('offers Process and Check Transactions to a SUPER ADMIN only, as the pay-in lifecycle says', () => {
    const offers = (role: 'SUPER ADMIN' | 'ADMIN' | 'CLIENT') => {
      const { offersProcess, offersCheck } = createActor(paymentsListMachine, { input: { role, form } }).getSnapshot()
        .context;
      return [offersProcess, offersCheck];
    };
    expect(offers('SUPER ADMIN')).toEqual([true, true]);
    expect(offers('ADMIN')).toEqual([false, false]);
    expect(offers('CLIENT')).toEqual([false, false]);
  });
});

describe("Payments List machine: 'Refresh status' says whether anything changed (issue 16)", () => {
  afterEach(() => vi.restoreAllMocks());
  const pending: TransactionRow = {
    uuid: 'u-1',
    type: 'fello_qris',
    service_type: 'payin',
    rrn: null,
    correlation_id: 'FQR-1',
    account_no: '1',
    currency: 'IDR',
    amount: 10_000,
    fee_amount: 100,
    status: 'PENDING',
    paid_time: null,
    transaction_time: '2026-11-21T02:00:00.000Z',
    settlement_time: null,
    client_id: 1,
    client_name: 'PT Maju',
    added_to_withdrawable: false,
    last_callback: null,
  };

  // The server's answer names the status now; the machine compares it with the row's status before.
  it.each([
    ['PENDING', { title: 'No change', message: 'The provider still reports PENDING', intent: 'info' }, 1],
    ['FINALIZED', { title: 'Success', message: 'Transaction status is now FINALIZED', intent: 'success' }, 2],
  ] as const)('the provider answers %s', async (status, alert, loads) => {
    vi.spyOn(api, 'refreshTransactionStatus').mockResolvedValue({ message: alert.message, data: { status } } as never);
    let loaded = 0;
    const actor = createActor(
      withoutAddressBar(paymentsListMachine).provide({
        actors: {
          load: fromPromise(async () => {
            loaded += 1;
            return { ...listAnswer, rows: [pending] };
          }),
        },
      }),
      { input: { role: 'CLIENT', form } },
    ).start();
    const seen: Alert[] = [];
    const stop = alerts.subscribe((a) => seen.push(a));
    await waitFor(actor, (s) => s.matches({ list: 'showing' }));
    actor.send({ type: 'REFRESH_STATUS', row: pending });
    await waitFor(actor, (s) => s.matches({ dialog: 'closed' }) && s.matches({ list: 'showing' }));
    stop();
    expect(api.refreshTransactionStatus).toHaveBeenCalledWith('FQR-1');
    expect(seen).toEqual([alert]);
    expect(loaded).toBe(loads);
  });
});
