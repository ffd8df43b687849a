import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { balanceChangesFrom } from '../../machines/balanceWatch';
import { masterBalanceMachine } from '../../machines/masterBalanceMachine';
import { disbursementAccountMachine, payinDetailMachine } from '../../machines/accountPageMachine';
import { ApiError } from '../../services/http';
import { DisbursementAccountPage } from '../../views/disbursement/DisbursementAccountPage';
import { MasterBalancePage } from '../../views/disbursement/MasterBalancePage';
import { PayinDetailPage } from '../../views/payins/PayinDetailPage';
import { deposit } from './depositPageModel';
import { CLIENTS, FakeSocket, chooseClient, click, region, renderPage } from './pageModelHarness';

// The real actors over a mocked API client: what the pages ask the server, and when.
const api = vi.hoisted(() => ({
  accountSummary: vi.fn(),
  updateBalance: vi.fn(),
  balanceHistory: vi.fn(),
  payinList: vi.fn(),
}));
vi.mock('../../services/api', () => ({ api }));

const summary = (disbursement: number) => ({
  disbursement_balance: disbursement,
  nonwithdrawable_balance: 1_000,
  withdrawable_balance: 2_000,
  pending_withdrawal_balance: 0,
  balance: 3_000,
});
const MASTER = 'Master Disbursement Balance';
const amountBox = () => within(region(MASTER)).getByRole('textbox', { name: 'Adjust Balance amount' });
const figure = (title: string, name: string) => within(region(title)).getByRole('group', { name });
const updateButton = () => within(region(MASTER)).getByRole('button', { name: 'Update Balance' });

let socket: FakeSocket;
beforeEach(() => {
  vi.clearAllMocks();
  socket = new FakeSocket();
});

const master = () => masterBalanceMachine.provide({ actors: { balanceChanges: balanceChangesFrom(socket.watch) } });

describe('Master Disbursement Balance', () => {
  it('keeps the text as typed, says what it reads as, refuses one below zero by the field before a call', async () => {
    api.accountSummary.mockResolvedValue(summary(100_000));
    renderPage(<MasterBalancePage logic={master()} />, CLIENTS);
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000'));
    expect(api.accountSummary).toHaveBeenCalledWith(1);

    fireEvent.change(amountBox(), { target: { value: '1250000' } });
    expect(amountBox()).toHaveValue('1250000');
    expect(
      within(region(MASTER)).getByText('Reads as Rp. 1,250,000 (satu juta dua ratus lima puluh ribu rupiah)'),
    ).toBeInTheDocument();
    expect(figure(MASTER, 'After Balance')).toHaveTextContent('Rp. 1,350,000');
    expect(updateButton()).toBeEnabled();

    fireEvent.change(amountBox(), { target: { value: '-100001' } });
    expect(amountBox()).toHaveValue('-100001');
    expect(figure(MASTER, 'After Balance')).toHaveTextContent('-Rp. 1');
    expect(
      within(region(MASTER)).getByText('The disbursement balance cannot go below zero: it is Rp. 100,000'),
    ).toBeInTheDocument();
    expect(updateButton()).toBeDisabled();
    fireEvent.keyDown(amountBox(), { key: 'Enter' });
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();

    // Exactly the balance is allowed: the after-balance may be zero.
    fireEvent.change(amountBox(), { target: { value: '-100000' } });
    expect(figure(MASTER, 'After Balance')).toHaveTextContent('Rp. 0');
    expect(updateButton()).toBeEnabled();
    expect(api.updateBalance).not.toHaveBeenCalled();
  });

  it.each([
    // Issue 25: a person typing cents or the Indonesian convention moves exactly what they mean.
    ['250000.00', 'Rp. 250,000 (dua ratus lima puluh ribu rupiah)', 'Rp. 350,000'],
    ['250.000,00', 'Rp. 250,000 (dua ratus lima puluh ribu rupiah)', 'Rp. 350,000'],
    ['Rp. 1.250.000', 'Rp. 1,250,000 (satu juta dua ratus lima puluh ribu rupiah)', 'Rp. 1,350,000'],
    ['-Rp. 50,000', '-Rp. 50,000 (minus lima puluh ribu rupiah)', 'Rp. 50,000'],
  ])('reads %s as %s, never a hundred times more', async (typed, words, after) => {
    api.accountSummary.mockResolvedValue(summary(100_000));
    renderPage(<MasterBalancePage logic={master()} />, CLIENTS);
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000'));
    fireEvent.change(amountBox(), { target: { value: typed } });
    expect(amountBox()).toHaveValue(typed);
    expect(within(region(MASTER)).getByText(`Reads as ${words}`)).toBeInTheDocument();
    expect(figure(MASTER, 'After Balance')).toHaveTextContent(after);
    expect(updateButton()).toBeEnabled();
  });

  it.each([
    ['1.5', 'Rupiah amounts are whole numbers'],
    ['1.250,50', 'Rupiah amounts are whole numbers'],
    ['1e6', 'Exponents are not accepted: type every digit'],
    ['1,25', "The separators are ambiguous: group thousands in threes ('1,250,000' or '1.250.000')"],
    ['12abc', 'Only digits, thousands separators and an optional Rp. are accepted'],
  ])('refuses %s by name under the field, with no after-balance and no Update', async (typed, problem) => {
    api.accountSummary.mockResolvedValue(summary(100_000));
    renderPage(<MasterBalancePage logic={master()} />, CLIENTS);
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000'));
    fireEvent.change(amountBox(), { target: { value: typed } });
    expect(amountBox()).toHaveValue(typed);
    expect(within(region(MASTER)).getByText(problem)).toBeInTheDocument();
    expect(figure(MASTER, 'After Balance')).toHaveTextContent('-');
    expect(updateButton()).toBeDisabled();
    fireEvent.keyDown(amountBox(), { key: 'Enter' });
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
  });

  it('says the adjustment waits for a second SUPER ADMIN when the server holds it; the balance stays', async () => {
    api.accountSummary.mockResolvedValue(summary(100_000));
    api.updateBalance.mockResolvedValue({
      message: 'Waiting for approval by another SUPER ADMIN',
      balance: null,
      approvalId: 12,
    });
    renderPage(<MasterBalancePage logic={master()} />, CLIENTS);
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000'));
    fireEvent.change(amountBox(), { target: { value: '150.000.000' } });
    await click(updateButton());
    const dialog = screen.getByRole('alertdialog', { hidden: true });
    expect(dialog).toHaveTextContent(
      'by Rp. 150,000,000 (seratus lima puluh juta rupiah), from Rp. 100,000 to Rp. 150,100,000',
    );
    await click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    expect(api.updateBalance).toHaveBeenCalledWith({ client_id: 1, amount: 150_000_000 });
    await waitFor(() =>
      expect(within(region(MASTER)).getByText('Waiting for approval by another SUPER ADMIN')).toBeInTheDocument(),
    );
    expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000');
    expect(amountBox()).toHaveValue('');
  });

  it('asks Are you sure?, sends the adjustment, shows the success and new balance, and clears the form', async () => {
    api.accountSummary.mockResolvedValueOnce(summary(100_000)).mockResolvedValue(summary(350_000));
    api.updateBalance.mockResolvedValue({ message: 'Balance has been updated', balance: 350_000, approvalId: null });
    renderPage(<MasterBalancePage logic={master()} />, CLIENTS);
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000'));
    fireEvent.change(amountBox(), { target: { value: '250000' } });
    await click(updateButton());
    const dialog = screen.getByRole('alertdialog', { hidden: true });
    expect(dialog).toHaveTextContent('Are you sure?');
    expect(api.updateBalance).not.toHaveBeenCalled();
    await click(within(dialog).getByRole('button', { name: 'Confirm', hidden: true }));
    expect(api.updateBalance).toHaveBeenCalledWith({ client_id: 1, amount: 250_000 });
    // The alert is the machine's, through the one alert host; the page says it too.
    await waitFor(() => expect(within(region(MASTER)).getByText('Balance has been updated')).toBeInTheDocument());
    expect(screen.getAllByText('Balance has been updated').length).toBeGreaterThanOrEqual(2);
    expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 350,000');
    expect(amountBox()).toHaveValue('');
    expect(screen.queryByRole('alertdialog', { hidden: true })).toBeNull();
    await waitFor(() => expect(api.accountSummary).toHaveBeenCalledTimes(2));
  });

  it("shows the server's refusal in 'Failed', then reads the balance again and goes back to editing", async () => {
    api.accountSummary.mockResolvedValueOnce(summary(100_000)).mockResolvedValue(summary(40_000));
    api.updateBalance.mockRejectedValue(
      new ApiError(422, 'The disbursement balance cannot go below zero: it is Rp. 40,000'),
    );
    renderPage(<MasterBalancePage logic={master()} />, CLIENTS);
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000'));
    fireEvent.change(amountBox(), { target: { value: '-50000' } });
    await click(updateButton());
    await click(
      within(screen.getByRole('alertdialog', { hidden: true })).getByRole('button', { name: 'Confirm', hidden: true }),
    );
    const failed = await screen.findByRole('alertdialog', { hidden: true });
    await waitFor(() =>
      expect(failed).toHaveTextContent('FailedThe disbursement balance cannot go below zero: it is Rp. 40,000'),
    );
    await click(within(failed).getByRole('button', { name: 'OK', hidden: true }));
    // The typed amount stays, now judged against the balance as it is.
    expect(amountBox()).toHaveValue('-50000');
    expect(
      within(region(MASTER)).getByText('The disbursement balance cannot go below zero: it is Rp. 40,000'),
    ).toBeInTheDocument();
    expect(updateButton()).toBeDisabled();
  });

  it('reloads the previous balance when the shown client’s balance changes elsewhere, not for another', async () => {
    api.accountSummary.mockResolvedValueOnce(summary(100_000)).mockResolvedValue(summary(175_000));
    renderPage(<MasterBalancePage logic={master()} />, CLIENTS);
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 100,000'));
    expect(socket.opened).toBe(1);
    await socket.emit({ client_id: 2 });
    expect(api.accountSummary).toHaveBeenCalledTimes(1);
    await socket.emit({ client_id: 1 });
    await waitFor(() => expect(figure(MASTER, 'Previous Balance')).toHaveTextContent('Rp. 175,000'));
  });
});

describe('Disbursement Account', () => {
  it("shows '-' while loading, then the card and Deposit History; a balance-changed event reloads both", async () => {
    let answer!: (v: unknown) => void;
    api.accountSummary
      .mockReturnValueOnce(
        new Promise((r) => {
          answer = r;
        }),
      )
      .mockResolvedValue(summary(4_500_000));
    api.balanceHistory
      .mockResolvedValueOnce({
        rows: [deposit(1, 250_000)],
        meta: { current_page: 1, last_page: 1, total: 1, per_page: 15 },
      })
      .mockResolvedValue({
        rows: [deposit(2, 250_000), deposit(1, 250_000)],
        meta: { current_page: 1, last_page: 1, total: 2, per_page: 15 },
      });
    const logic = disbursementAccountMachine.provide({ actors: { balanceChanges: balanceChangesFrom(socket.watch) } });
    renderPage(<DisbursementAccountPage logic={logic} />, CLIENTS);
    const title = 'Disbursement Account';
    await waitFor(() => expect(api.accountSummary).toHaveBeenCalledWith(1));
    expect(figure(title, 'Disbursement Balance')).toHaveTextContent(/Balance-$/);
    answer(summary(4_250_000));
    await waitFor(() => expect(figure(title, 'Disbursement Balance')).toHaveTextContent('Rp. 4,250,000'));
    const history = within(region(title)).getByRole('table', { name: 'Deposit History' });
    expect(
      within(history)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['PIC', 'Amount', 'Deposit Time', 'Description']);
    expect(within(history).getAllByRole('row')).toHaveLength(2);
    expect(api.balanceHistory).toHaveBeenCalledWith(expect.objectContaining({ client_filter: 1, page: 1, limit: 15 }));

    await socket.emit({ client_id: 1 });
    await waitFor(() => expect(figure(title, 'Disbursement Balance')).toHaveTextContent('Rp. 4,500,000'));
    expect(within(history).getAllByRole('row')).toHaveLength(3);
  });

  it('loads the chosen client', async () => {
    api.accountSummary.mockResolvedValue(summary(0));
    api.balanceHistory.mockResolvedValue({ rows: [], meta: { current_page: 1, last_page: 1, total: 0, per_page: 15 } });
    renderPage(
      <DisbursementAccountPage
        logic={disbursementAccountMachine.provide({ actors: { balanceChanges: balanceChangesFrom(socket.watch) } })}
      />,
      CLIENTS,
    );
    await waitFor(() => expect(api.balanceHistory).toHaveBeenCalledTimes(1));
    await chooseClient('Disbursement Account', 2);
    await waitFor(() =>
      expect(api.balanceHistory).toHaveBeenLastCalledWith(expect.objectContaining({ client_filter: 2, page: 1 })),
    );
    expect(within(region('Disbursement Account')).getByText('No deposits in this date range.')).toBeInTheDocument();
  });
});

describe('Payin Detail', () => {
  it('re-searches when the client changes, and shows the three figures', async () => {
    api.accountSummary.mockResolvedValue(summary(0));
    api.payinList.mockResolvedValue([deposit(1, 250_000)]);
    renderPage(
      <PayinDetailPage
        logic={payinDetailMachine.provide({ actors: { balanceChanges: balanceChangesFrom(socket.watch) } })}
      />,
      CLIENTS,
    );
    const title = 'Disbursement Accounts';
    await waitFor(() => expect(figure(title, 'Balance')).toHaveTextContent('Rp. 3,000'));
    expect(figure(title, 'Non-withdrawable Balance')).toHaveTextContent('Rp. 1,000');
    expect(figure(title, 'Withdrawable Balance')).toHaveTextContent('Rp. 2,000');
    expect(
      within(region(title)).getByText(/^Last updated at \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    ).toBeInTheDocument();
    await chooseClient(title, 2);
    await waitFor(() => expect(api.payinList).toHaveBeenLastCalledWith(expect.objectContaining({ client_filter: 2 })));
    expect(api.accountSummary).toHaveBeenLastCalledWith(2);
  });
});
