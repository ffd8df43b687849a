import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { ledgerMachine, type StatementQuery } from '../../machines/ledgerMachine';
import type { DailyProof, DailyProofQuery } from '../../services/dailyProofRules';
import { journalLink } from '../../services/ledgerLinks';
import type { Journal, LedgerStatement, TrialBalance } from '../../services/ledgerRules';
import { LedgerPage } from '../../views/ledger/LedgerPage';
import { makeUser } from '../fixtures';
import { renderWithSession } from './renderWithSession';
import { dialogLabelled, queryDialogLabelled } from './dialogLabelled';
import type { PageMeta } from '../../services/paging';

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
      audit_id: 41,
      postings: [
        { account_id: 7, account_code: 'client:3:withdrawable', amount: -250_000 },
        { account_id: 8, account_code: 'client:3:pending_withdrawal', amount: 250_000 },
      ],
    },
  ],
};

/** PT Maju Jaya's 23 November: a pay-in finalized and added to withdrawable, and a withdrawal requested. */
const proof: DailyProof = {
  client: { id: 3, client_name: 'PT Maju Jaya' },
  day: '2026-11-23',
  start: '2026-11-22T17:00:00.000Z',
  end: '2026-11-23T17:00:00.000Z',
  opening: {
    nonwithdrawable: 0,
    withdrawable: 1_000_000,
    pending_withdrawal: 0,
    disbursement: 500_000,
    disbursement_hold: 0,
  },
  movements: [
    {
      kind: 'payin.finalized',
      name: 'Pay-ins finalized',
      entries: 1,
      amounts: {
        nonwithdrawable: 99_300,
        withdrawable: 0,
        pending_withdrawal: 0,
        disbursement: 0,
        disbursement_hold: 0,
      },
    },
    {
      kind: 'payin.withdrawable',
      name: 'Pay-ins added to withdrawable (by hand or settled)',
      entries: 1,
      amounts: {
        nonwithdrawable: -99_300,
        withdrawable: 99_300,
        pending_withdrawal: 0,
        disbursement: 0,
        disbursement_hold: 0,
      },
    },
    {
      kind: 'withdrawal.request',
      name: 'Withdrawals and transfers requested',
      entries: 1,
      amounts: {
        nonwithdrawable: 0,
        withdrawable: -250_000,
        pending_withdrawal: 250_000,
        disbursement: 0,
        disbursement_hold: 0,
      },
    },
  ],
  closing: {
    nonwithdrawable: 0,
    withdrawable: 849_300,
    pending_withdrawal: 250_000,
    disbursement: 500_000,
    disbursement_hold: 0,
  },
  ledger: {
    nonwithdrawable: 0,
    withdrawable: 849_300,
    pending_withdrawal: 250_000,
    disbursement: 500_000,
    disbursement_hold: 0,
  },
  agrees: {
    nonwithdrawable: true,
    withdrawable: true,
    pending_withdrawal: true,
    disbursement: true,
    disbursement_hold: true,
  },
};

const clients = [
  { id: 2, client_name: 'PT Sinar Abadi' },
  { id: 3, client_name: 'PT Maju Jaya' },
];

function setup(answers: { proof?: DailyProof; balance?: Partial<TrialBalance> } = {}) {
  const asked = {
    balances: [] as Array<string | null>,
    statements: [] as StatementQuery[],
    journals: [] as string[],
    proofs: [] as DailyProofQuery[],
    proofExports: [] as DailyProofQuery[],
  };
  const logic = ledgerMachine.provide({
    actors: {
      loadBalance: fromPromise<TrialBalance, { at: string | null }>(async ({ input }) => {
        asked.balances.push(input.at);
        return { ...balance, ...answers.balance, at: input.at };
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
      loadProof: fromPromise<DailyProof, DailyProofQuery>(async ({ input }) => {
        asked.proofs.push(input);
        return answers.proof ?? proof;
      }),
      exportProof: fromPromise<void, DailyProofQuery>(async ({ input }) => {
        asked.proofExports.push(input);
      }),
    },
  });
  renderWithSession(
    <LedgerPage logic={logic} />,
    makeUser({ type: 'AUDITOR', otp_verified: true, modules: ['ledger'] }),
    { modules: [], banks: [], clients, roles: [] },
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
    expect(await screen.findByRole('heading', { name: 'Ledger', level: 1 })).toBeTruthy();
    const section = screen.getByRole('region', { name: 'Trial balance' });
    expect(within(section).getByRole('heading', { name: 'Trial balance', level: 2 })).toBeTruthy();
    // The 'As of' field says the ledger is kept by posting time.
    expect(within(section).getByText(/The ledger is kept by posting time/)).toBeTruthy();
    const table = within(section).getByRole('table', { name: 'Trial balance' });
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
    const region = await screen.findByRole('region', { name: 'Statement of Withdrawable · PT Maju Jaya' });
    // The statement's heading takes the focus as it opens, so it is where the keyboard and a screen reader are.
    const heading = within(region).getByRole('heading', { name: 'Statement of Withdrawable · PT Maju Jaya', level: 2 });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(within(region).getByText('client:3:withdrawable · balance Rp. 1,000,000', { exact: false })).toBeTruthy();
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
    const dialog = await dialogLabelled('Journal');
    const postings = await within(dialog).findByRole('table', { name: 'Postings of withdrawal.request', hidden: true });
    expect(within(postings).getAllByRole('row', { hidden: true }).slice(1).map(cellsOf)).toEqual([
      ['client:3:withdrawable', '-Rp. 250,000'],
      ['client:3:pending_withdrawal', 'Rp. 250,000'],
      ['Sum of postings', 'Rp. 0'],
    ]);
    expect(asked.journals).toEqual([WD]);
    // Issue 43: the entry names the audit line of the action that posted it, opened on the Audit Log in
    // its minute (10:00 on the business clock).
    expect(within(dialog).getByRole('link', { name: 'Audit line #41', hidden: true }).getAttribute('href')).toBe(
      '/dashboard/audit-log?start=2026-11-23+10%3A00&end=2026-11-23+10%3A00&line=41',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close', hidden: true }));
    await waitFor(() => expect(queryDialogLabelled('Journal')).toBeNull());

    fireEvent.click(within(region).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Statement of/ })).toBeNull());
  });

  it("opens on the journal another page's link names", async () => {
    window.history.replaceState(null, '', journalLink(WD));
    const asked = setup();
    const dialog = await dialogLabelled('Journal');
    expect(within(dialog).getByText(`Journal of ${WD}`)).toBeTruthy();
    await within(dialog).findByRole('table', { name: 'Postings of withdrawal.request', hidden: true });
    expect(asked.journals).toEqual([WD]);
  });

  it("refuses an 'As of' it cannot read, and asks for the trial balance as of a moment it can", async () => {
    const asked = setup();
    await within(await screen.findByRole('table', { name: 'Trial balance' })).findByText('PT Maju Jaya');
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

  it("says so when 'As of' is before the first posting, instead of a silent Rp. 0", async () => {
    const asked = setup({
      balance: {
        first_posting_at: '2026-11-23T08:00:00.000Z',
        totals: { debit: 0, credit: 0 },
        accounts: balance.accounts.map((a) => ({ ...a, balance: 0 })),
      },
    });
    await within(await screen.findByRole('table', { name: 'Trial balance' })).findByText('PT Maju Jaya');
    for (const [label, value] of [
      ['As of date', '2026-11-23'],
      ['As of time', '10:00'],
    ]) {
      const input = screen.getByLabelText(label, { selector: 'input' });
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
    }
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(asked.balances).toEqual([null, '2026-11-23T03:00:00.000Z']));
    expect(
      await screen.findByText(
        'No postings before 2026-11-23 15:00: the ledger is kept by posting time, so as of 2026-11-23 10:00 every ' +
          'balance is Rp. 0.',
      ),
    ).toBeTruthy();
  });
});

const proofRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1).map(cellsOf);

async function showProof(day: string) {
  const card = await screen.findByRole('region', { name: 'Daily proof' });
  fireEvent.click(within(card).getByRole('button', { name: 'Show proof' }));
  // No client chosen: the route's own rule, in place, and nothing asked.
  expect(await within(card).findByText('Choose a client')).toBeTruthy();
  fireEvent.click(within(card).getByRole('combobox', { name: 'Client' }));
  fireEvent.click(await screen.findByRole('option', { name: 'PT Maju Jaya' }));
  const input = within(card).getByRole('combobox', { name: 'Day' });
  fireEvent.change(input, { target: { value: day } });
  fireEvent.blur(input);
  fireEvent.click(within(card).getByRole('button', { name: 'Show proof' }));
  return card;
}

describe("Ledger page: a client's daily proof", () => {
  it('shows opening, the movements by kind and closing per account, agreeing with the ledger, and exports it', async () => {
    const asked = setup();
    const card = await showProof('2026-11-23');
    const table = await within(card).findByRole('table', { name: 'Daily proof of PT Maju Jaya on 2026-11-23' });
    expect(asked.proofs).toEqual([{ client_id: 3, day: '2026-11-23' }]);
    const blank = '';
    expect(proofRows(table)).toEqual([
      ['Opening balance', blank, 'Rp. 0', 'Rp. 1,000,000', 'Rp. 0', 'Rp. 500,000', 'Rp. 0'],
      ['Pay-ins finalized', '1', 'Rp. 99,300', blank, blank, blank, blank],
      ['Pay-ins added to withdrawable (by hand or settled)', '1', '-Rp. 99,300', 'Rp. 99,300', blank, blank, blank],
      ['Withdrawals and transfers requested', '1', blank, '-Rp. 250,000', 'Rp. 250,000', blank, blank],
      ['Closing balance (opening + movements)', blank, 'Rp. 0', 'Rp. 849,300', 'Rp. 250,000', 'Rp. 500,000', 'Rp. 0'],
      ["Ledger balance at the day's end", blank, 'Rp. 0', 'Rp. 849,300', 'Rp. 250,000', 'Rp. 500,000', 'Rp. 0'],
      ['Closing equals the ledger', blank, 'Yes', 'Yes', 'Yes', 'Yes', 'Yes'],
    ]);
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Line',
      'Entries',
      'Not yet withdrawable',
      'Withdrawable',
      'Pending withdrawals',
      'Disbursement balance',
      'Held for disbursements',
    ]);
    expect(within(card).getByText(/every closing balance equals the ledger's own balance/)).toBeTruthy();
    expect(within(card).queryByText('The proof does not agree with the ledger')).toBeNull();

    // Export takes the proof on screen, whatever is chosen since.
    fireEvent.click(within(card).getByRole('combobox', { name: 'Client' }));
    fireEvent.click(await screen.findByRole('option', { name: 'PT Sinar Abadi' }));
    fireEvent.click(within(card).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(asked.proofExports).toEqual([{ client_id: 3, day: '2026-11-23' }]));
  });

  it('refuses a cleared day in place, and asks nothing', async () => {
    const asked = setup();
    // The picker keeps the last real day it had when what is typed is none (2026-02-30): only a cleared one reaches
    // the machine, whose rule is the route's.
    const card = await showProof('');
    expect(await within(card).findByText('The day must be a real date as YYYY-MM-DD')).toBeTruthy();
    expect(asked.proofs).toEqual([]);
    expect(within(card).getByRole('button', { name: 'Export' }).hasAttribute('disabled')).toBe(true);
  });

  it('shows a disagreement: which account, its closing and the ledger, and No in its column', async () => {
    setup({
      proof: {
        ...proof,
        ledger: { ...proof.ledger, withdrawable: 850_000 },
        agrees: { ...proof.agrees, withdrawable: false },
      },
    });
    const card = await showProof('2026-11-23');
    const table = await within(card).findByRole('table', { name: 'Daily proof of PT Maju Jaya on 2026-11-23' });
    expect(within(card).getByText('The proof does not agree with the ledger')).toBeTruthy();
    expect(within(card).getByText(/Withdrawable: closing Rp\. 849,300, ledger Rp\. 850,000/)).toBeTruthy();
    expect(proofRows(table).at(-1)).toEqual(['Closing equals the ledger', '', 'Yes', 'No', 'Yes', 'Yes', 'Yes']);
    expect(proofRows(table).at(-2)).toEqual([
      "Ledger balance at the day's end",
      '',
      'Rp. 0',
      'Rp. 850,000',
      'Rp. 250,000',
      'Rp. 500,000',
      'Rp. 0',
    ]);
  });
});
