import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { fromPromise } from 'xstate';
import { ledgerMachine, type StatementQuery } from '../../machines/ledgerMachine';
import { journalLink } from '../../services/ledgerLinks';
import type { Journal, LedgerStatement, TrialBalance } from '../../services/ledgerRules';
import type { PageMeta } from '../../services/withdrawalRules';
import { LedgerPage } from '../../views/ledger/LedgerPage';

const WD = '11111111-2222-3333-4444-555555555555';

const balance: TrialBalance = {
  at: null,
  first_posting_at: null,
  totals: { debit: 1_250_000, credit: 1_250_000 },
  accounts: [
    {
      id: 1,
      code: 'system:channel_receipts',
      name: 'Channel receipts',
      client_id: null,
      client_name: null,
      kind: 'channel_receipts',
      balance: -1_250_000,
    },
    {
      id: 7,
      code: 'client:3:withdrawable',
      name: 'Withdrawable',
      client_id: 3,
      client_name: 'PT Maju Jaya',
      kind: 'withdrawable',
      balance: 1_000_000,
    },
    {
      id: 8,
      code: 'client:3:pending_withdrawal',
      name: 'Pending withdrawals',
      client_id: 3,
      client_name: 'PT Maju Jaya',
      kind: 'pending_withdrawal',
      balance: 250_000,
    },
  ],
};

const statement: LedgerStatement & { meta: PageMeta } = {
  account: balance.accounts[1],
  entries: [
    {
      posting_id: 20,
      entry_id: 10,
      reference: WD,
      kind: 'withdrawal.request',
      description: 'Withdrawal requested',
      time: '2026-11-23T03:00:00Z',
      amount: -250_000,
      balance: 1_000_000,
    },
    {
      posting_id: 12,
      entry_id: 6,
      reference: 'PAY-1',
      kind: 'payin.withdrawable',
      description: 'Added to withdrawable balance',
      time: '2026-11-22T03:00:00Z',
      amount: 1_250_000,
      balance: 1_250_000,
    },
  ],
  meta: { current_page: 1, last_page: 2, total: 17, per_page: 15 },
};

const journal: Journal = {
  reference: WD,
  entries: [
    {
      id: 10,
      kind: 'withdrawal.request',
      reference: WD,
      description: 'Withdrawal requested',
      created_at: '2026-11-23T03:00:00Z',
      postings: [
        { account_id: 7, account_code: 'client:3:withdrawable', amount: -250_000 },
        { account_id: 8, account_code: 'client:3:pending_withdrawal', amount: 250_000 },
      ],
    },
  ],
};

function setup() {
  const asked = { balances: [] as Array<string | null>, statements: [] as StatementQuery[], journals: [] as string[] };
  const logic = ledgerMachine.provide({
    actors: {
      loadBalance: fromPromise<TrialBalance, { at: string | null }>(async ({ input }) => {
        asked.balances.push(input.at);
        return { ...balance, at: input.at };
      }),
      loadStatement: fromPromise<LedgerStatement & { meta: PageMeta }, StatementQuery>(async ({ input }) => {
        asked.statements.push(input);
        return { ...statement, meta: { ...statement.meta, current_page: input.page } };
      }),
      loadJournal: fromPromise<Journal, { reference: string }>(async ({ input }) => {
        asked.journals.push(input.reference);
        return journal;
      }),
      exportStatement: fromPromise<void, { id: number }>(async () => undefined),
    },
  });
  render(
    <FluentProvider theme={webLightTheme}>
      <LedgerPage logic={logic} />
    </FluentProvider>,
  );
  return asked;
}

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell', { hidden: true })
    .map((c) => c.textContent);

afterEach(() => window.history.replaceState(null, '', '/'));

describe('Ledger page', () => {
  it('shows the trial balance grouped by client, with debits = credits', async () => {
    const asked = setup();
    expect(screen.getByRole('heading', { name: 'Ledger' })).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Trial balance' });
    await within(table).findByText('PT Maju Jaya');
    const rows = within(table).getAllByRole('row').slice(1).map(cellsOf);
    expect(rows).toEqual([
      ['System accounts'],
      ['Channel receipts', 'channel_receipts', 'system:channel_receipts', '-Rp. 1,250,000'],
      ['PT Maju Jaya'],
      ['Withdrawable', 'withdrawable', 'client:3:withdrawable', 'Rp. 1,000,000'],
      ['Pending withdrawals', 'pending_withdrawal', 'client:3:pending_withdrawal', 'Rp. 250,000'],
    ]);
    expect(screen.getByLabelText('Totals').textContent).toBe('Debits Rp. 1,250,000 = Credits Rp. 1,250,000');
    expect(asked.balances).toEqual([null]);
    expect(screen.queryByRole('table', { name: 'Statement' })).toBeNull();
  });

  it("opens an account's statement, pages it, and opens a reference's journal whose postings sum to zero", async () => {
    const asked = setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Withdrawable' }));
    const region = await screen.findByRole('region', { name: 'Statement of client:3:withdrawable' });
    const table = within(region).getByRole('table', { name: 'Statement' });
    await within(table).findByText(WD);
    expect(within(table).getAllByRole('row').slice(1).map(cellsOf)).toEqual([
      ['2026-11-23 10:00', WD, 'withdrawal.request', '-Rp. 250,000', 'Rp. 1,000,000'],
      ['2026-11-22 10:00', 'PAY-1', 'payin.withdrawable', 'Rp. 1,250,000', 'Rp. 1,250,000'],
    ]);
    expect(asked.statements).toEqual([{ id: 7, page: 1, limit: 15 }]);
    expect(within(region).getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(false);

    fireEvent.click(within(region).getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(asked.statements).toHaveLength(2));
    expect(asked.statements[1]).toEqual({ id: 7, page: 2, limit: 15 });
    await within(region).findByText('Page 2 of 2');

    fireEvent.click(within(table).getByRole('button', { name: WD }));
    // Fluent's modal may be marked aria-hidden by tabster in jsdom for a moment: found with hidden too.
    const dialog = await screen.findByRole('dialog', { name: 'Journal', hidden: true });
    const postings = await within(dialog).findByRole('table', { name: 'Postings of withdrawal.request', hidden: true });
    expect(within(postings).getAllByRole('row', { hidden: true }).slice(1).map(cellsOf)).toEqual([
      ['client:3:withdrawable', '-Rp. 250,000'],
      ['client:3:pending_withdrawal', 'Rp. 250,000'],
      ['Sum of postings', 'Rp. 0'],
    ]);
    expect(asked.journals).toEqual([WD]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Journal', hidden: true })).toBeNull());

    fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Statement of/ })).toBeNull());
  });

  it("opens on the journal another page's link names", async () => {
    window.history.replaceState(null, '', journalLink(WD));
    const asked = setup();
    const dialog = await screen.findByRole('dialog', { name: 'Journal', hidden: true });
    expect(within(dialog).getByText(`Journal of ${WD}`)).toBeTruthy();
    await within(dialog).findByRole('table', { name: 'Postings of withdrawal.request', hidden: true });
    expect(asked.journals).toEqual([WD]);
  });

  it("refuses an 'As of' it cannot read, and asks for the trial balance as of a moment it can", async () => {
    const asked = setup();
    await screen.findByText('PT Maju Jaya');
    const date = screen.getByLabelText('As of date', { selector: 'input' });
    fireEvent.change(date, { target: { value: '2026-11-23' } });
    fireEvent.blur(date);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await screen.findByText(/'As of' must be a date and time/);
    expect(asked.balances).toEqual([null]);

    const time = screen.getByLabelText('As of time', { selector: 'input' });
    fireEvent.change(time, { target: { value: '10:00' } });
    fireEvent.blur(time);
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    // 10:00 on the business clock (Asia/Jakarta, UTC+7) is 03:00 UTC.
    await waitFor(() => expect(asked.balances).toEqual([null, '2026-11-23T03:00:00.000Z']));
    expect((await screen.findByLabelText('Totals')).textContent).toBe(
      'Debits Rp. 1,250,000 = Credits Rp. 1,250,000 as of 2026-11-23 10:00',
    );
    expect(screen.queryByText(/'As of' must be a date and time/)).toBeNull();
  });
});
