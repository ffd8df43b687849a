import { act } from '@testing-library/react';
import type { Overview } from '../../services/overviewRules';

/** A SUPER ADMIN's overview (approvals, settlement and failed callbacks given), figures written out by hand. */
export const OVERVIEW: Overview = {
  as_of: '2026-11-26T03:15:30Z',
  today: {
    day: '2026-11-26',
    finalized_count: 1_234,
    finalized_amount: 1_250_000,
    fee: 12_500,
    by_channel: [
      { channel: 'va_bca', count: 1_000, amount: 1_000_000 },
      { channel: 'fello_qris', count: 234, amount: 250_000 },
    ],
    success_rate: 0.975,
  },
  yesterday: {
    day: '2026-11-25',
    finalized_count: 1_000,
    finalized_amount: 1_000_000,
    fee: 10_000,
    by_channel: [{ channel: 'va_bca', count: 1_000, amount: 1_000_000 }],
    success_rate: 1,
  },
  daily: [
    {
      day: '2026-11-25',
      by_status: [
        { status: 'FINALIZED', count: 1_000, amount: 1_000_000 },
        { status: 'PENDING', count: 5, amount: 50_000 },
      ],
    },
    {
      day: '2026-11-26',
      by_status: [
        { status: 'FINALIZED', count: 1_234, amount: 1_250_000 },
        { status: 'REQUEST_TIMEOUT', count: 7, amount: 70_000 },
      ],
    },
  ],
  pending: {
    withdrawals: 2,
    withdrawals_since: '2026-11-12',
    disbursements: 3,
    disbursements_since: '2026-11-20',
    approvals: 4,
  },
  balances: [
    { client_id: 1, client_name: 'PT Maju', nonwithdrawable: 500_000, withdrawable: 750_000, disbursement: 100_000 },
  ],
  settlement: [
    {
      type: 'va_mandiri',
      window: { start: '2026-11-25 00:00', end: '2026-11-25 23:59' },
      settled: false,
      unsettled_count: 12,
    },
    {
      type: 'herra_qris',
      window: { start: '2026-11-25 00:00', end: '2026-11-25 23:59' },
      settled: true,
      unsettled_count: 0,
    },
  ],
  callbacks_failed: 5,
};

/** What a client user is given: no approvals, no settlement, no work orders. */
export const CLIENT_OVERVIEW: Overview = {
  ...OVERVIEW,
  pending: { ...OVERVIEW.pending, approvals: null },
  settlement: null,
  callbacks_failed: null,
};

/** The lists' socket events as watchOverview's stand-in: `change()` is any of them arriving. */
export class FakeOverviewSocket {
  private listeners = new Set<() => void>();
  /** How many sockets the page opened (the session cookie authenticates each). */
  opened = 0;
  watch = (onChanged: () => void) => {
    this.opened += 1;
    this.listeners.add(onChanged);
    return () => {
      this.listeners.delete(onChanged);
    };
  };
  get watching() {
    return this.listeners.size;
  }
  async change() {
    await act(async () => {
      this.listeners.forEach((l) => l());
    });
  }
}
