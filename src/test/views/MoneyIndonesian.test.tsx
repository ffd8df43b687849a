import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { IntlProvider } from 'react-intl';
import { createActor } from 'xstate';
import { loadCatalogs } from '../../i18n/catalogs';
import { setFormatsLanguage } from '../../i18n/language';
import { SaidContext } from '../../i18n/useT';
import { withdrawalDecisionMachine } from '../../machines/withdrawalDecisionMachine';
import type { ApprovalRow } from '../../services/approvalRules';
import type { DepositRow } from '../../services/disbursementAccountRules';
import type { WithdrawalRow } from '../../services/withdrawalRules';
import { ApprovalFacts } from '../../views/approvals/ApprovalDecisionDialog';
import { ApprovalStatusBadge } from '../../views/approvals/ApprovalStatusBadge';
import { DepositTable } from '../../views/disbursement/DepositTable';
import { BalanceCards } from '../../views/withdrawals/BalanceCards';
import { WithdrawalDecisionDialog } from '../../views/withdrawals/WithdrawalDecisionDialog';
import { WithdrawalHistoryTable } from '../../views/withdrawals/WithdrawalHistoryTable';

/**
 * Issue 48: the withdrawal and approval screens in Bahasa Indonesia, with the catalogs the app loads: their words
 * translate, amounts read 'Rp 1.250.000', and the amount in words (terbilang) is the same Indonesian in both languages.
 */

async function renderIn(language: 'en' | 'id', ui: ReactElement) {
  const catalogs = await loadCatalogs(language);
  setFormatsLanguage(language);
  return render(
    <FluentProvider theme={webLightTheme}>
      <IntlProvider locale={language} defaultLocale="en" messages={catalogs.messages}>
        <SaidContext.Provider value={catalogs.translate}>{ui}</SaidContext.Provider>
      </IntlProvider>
    </FluentProvider>,
  );
}

afterEach(() => setFormatsLanguage('en'));

const withdrawal: WithdrawalRow = {
  uuid: 'wd-1',
  type: 'withdrawal',
  client_id: 1,
  status: 'PENDING',
  amount: 1_250_000,
  name: 'Budi',
  bank_name: 'BCA',
  account_no: '1234567890',
  bank_account_name: 'Budi Santoso',
  withdrawal_time: '2026-11-21T03:00:00.000Z',
  completed_time: null,
  description: '',
} as WithdrawalRow;

const decisionDialog = (decision: 'COMPLETED' | 'REJECTED', kind: WithdrawalRow['type']) => {
  const actor = createActor(withdrawalDecisionMachine, { input: { uuid: 'wd-1', decision } }).start();
  return (
    <WithdrawalDecisionDialog
      actor={actor}
      withdrawal={{
        kind,
        amount: 250_000,
        clientName: 'PT Maju',
        account: kind === 'withdrawal' ? withdrawal : undefined,
      }}
    />
  );
};

describe('Payments Balance in Bahasa Indonesia', () => {
  it('names the balance cards in Indonesian, with amounts as Indonesian writes them', async () => {
    await renderIn(
      'id',
      <BalanceCards
        summary={{
          nonwithdrawable_balance: 500_000,
          withdrawable_balance: 1_250_000,
          pending_withdrawal_balance: 0,
          balance: 1_750_000,
          disbursement_balance: 0,
        }}
      />,
    );
    expect(screen.getByRole('group', { name: 'Saldo Tersedia' })).toHaveTextContent('Rp 1.250.000');
    expect(screen.getByRole('group', { name: 'Total Saldo' })).toHaveTextContent('Rp 1.750.000');
    expect(screen.getByRole('group', { name: 'Saldo Belum Dapat Ditarik' })).toHaveTextContent('Rp 500.000');
  });

  it('heads the history and names its buttons in Indonesian; the status code stays as it is', async () => {
    await renderIn(
      'id',
      <WithdrawalHistoryTable
        rows={[withdrawal, { ...withdrawal, uuid: 'wd-2', type: 'transfer_to_disburse' }]}
        loading={false}
        decides
        actionsOf={() => ['COMPLETE', 'REJECT']}
        onAction={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Riwayat Penarikan' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual([
      'Status',
      'Nominal',
      'Pengaju',
      'Bank Penerima',
      'Rekening Penerima',
      'Nama Penerima',
      'Waktu Pengajuan',
      'Waktu Selesai',
      'Keterangan',
      'Aksi',
    ]);
    const actions = within(table).getByRole('group', { name: 'Aksi untuk wd-1' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Selesaikan', 'Tolak']);
    expect(within(table).getAllByText('PENDING')).toHaveLength(2);
    expect(within(table).getAllByText('Rp 1.250.000')).toHaveLength(2);
  });

  it('asks the decision in Indonesian, the amount in figures as Indonesian writes them and in words', async () => {
    await renderIn('id', decisionDialog('COMPLETED', 'withdrawal'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Selesaikan penarikan sebesar Rp 250.000 (dua ratus lima puluh ribu rupiah) dari PT Maju ke Budi Santoso ' +
        '(BCA 1234567890)? Tindakan ini tidak dapat dibatalkan.',
    );
    expect(within(dialog).getByRole('button', { name: 'Selesaikan' })).toBeInTheDocument();
  });

  it('keeps the English question word for word, the words of the amount Indonesian', async () => {
    await renderIn('en', decisionDialog('REJECTED', 'transfer_to_disburse'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Reject the transfer of Rp. 250,000 (dua ratus lima puluh ribu rupiah) from PT Maju to the disbursement ' +
        'balance? This cannot be undone.',
    );
  });
});

describe('Approvals in Bahasa Indonesia', () => {
  const row = {
    id: 7,
    action: 'withdrawal',
    status: 'PENDING_APPROVAL',
    client_name: 'PT Maju',
    maker_name: 'Budi',
    maker_email: 'budi@demo.local',
    amount: 150_000_000,
    before: 10_000_000,
    after: 160_000_000,
    // As the server writes it, in English, when the request is held (server/domain/withdrawals.ts).
    summary: 'Withdraw Rp. 150,000,000 from PT Maju to BCA 1234567890',
  } as ApprovalRow;

  it("shows a request's facts and status in Indonesian; the words of the amount stay Indonesian", async () => {
    await renderIn(
      'id',
      <>
        <ApprovalStatusBadge status="PENDING_APPROVAL" />
        <ApprovalFacts row={row} />
      </>,
    );
    expect(screen.getByText('Menunggu persetujuan')).toBeInTheDocument();
    expect(screen.getByRole('definition', { name: 'Nominal' })).toHaveTextContent(
      'Rp 150.000.000 (seratus lima puluh juta rupiah)',
    );
    expect(screen.getByRole('definition', { name: 'Saldo' })).toHaveTextContent('Rp 10.000.000 → Rp 160.000.000');
    expect(screen.getByRole('definition', { name: 'Pembuat' })).toHaveTextContent('Budi (budi@demo.local)');
    // The summary is stored in English and said in the reader's language, its values carried across.
    expect(screen.getByRole('definition', { name: 'Ringkasan' })).toHaveTextContent(
      'Tarik Rp 150.000.000 dari PT Maju ke BCA 1234567890',
    );
  });

  it('keeps the English summary word for word', async () => {
    await renderIn('en', <ApprovalFacts row={row} />);
    expect(screen.getByRole('definition', { name: 'Summary' })).toHaveTextContent(
      'Withdraw Rp. 150,000,000 from PT Maju to BCA 1234567890',
    );
  });
});

describe('Deposits in Bahasa Indonesia', () => {
  const deposits = [
    { id: 1, name: 'Budi', amount: 5_000_000, created_at: '2026-11-21T03:00:00.000Z', description: 'Setoran awal' },
    {
      id: 2,
      name: 'Budi',
      amount: -250_000,
      created_at: '2026-11-22T03:00:00.000Z',
      // As the server writes it (server/domain/masterBalance.ts), stored in English.
      description: 'Master balance adjustment by Budi, approved by Sari',
    },
  ] as DepositRow[];

  it("says the server's descriptions in Indonesian and leaves what a person typed as typed", async () => {
    await renderIn('id', <DepositTable label="Setoran" rows={deposits} loading={false} />);
    const table = screen.getByRole('table', { name: 'Setoran' });
    expect(within(table).getByText('Penyesuaian saldo induk oleh Budi, disetujui oleh Sari')).toBeInTheDocument();
    expect(within(table).getByText('Setoran awal')).toBeInTheDocument();
    expect(within(table).getByText('-Rp 250.000')).toBeInTheDocument();
  });
});
