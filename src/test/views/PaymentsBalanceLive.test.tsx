import { beforeEach, describe, expect, it } from 'vitest';
import { waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { balanceChangesFrom } from '../../machines/balanceWatch';
import { paymentsBalanceMachine } from '../../machines/paymentsBalanceMachine';
import type { BalanceSummary, WithdrawalRow } from '../../services/withdrawalRules';
import { PaymentsBalancePage } from '../../views/withdrawals/PaymentsBalancePage';
import { makeUser } from '../fixtures';
import { CLIENTS, FakeSocket, region } from './pageModelHarness';
import { renderWithSession } from './renderWithSession';
import type { PageMeta } from '../../services/paging';

/**
 * Issue 26: another user's withdrawal request or decision shows on an open Payments Balance screen
 * without a reload, through the 'balance-changed' socket the page opens with the session's token.
 * Expectations written from the issue: the client on screen reloads its figures and history,
 * another client's change asks nothing, and leaving the page closes the socket.
 */
const TITLE = 'Payments Balance';
const meta: PageMeta = { current_page: 1, last_page: 1, total: 1, per_page: 15 };
const row = (status: WithdrawalRow['status']): WithdrawalRow => ({
  uuid: 'wd-1',
  status,
  type: 'withdrawal',
  amount: 250_000,
  name: 'Citra Client',
  bank_name: 'BCA',
  account_no: '7100012345',
  bank_account_name: 'Budi Santoso',
  withdrawal_time: '2026-11-20T03:00:00Z',
  completed_time: status === 'PENDING' ? null : '2026-11-20T04:00:00Z',
  description: 'Rent',
  client_id: 1,
});
const summary = (withdrawable: number, pending: number): BalanceSummary => ({
  disbursement_balance: 0,
  nonwithdrawable_balance: 0,
  withdrawable_balance: withdrawable,
  pending_withdrawal_balance: pending,
  balance: withdrawable + pending,
});

let socket: FakeSocket;
type Answer = { summary: BalanceSummary | null; rows: WithdrawalRow[]; meta: PageMeta };
type Query = { clientId: number | null; start: string; end: string; status: string; page: number; limit: number };
/** What the server answers, in turn, and which client each load asked for. */
let answers: Answer[];
let asked: (number | null)[];
beforeEach(() => {
  socket = new FakeSocket();
  answers = [];
  asked = [];
});

function openPage(type: 'SUPER ADMIN' | 'CLIENT') {
  const logic = paymentsBalanceMachine.provide({
    actors: {
      load: fromPromise<Answer, Query>(async ({ input }) => {
        asked.push(input.clientId);
        return answers.shift()!;
      }),
      balanceChanges: balanceChangesFrom(socket.watch),
    },
  });
  return renderWithSession(<PaymentsBalancePage logic={logic} />, makeUser({ type, otp_verified: true }), {
    modules: [],
    banks: [],
    clients: CLIENTS,
    roles: [],
  });
}

const history = () => within(region(TITLE)).getByRole('table', { name: 'Withdrawal History' });
const available = () => within(region(TITLE)).getByRole('group', { name: 'Available Balance' });

describe('Payments Balance, live', () => {
  it("a client user's screen shows the decision made elsewhere: status and figures, without a reload", async () => {
    answers.push(
      { summary: summary(750_000, 250_000), rows: [row('PENDING')], meta },
      { summary: summary(750_000, 0), rows: [row('COMPLETED')], meta },
    );
    openPage('CLIENT');
    await waitFor(() => expect(within(history()).getByText('PENDING')).toBeInTheDocument());
    expect(socket.opened).toBe(1);

    // Another client's money moved: nothing on this screen is read again.
    await socket.emit({ client_id: 2 });
    expect(asked).toEqual([1]);

    await socket.emit({ client_id: 1 });
    await waitFor(() => expect(within(history()).getByText('COMPLETED')).toBeInTheDocument());
    expect(within(history()).queryByText('PENDING')).toBeNull();
    expect(within(region(TITLE)).getByRole('group', { name: 'Pending Withdrawal' })).toHaveTextContent('Rp. 0');
    expect(asked).toEqual([1, 1]);
  });

  it("a SUPER ADMIN sees a client's new request with Complete and Reject; leaving closes the socket", async () => {
    answers.push(
      { summary: summary(1_000_000, 0), rows: [], meta: { ...meta, total: 0 } },
      { summary: summary(750_000, 250_000), rows: [row('PENDING')], meta },
    );
    const page = openPage('SUPER ADMIN');
    await waitFor(() => expect(available()).toHaveTextContent('Rp. 1,000,000'));
    expect(within(region(TITLE)).getByText('No withdrawals in this period.')).toBeInTheDocument();

    await socket.emit({ client_id: 1 });
    await waitFor(() => expect(available()).toHaveTextContent('Rp. 750,000'));
    const actions = within(history()).getByRole('group', { name: 'Actions for wd-1' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Complete', 'Reject']);

    expect(socket.watching).toBe(1);
    page.unmount();
    expect(socket.watching).toBe(0);
  });
});
