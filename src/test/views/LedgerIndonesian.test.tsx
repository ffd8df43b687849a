import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { loadCatalogs, type Catalogs } from '../../i18n/catalogs';
import { setFormatsLanguage } from '../../i18n/language';
import { SaidContext } from '../../i18n/useT';
import { verdictAlert } from '../../machines/auditLogMachine';
import type { TrialBalance } from '../../services/ledgerRules';
import type { SettlementRun } from '../../services/settlementRules';
import { TrialBalanceTable } from '../../views/ledger/TrialBalanceTable';
import { RecentSettlements } from '../../views/settlement/RecentSettlements';

// Issue 48: the Settlement and Ledger pages' own words, figures and counts in Bahasa Indonesia, as IntlRoot gives them.
let catalogs: Catalogs;
beforeAll(async () => {
  catalogs = await loadCatalogs('id');
});
afterEach(() => {
  cleanup();
  setFormatsLanguage('en');
});

function inIndonesian(children: ReactNode) {
  setFormatsLanguage('id');
  return render(
    <IntlProvider locale="id" defaultLocale="en" messages={catalogs.messages}>
      <SaidContext.Provider value={catalogs.translate}>{children}</SaidContext.Provider>
    </IntlProvider>,
  );
}

const balance: TrialBalance = {
  at: '2026-11-23T03:00:00.000Z',
  first_posting_at: '2026-11-01T03:00:00.000Z',
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
  ],
};

const run: SettlementRun = {
  id: 4,
  type: 'herra_qris',
  start: '2026-11-22 00:00',
  end: '2026-11-22 23:59',
  requested_by: 'superadmin@demo.local',
  status: 'running',
  total_transaction: 1_500,
  total_amount: 2_600_000,
  settled_transaction: 1_200,
  settled_transaction_amount: 2_600_000,
  settled_fee_amount: 100_000,
  settled_amount: 2_500_000,
  moved_amount: 2_400_000,
  error: null,
  started_at: '2026-11-23T03:00:00.000Z',
  finished_at: null,
};

describe('Settlement and Ledger in Bahasa Indonesia', () => {
  it('writes the trial balance in Indonesian, amounts as Indonesian writes them', () => {
    inIndonesian(<TrialBalanceTable balance={balance} loading={false} onOpen={() => {}} />);
    const table = screen.getByRole('table', { name: 'Neraca saldo' });
    expect(within(table).getByRole('columnheader', { name: 'Akun' })).toBeTruthy();
    expect(within(table).getByText('Akun sistem')).toBeTruthy();
    expect(within(table).getByText('-Rp 1.250.000')).toBeTruthy();
    expect(screen.getByLabelText('Total').textContent).toBe(
      'Debit Rp 1.250.000 = Kredit Rp 1.250.000 per 2026-11-23 10:00',
    );
  });

  it('writes the recent runs in Indonesian, counts grouped as Indonesian groups them', () => {
    inIndonesian(
      <RecentSettlements
        runs={[run]}
        loading={false}
        error={null}
        onReload={null}
        canDownload={() => false}
        downloadingId={null}
        reportError={null}
        onDownload={() => {}}
      />,
    );
    const table = screen.getByRole('table', { name: 'Penyelesaian terbaru' });
    expect(within(table).getByText('2026-11-22 00:00 sampai 2026-11-22 23:59')).toBeTruthy();
    expect(within(table).getByText('Berjalan')).toBeTruthy();
    expect(within(table).getByText('Rp 2.500.000')).toBeTruthy();
    expect(within(table).getByText('1.200 dari 1.500')).toBeTruthy();
    expect(within(table).getByRole('button', { name: 'Unduh Laporan' })).toBeTruthy();
  });

  it("translates the audit chain's verdict by its English", () => {
    const alert = verdictAlert({ valid: true, rows: 42, head: null, first_broken_id: null });
    expect(catalogs.translate(alert.title)).toBe('Terverifikasi');
    expect(catalogs.translate(alert.message)).toBe('Rantai audit utuh (42 baris).');
  });
});
