import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { InvoiceDocument, type Invoice } from '../../views/common/InvoiceDocument';

const invoice: Invoice = {
  items: [
    { name: 'Voucher Game 100K', ori_price: 100_000, curr_price: 75_000 },
    { name: 'Biaya Admin', ori_price: 0, curr_price: 2_500 },
  ],
  service: 'Virtual Account BCA',
  transaction_date: '2026-11-21T03:15:00Z',
  correlation_id: 'INV-20261121-0001',
  client_name: 'PT Maju Jaya',
};

const renderInvoice = () =>
  render(
    <FluentProvider theme={webLightTheme}>
      <InvoiceDocument invoice={invoice} supportEmail="support@bayar.id" companyName="PT Bayar Nusantara" />
    </FluentProvider>,
  );

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('Invoice document', () => {
  it('heads the page with the company and the support e-mail', () => {
    renderInvoice();
    const doc = screen.getByRole('document', { name: 'Invoice' });
    expect(within(doc).getByRole('heading', { name: 'PT Bayar Nusantara' })).toBeInTheDocument();
    expect(within(doc).getByText('Support: support@bayar.id')).toBeInTheDocument();
  });

  it('names the client, correlation id, service and the date in Jakarta time', () => {
    renderInvoice();
    for (const [term, value] of [
      ['Client', 'PT Maju Jaya'],
      ['Correlation ID', 'INV-20261121-0001'],
      ['Service', 'Virtual Account BCA'],
      ['Transaction Date', '2026-11-21 10:15'],
    ]) {
      expect(screen.getByText(term).nextElementSibling).toHaveTextContent(value);
    }
  });

  it('lists each item once, with its discount to two decimals', () => {
    renderInvoice();
    const table = screen.getByRole('table', { name: 'Items' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Item', 'Quantity', 'Original Price', 'Discount', 'Price']);
    expect(cellsOf(within(table).getByRole('row', { name: /Voucher Game/ }))).toEqual([
      'Voucher Game 100K',
      '1',
      'Rp. 100,000',
      '25.00%',
      'Rp. 75,000',
    ]);
    expect(cellsOf(within(table).getByRole('row', { name: /Biaya Admin/ }))).toEqual([
      'Biaya Admin',
      '1',
      'Rp. 0',
      '0.00%',
      'Rp. 2,500',
    ]);
  });

  it('totals the prices in figures and in Indonesian words', () => {
    renderInvoice();
    const totalRow = screen.getByRole('row', { name: /Total/ });
    expect(within(totalRow).getByRole('rowheader')).toHaveTextContent('Total');
    expect(cellsOf(totalRow)).toEqual(['Rp. 77,500']);
    expect(screen.getByText('Tujuh puluh tujuh ribu lima ratus rupiah')).toBeInTheDocument();
  });

  it('prints on one A4 portrait page', () => {
    renderInvoice();
    expect(screen.getByRole('document', { name: 'Invoice' }).querySelector('style')?.textContent).toMatch(
      /@media print\s*{\s*@page\s*{\s*size: A4 portrait;/,
    );
  });
});
