import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { RowActionType } from '../../machines/disbursementListMachine';
import type { PaymentRowActionType } from '../../machines/paymentsListMachine';
import type { TransactionRow } from '../../services/payinQuery';
import { DisbursementRowActions } from '../../views/disbursement/DisbursementRowActions';
import { ROW_ACTIONS_HINT } from '../../views/common/ListTable';
import { DisbursementTable } from '../../views/disbursement/DisbursementTable';
import { PayinRowActions } from '../../views/payins/PayinRowActions';
import { PayinTable } from '../../views/payins/PayinTable';
import { finalizedRow, pendingRow } from '../disbursementFixtures';

/**
 * Issue 26: on both lists, a row's identity and its actions stay in view together, each action button
 * says which row it acts on, and the keyboard reaches a row's actions without walking every icon.
 * jsdom lays nothing out, so the pinning is read from the style rules Griffel puts in the document.
 */

const payIn = (n: number, status: TransactionRow['status']): TransactionRow => ({
  uuid: `u-${n}`,
  type: 'fello_qris',
  service_type: 'payin',
  rrn: null,
  correlation_id: `FQR2611250000000${n}`,
  account_no: `88000${n}`,
  currency: 'IDR',
  amount: 100_000,
  fee_amount: 700,
  status,
  paid_time: null,
  transaction_time: '2026-11-25T02:00:00.000Z',
  settlement_time: null,
  client_id: 1,
  client_name: 'PT Maju',
  added_to_withdrawable: false,
  last_callback: null,
});
const qrisPending = payIn(1, 'PENDING');
const finalized = payIn(2, 'FINALIZED');

function openPayments(onAction = vi.fn()) {
  const offered: Record<string, PaymentRowActionType[]> = {
    [qrisPending.uuid]: ['REFRESH_STATUS', 'FINALIZE_MANUALLY'],
    [finalized.uuid]: ['RESEND_CALLBACK', 'ADD_TO_WITHDRAWABLE', 'GENERATE_INVOICE'],
  };
  render(
    <FluentProvider theme={webLightTheme}>
      <PayinTable
        rows={[qrisPending, finalized]}
        loading={false}
        actions={(r) => <PayinRowActions row={r} offered={offered[r.uuid]} onAction={onAction} />}
      />
    </FluentProvider>,
  );
  return screen.getByRole('table', { name: 'Payments' });
}

function openDisbursements(onAction = vi.fn()) {
  const offered: Record<string, RowActionType[]> = {
    [pendingRow.uuid]: ['FINALIZE', 'REJECT', 'REFRESH_STATUS'],
    [finalizedRow.uuid]: ['GENERATE_INVOICE'],
  };
  render(
    <FluentProvider theme={webLightTheme}>
      <DisbursementTable
        rows={[pendingRow, finalizedRow]}
        loading={false}
        actions={(r) => <DisbursementRowActions row={r} offered={offered[r.uuid]} onAction={onAction} />}
      />
    </FluentProvider>,
  );
  return screen.getByRole('table', { name: 'Disbursements' });
}

const namesIn = (scope: HTMLElement) =>
  within(scope)
    .getAllByRole('button')
    .map((b) => b.getAttribute('aria-label'));
const cellsOf = (table: HTMLElement, id: string) =>
  within(within(table).getByRole('row', { name: new RegExp(id) })).getAllByRole('cell');
const headerOf = (table: HTMLElement, name: string) => within(table).getByRole('columnheader', { name });

/**
 * The identity columns stick left, the second just right of the first; Actions sticks right; each opaque, with an edge.
 */
function expectPinned(table: HTMLElement, id: string) {
  const cells = cellsOf(table, id);
  const [time, correlation] = cells;
  const actions = cells[cells.length - 1];
  expect(correlation).toHaveTextContent(id);
  for (const [cell, side, offset] of [
    [time, 'left', '0px'],
    [headerOf(table, 'Transaction Time'), 'left', '0px'],
    [correlation, 'left', '140px'],
    [headerOf(table, 'Correlation ID'), 'left', '140px'],
    [actions, 'right', '0px'],
    [headerOf(table, 'Actions'), 'right', '0px'],
  ] as const) {
    const style = getComputedStyle(cell);
    expect(style.position, cell.textContent!).toBe('sticky');
    expect(style.getPropertyValue(side), cell.textContent!).toBe(offset);
    // Opaque: the theme's background (headers their own), never transparent.
    expect(style.backgroundColor, cell.textContent!).toMatch(/^var\(--colorNeutralBackground[13]\)$/);
  }
  expect(getComputedStyle(time).width).toBe('140px');
  // The visible edge between the pinned and the scrolling cells.
  expect(getComputedStyle(correlation).boxShadow).toMatch(/^inset -1px 0 0/);
  expect(getComputedStyle(actions).boxShadow).toMatch(/^inset 1px 0 0/);
  // Above the scrolling cells, and the header's pinned corners above the pinned body cells.
  expect(Number(getComputedStyle(correlation).zIndex)).toBeGreaterThan(0);
  expect(Number(getComputedStyle(headerOf(table, 'Correlation ID')).zIndex)).toBeGreaterThan(
    Number(getComputedStyle(headerOf(table, 'Client')).zIndex),
  );
  // The columns between them scroll.
  expect(getComputedStyle(cells[2]).position).not.toBe('sticky');
}

/**
 * Tabster moves focus only to what it thinks is shown: <body> with a size (a 1366 x 768 window) and
 * elements laid out in it (jsdom gives every element a null offsetParent, as if display: none).
 */
beforeEach(() => {
  vi.spyOn(document.body, 'getBoundingClientRect').mockReturnValue({
    x: 0,
    y: 0,
    left: 0,
    top: 0,
    right: 1366,
    bottom: 768,
    width: 1366,
    height: 768,
    toJSON: () => ({}),
  });
  vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
    return this.parentElement;
  });
});
afterEach(() => vi.restoreAllMocks());

async function expectArrowKeysMove(buttons: HTMLElement[]) {
  // Tabster starts listening for keys a moment after the first render.
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
  act(() => buttons[0].focus());
  expect(buttons[0]).toHaveFocus();
  fireEvent.keyDown(buttons[0], { key: 'ArrowRight' });
  await waitFor(() => expect(buttons[1]).toHaveFocus());
  fireEvent.keyDown(buttons[1], { key: 'ArrowLeft' });
  await waitFor(() => expect(buttons[0]).toHaveFocus());
}

describe('Payments List: row identity and actions in view', () => {
  it("names every action button for its row, while the tooltip keeps the spec's word", async () => {
    openPayments();
    expect(namesIn(screen.getByRole('group', { name: `Actions for ${qrisPending.correlation_id}` }))).toEqual([
      'Refresh status FQR26112500000001',
      'Finalize FQR26112500000001',
    ]);
    expect(namesIn(screen.getByRole('group', { name: `Actions for ${finalized.correlation_id}` }))).toEqual([
      'Resend callback FQR26112500000002',
      'Add to withdrawable balance FQR26112500000002',
      'Invoice FQR26112500000002',
    ]);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Finalize FQR26112500000001' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe('Finalize');
  });

  it('pins Transaction Time and Correlation ID left and Actions right, opaque and edged', () => {
    const table = openPayments();
    expectPinned(table, qrisPending.correlation_id);
    expectPinned(table, finalized.correlation_id);
  });

  it("moves focus between a row's actions with the arrow keys, and they still act", async () => {
    const onAction = vi.fn();
    openPayments(onAction);
    const buttons = within(screen.getByRole('group', { name: `Actions for ${finalized.correlation_id}` })).getAllByRole(
      'button',
    );
    await expectArrowKeysMove(buttons);
    fireEvent.keyDown(buttons[0], { key: 'ArrowRight' });
    await waitFor(() => expect(buttons[1]).toHaveFocus());
    fireEvent.click(buttons[1]);
    expect(onAction).toHaveBeenCalledWith('ADD_TO_WITHDRAWABLE', finalized);
  });
});

describe('Disbursement List: row identity and actions in view', () => {
  it("names every action button for its row, while the tooltip keeps the spec's word", async () => {
    openDisbursements();
    expect(namesIn(screen.getByRole('group', { name: `Actions for ${pendingRow.correlation_id}` }))).toEqual([
      'Finalize DSB-PENDING-1',
      'Reject DSB-PENDING-1',
      'Auto-update status DSB-PENDING-1',
    ]);
    expect(namesIn(screen.getByRole('group', { name: `Actions for ${finalizedRow.correlation_id}` }))).toEqual([
      'Generate invoice DSB-FINAL-3',
    ]);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Reject DSB-PENDING-1' }));
    expect((await screen.findByRole('tooltip', {}, { timeout: 2000 })).textContent).toBe('Reject');
  });

  it('leads with Transaction Time and Correlation ID, pinned left, and pins Actions right', () => {
    const table = openDisbursements();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .slice(0, 3)
        .map((h) => h.textContent),
    ).toEqual(['Transaction Time', 'Correlation ID', 'Status']);
    expectPinned(table, pendingRow.correlation_id);
    expectPinned(table, finalizedRow.correlation_id);
  });

  it("moves focus between a row's actions with the arrow keys", async () => {
    openDisbursements();
    await expectArrowKeysMove(
      within(screen.getByRole('group', { name: `Actions for ${pendingRow.correlation_id}` })).getAllByRole('button'),
    );
  });
});

describe('Both lists: the keyboard way to the row actions is said, and the figures lead (issue 45)', () => {
  it.each([
    ['Payments', openPayments],
    ['Disbursements', openDisbursements],
  ] as const)('the %s table is described by a visible hint that names the keys', (_, open) => {
    const table = open();
    expect(table).toHaveAccessibleDescription(ROW_ACTIONS_HINT);
    expect(ROW_ACTIONS_HINT).toMatch(/Tab.*arrow keys.*Enter/);
    const hint = document.getElementById(table.getAttribute('aria-describedby')!)!;
    expect(hint).toHaveTextContent(ROW_ACTIONS_HINT);
    expect(hint.closest('table')).toBeNull();
  });

  it('a table without row actions has no hint', () => {
    render(
      <FluentProvider theme={webLightTheme}>
        <PayinTable rows={[finalized]} loading={false} />
      </FluentProvider>,
    );
    expect(screen.getByRole('table', { name: 'Payments' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(ROW_ACTIONS_HINT)).toBeNull();
  });

  it('Amount and Fee come right after the row identity (and the Disbursement List’s Status)', () => {
    const heads = (table: HTMLElement) =>
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent);
    expect(heads(openPayments()).slice(0, 4)).toEqual(['Transaction Time', 'Correlation ID', 'Amount', 'Fee']);
    cleanup();
    expect(heads(openDisbursements()).slice(0, 5)).toEqual([
      'Transaction Time',
      'Correlation ID',
      'Status',
      'Amount',
      'Fee',
    ]);
  });
});
