import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createIntl } from 'react-intl';
import english from '../../i18n/en.json';
import { setFormatsLanguage } from '../../i18n/language';
import { uploadErrors } from '../../machines/uploadMachine';
import { FormErrors } from '../../views/common/FormErrors';
import { InvoiceDocument } from '../../views/common/InvoiceDocument';
import { Pager } from '../../views/common/Pager';
import { SearchButton } from '../../views/common/SearchButton';
import { indonesian, InIndonesian } from './indonesianCatalog';

/**
 * Issue 48: the shared building blocks in Bahasa Indonesia, with the catalogs the app loads (every part of
 * src/i18n/id), as IntlRoot provides them: a view's own words by id, texts made elsewhere by their English.
 */
const inIndonesian = (ui: ReactElement) =>
  render(
    <FluentProvider theme={webLightTheme}>
      <InIndonesian>{ui}</InIndonesian>
    </FluentProvider>,
  );

const inEnglish = (ui: ReactElement) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);

const meta = (total: number) => ({ current_page: 2, last_page: 5, total, per_page: 15 });

afterEach(() => setFormatsLanguage('en'));

describe('the shared building blocks in Bahasa Indonesia (issue 48)', () => {
  it('the Pager says its count as each language writes it, one or many', () => {
    const { unmount } = inEnglish(<Pager meta={meta(1234)} limit={15} send={() => {}} />);
    expect(screen.getByText('1234 in all')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    unmount();

    // The app shows figures in the language the language machine shows (setFormatsLanguage), as here.
    setFormatsLanguage('id');
    try {
      inIndonesian(<Pager meta={meta(1234)} limit={15} send={() => {}} />);
    } finally {
      setFormatsLanguage('en');
    }
    expect(screen.getByText('Total 1.234')).toBeInTheDocument();
    expect(screen.getByText('Halaman 2 dari 5')).toBeInTheDocument();
    expect(screen.getByText('Baris per halaman')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Halaman sebelumnya' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Halaman berikutnya' })).toBeInTheDocument();
  });

  it("a list's export count agrees with its number in both languages", () => {
    const id = Object.keys(english).find((key) =>
      english[key as keyof typeof english].includes('} the current search.'),
    )!;
    const summary = (locale: 'en' | 'id', noun: string, count: number) =>
      createIntl({ locale, messages: locale === 'id' ? indonesian : {} }).formatMessage(
        { id, defaultMessage: english[id as keyof typeof english] },
        { noun, count },
      );
    expect(summary('en', 'payments', 1)).toBe('1 payment matches the current search.');
    expect(summary('en', 'payments', 1500)).toBe('1,500 payments match the current search.');
    expect(summary('en', 'disbursements', 1)).toBe('1 disbursement matches the current search.');
    expect(summary('en', 'disbursements', 20)).toBe('20 disbursements match the current search.');
    expect(summary('id', 'payments', 1500)).toBe('1.500 pembayaran cocok dengan pencarian saat ini.');
    expect(summary('id', 'disbursements', 1)).toBe('1 pencairan dana cocok dengan pencarian saat ini.');
  });

  it("says a machine's refusals in the person's language, a file's name carried over", () => {
    const pdf = new File(['x'], 'laporan.pdf');
    const errors = uploadErrors({ files: [pdf], maxFiles: 5, maxMb: 5, settlementType: '' });
    expect(errors).toContain('laporan.pdf: only CSV or Excel files are accepted');
    inIndonesian(<FormErrors errors={errors} />);
    const alert = screen.getByRole('alert');
    expect(within(alert).getByText('Galat!')).toBeInTheDocument();
    expect(within(alert).getByText('Pilih jenis penyelesaian')).toBeInTheDocument();
    expect(within(alert).getByText('laporan.pdf: hanya berkas CSV atau Excel yang diterima')).toBeInTheDocument();
  });

  it('names its buttons in the language shown', () => {
    inIndonesian(<SearchButton onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Cari' })).toBeInTheDocument();
  });

  it('writes the invoice in Bahasa Indonesia: its labels and figures; the amount in words as in English', () => {
    setFormatsLanguage('id');
    inIndonesian(
      <InvoiceDocument
        invoice={{
          items: [{ name: 'Voucher Game 100K', ori_price: 100_000, curr_price: 75_000 }],
          service: 'Virtual Account BCA',
          transaction_date: '2026-11-21T03:15:00Z',
          correlation_id: 'INV-20261121-0001',
          client_name: 'PT Maju Jaya',
        }}
        supportEmail="support@bayar.id"
        companyName="PT Bayar Nusantara"
      />,
    );
    const doc = screen.getByRole('document', { name: 'Invoice' });
    expect(within(doc).getByText('Bantuan: support@bayar.id')).toBeInTheDocument();
    expect(screen.getByText('Klien').nextElementSibling).toHaveTextContent('PT Maju Jaya');
    expect(screen.getByText('Tanggal Transaksi').nextElementSibling).toHaveTextContent('2026-11-21 10:15');
    const table = screen.getByRole('table', { name: 'Item' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Kuantitas', 'Harga Awal', 'Diskon', 'Harga']);
    expect(
      within(within(table).getByRole('row', { name: /Voucher Game/ }))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Voucher Game 100K', '1', 'Rp 100.000', '25,00%', 'Rp 75.000']);
    expect(screen.getByText('Tujuh puluh lima ribu rupiah')).toBeInTheDocument();
  });
});
