import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { LIST_COLUMNS } from '../../services/savedViewRules';
import type { TransactionRow } from '../../services/payinQuery';
import { DISBURSEMENT_COLUMNS, DisbursementTable } from '../../views/disbursement/DisbursementTable';
import { PAYMENT_COLUMNS, PayinTable } from '../../views/payins/PayinTable';
import { pendingRow } from '../disbursementFixtures';

/** Issue 29: a list shows the person's columns, in their order, after the two pinned identity columns. */
const PINNED = ['Transaction Time', 'Correlation ID'];

const payIn: TransactionRow = {
  uuid: 'u-1',
  type: 'fello_qris',
  service_type: 'payin',
  rrn: '123456789012',
  correlation_id: 'FQR26112500000001',
  account_no: '880001',
  currency: 'IDR',
  amount: 100_000,
  fee_amount: 700,
  status: 'PENDING',
  paid_time: null,
  transaction_time: '2026-11-25T02:00:00.000Z',
  settlement_time: null,
  client_id: 1,
  client_name: 'PT Maju',
  added_to_withdrawable: false,
  last_callback: null,
};

const headers = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((h) => h.textContent);
const cells = (table: HTMLElement) =>
  within(within(table).getAllByRole('row')[1])
    .getAllByRole('cell')
    .map((c) => c.textContent);

function payments(shown?: readonly string[]) {
  render(
    <FluentProvider theme={webLightTheme}>
      <PayinTable rows={[payIn]} loading={false} shown={shown} />
    </FluentProvider>,
  );
  return screen.getByRole('table', { name: 'Payments' });
}

describe('list columns', () => {
  it('the chooser offers each table’s own columns after the pinned pair, as the saved-view rules name them', () => {
    expect(PAYMENT_COLUMNS.map((c) => c.header)).toEqual([...PINNED, ...LIST_COLUMNS.transactions]);
    expect(DISBURSEMENT_COLUMNS.map((c) => c.header)).toEqual([...PINNED, ...LIST_COLUMNS.disbursements]);
  });

  it('without a choice, every column shows', () => {
    expect(headers(payments())).toEqual(PAYMENT_COLUMNS.map((c) => c.header));
  });

  it('with a choice, the pinned pair then the chosen columns in the chosen order; unknown names are skipped', () => {
    const table = payments(['RRN', 'Nope', 'Client', 'Transaction Time', 'RRN']);
    expect(headers(table)).toEqual([...PINNED, 'RRN', 'Client']);
    expect(cells(table)).toEqual(['2026-11-25 09:00', 'FQR26112500000001', '123456789012', 'PT Maju']);
  });

  it('the Disbursement List takes the same choice, its actions column kept last', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <DisbursementTable
          rows={[pendingRow]}
          loading={false}
          shown={['Amount', 'Status']}
          actions={() => <button type="button">Act</button>}
        />
      </FluentProvider>,
    );
    const table = screen.getByRole('table', { name: 'Disbursements' });
    expect(headers(table)).toEqual([...PINNED, 'Amount', 'Status', 'Actions']);
  });
});
