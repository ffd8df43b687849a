import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
// The app's dayjs, with the time-zone plugin its formatters load.
import '../../services/format';
import { ApiError } from '../../services/http';
import type { SavedView } from '../../services/savedViewRules';
import type { UserTypeName } from '../../services/schemas';
import { DisbursementListPage } from '../../views/disbursement/DisbursementListPage';
import { makeUser } from '../fixtures';
import {
  disbursementMeta,
  disbursementRows,
  disbursementStats,
  finalizedRow,
  pendingRow,
  rejectedRow,
  requestRow,
  voidResult,
  voidedRow,
} from '../disbursementFixtures';
import { renderWithSession } from './renderWithSession';
import { APPROVAL_AHEAD } from '../../services/approvalRules';

const api = vi.hoisted(() => ({
  disbursementList: vi.fn(),
  disbursementSummary: vi.fn(),
  updateDisbursement: vi.fn(),
  voidDisbursementsFile: vi.fn(),
  previewVoidDisbursementsFile: vi.fn(),
  refreshDisbursementStatus: vi.fn(),
  disbursementInvoice: vi.fn(),
  addDisbursementToWithdrawable: vi.fn(),
  downloadDisbursements: vi.fn(),
  emailDisbursements: vi.fn(),
  // Issue 29: the person's saved views and columns, read as the list opens.
  savedViews: vi.fn(),
  listColumns: vi.fn(),
}));
vi.mock('../../services/api', () => ({ api }));

const clients = [
  { id: 1, client_name: 'PT Maju' },
  { id: 2, client_name: 'CV Jaya' },
];

function open(type: UserTypeName, address = '/', views: SavedView[] = []) {
  window.history.replaceState(null, '', address);
  api.disbursementList.mockResolvedValue({ rows: disbursementRows, meta: disbursementMeta });
  api.disbursementSummary.mockResolvedValue(disbursementStats);
  api.savedViews.mockResolvedValue(views);
  api.listColumns.mockResolvedValue(null);
  const user = makeUser({ type, otp_verified: true, modules: ['disbursement', 'disbursement-transactions'] });
  return renderWithSession(<DisbursementListPage />, user, { modules: [], banks: [], clients, roles: [] });
}

const table = async () => {
  const t = await screen.findByRole('table', { name: 'Disbursements' });
  await waitFor(() => expect(t).toHaveAttribute('aria-busy', 'false'));
  return t;
};
const rowOf = (t: HTMLElement, correlationId: string) =>
  within(t).getByRole('row', { name: new RegExp(correlationId) });
// In jsdom, tabster may mark an open dialog aria-hidden after a re-render (see the model test), so
// dialogs are found by their title and their buttons by their text.
const dialogTitled = (title: string) =>
  waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[role=dialog],[role=alertdialog]')].find(
      (d) => d.querySelector('h2')?.textContent === title,
    );
    if (!found) throw new Error(`no dialog titled ${title}`);
    return found;
  });
const press = (scope: HTMLElement, label: string) =>
  fireEvent.click([...scope.querySelectorAll('button')].find((b) => b.textContent === label)!);
// A row's action buttons by name, the row's correlation ID (which every name ends in) left off.
const actionsOf = (t: HTMLElement, correlationId: string) =>
  within(rowOf(t, correlationId))
    .queryAllByRole('button')
    .map((b) => {
      const name = b.getAttribute('aria-label') ?? b.textContent ?? '';
      expect(name.endsWith(` ${correlationId}`), name).toBe(true);
      return name.slice(0, -correlationId.length - 1);
    });

beforeEach(() => vi.clearAllMocks());
afterEach(() => window.history.replaceState(null, '', '/'));

describe('Disbursement List', () => {
  it('shows the spec columns, badges in spec colours, amounts in rupiah, over the last 7 days by default', async () => {
    open('SUPER ADMIN');
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Transaction Time',
      'Correlation ID',
      'Status',
      'Amount',
      'Fee',
      'Withdrawal Method',
      'Client',
      'Bank Name',
      'Bank Account Name',
      'Account No',
      'Original Transaction No',
      'Completed Time',
      'Actions',
    ]);
    const cells = within(rowOf(t, finalizedRow.correlation_id))
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells.slice(0, 12)).toEqual([
      '2026-11-20 10:00',
      'DSB-FINAL-3',
      'FINALIZED',
      'Rp. 1,250,000',
      'Rp. 5,000',
      'BIFAST',
      'PT Maju',
      'Bank Central Asia',
      'Siti Rahayu',
      '1234567890',
      'ORI-001',
      '2026-11-20 11:30',
    ]);
    const colours = Object.fromEntries(
      disbursementRows.map((r) => [
        r.status,
        within(rowOf(t, r.correlation_id)).getByText(r.status).getAttribute('data-colour'),
      ]),
    );
    expect(colours).toEqual({
      PENDING: 'orange',
      PENDING_REQUEST: 'blue',
      FINALIZED: 'green',
      REJECTED: 'red',
      VOIDED: 'grey',
    });
    expect(api.disbursementList.mock.calls[0][0]).toMatchObject({ status: '', search_by: 'correlation_id' });
    // The last 7 days on the business clock, today included: 6 days ago 00:00 to today 23:59 (the server's default
    // too).
    const today = dayjs().tz('Asia/Jakarta');
    expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue(
      `${today.subtract(6, 'day').format('YYYY-MM-DD')} 00:00 to ${today.format('YYYY-MM-DD')} 23:59`,
    );
    expect(screen.getByRole('group', { name: 'Total Amount' })).toHaveTextContent('Rp. 25,000,000');
  });

  it("labels the method filter as its column is named, 'Withdrawal Method', offering the methods", async () => {
    open('SUPER ADMIN');
    await table();
    const filters = screen.getByRole('search', { name: 'Disbursement filters' });
    expect(within(filters).queryByRole('combobox', { name: 'Payment method' })).toBeNull();
    fireEvent.click(within(filters).getByRole('combobox', { name: 'Withdrawal Method' }));
    expect((await screen.findAllByRole('menuitemcheckbox')).map((o) => o.textContent)).toEqual([
      'BIFAST',
      'ONLINE',
      'SKN',
      'RTGS',
    ]);
  });

  it('as SUPER ADMIN offers the actions the lifecycle allows on each row, and the void upload', async () => {
    open('SUPER ADMIN');
    const t = await table();
    expect(actionsOf(t, pendingRow.correlation_id)).toEqual(['Finalize', 'Reject', 'Auto-update status']);
    expect(actionsOf(t, requestRow.correlation_id)).toEqual(['Finalize', 'Reject', 'Auto-update status']);
    expect(actionsOf(t, finalizedRow.correlation_id)).toEqual(['Generate invoice']);
    expect(actionsOf(t, rejectedRow.correlation_id)).toEqual(['Add to withdrawable balance']);
    // Already moved on to the withdrawable balance: nothing left to do.
    expect(actionsOf(t, voidedRow.correlation_id)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Upload Void Transaction' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /process/i })).toBeNull();
  });

  it.each(['CLIENT', 'ADMIN'] as const)('as %s shows no row actions and no upload button', async (type) => {
    open(type);
    const t = await table();
    expect(
      within(t)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).not.toContain('Actions');
    expect(within(t).queryAllByRole('button')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Upload Void Transaction' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('finalizes after "Are you sure?", shows the success alert and reloads the list and tiles', async () => {
    api.updateDisbursement.mockResolvedValue({ status: 'success', message: 'Disbursement has been finalized' });
    open('SUPER ADMIN');
    const t = await table();
    fireEvent.click(
      within(rowOf(t, pendingRow.correlation_id)).getByRole('button', {
        name: `Finalize ${pendingRow.correlation_id}`,
      }),
    );
    const dialog = await dialogTitled('Are you sure?');
    expect(dialog).toHaveTextContent(
      `Finalize disbursement ${pendingRow.correlation_id} of Rp. 1,250,000 to Bank Central Asia 1234567890`,
    );
    press(dialog, 'Finalize');
    expect(await screen.findByText('Disbursement has been finalized')).toBeInTheDocument();
    expect(api.updateDisbursement).toHaveBeenCalledWith(pendingRow.uuid, 'COMPLETED');
    await waitFor(() => expect(api.disbursementList).toHaveBeenCalledTimes(2));
    expect(api.disbursementSummary).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[role=alertdialog]')).toBeNull();
  });

  it('closes "Are you sure?" on Escape, sending nothing, with the focus back on the row\'s button', async () => {
    open('SUPER ADMIN');
    const t = await table();
    // jsdom does not focus on click: the person's focus is put on the button as a browser would.
    const finalize = within(rowOf(t, pendingRow.correlation_id)).getByRole('button', {
      name: `Finalize ${pendingRow.correlation_id}`,
    });
    finalize.focus();
    fireEvent.click(finalize);
    const dialog = await dialogTitled('Are you sure?');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('[role=alertdialog]')).toBeNull());
    expect(api.updateDisbursement).not.toHaveBeenCalled();
    // The row's actions came back as new buttons; the focus is on this row's Finalize again.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rowOf(t, pendingRow.correlation_id)).getByRole('button', {
          name: `Finalize ${pendingRow.correlation_id}`,
        }),
      ),
    );
  });

  it('keeps "Are you sure?" open on Escape while the decision is being sent', async () => {
    api.updateDisbursement.mockReturnValue(new Promise(() => {}));
    open('SUPER ADMIN');
    const t = await table();
    fireEvent.click(
      within(rowOf(t, pendingRow.correlation_id)).getByRole('button', {
        name: `Finalize ${pendingRow.correlation_id}`,
      }),
    );
    const dialog = await dialogTitled('Are you sure?');
    press(dialog, 'Finalize');
    await waitFor(() => expect(api.updateDisbursement).toHaveBeenCalledTimes(1));
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect((await dialogTitled('Are you sure?')).textContent).toContain('Working…');
  });

  it("closes 'Add to withdrawable balance?' on Escape, adding nothing, focus back on the row's button", async () => {
    open('SUPER ADMIN');
    const t = await table();
    const add = within(rowOf(t, rejectedRow.correlation_id)).getByRole('button', {
      name: `Add to withdrawable balance ${rejectedRow.correlation_id}`,
    });
    add.focus();
    fireEvent.click(add);
    fireEvent.keyDown(await dialogTitled('Are you sure?'), { key: 'Escape' });
    await waitFor(() => expect(document.querySelector('[role=alertdialog]')).toBeNull());
    expect(api.addDisbursementToWithdrawable).not.toHaveBeenCalled();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        within(rowOf(t, rejectedRow.correlation_id)).getByRole('button', {
          name: `Add to withdrawable balance ${rejectedRow.correlation_id}`,
        }),
      ),
    );
  });

  it("keeps a refused rejection open with the server's message, to retry or cancel", async () => {
    api.updateDisbursement.mockRejectedValue(
      Object.assign(new Error('Invalid Status: Only PENDING or PENDING_REQUEST disbursements can be processed'), {
        status: 409,
      }),
    );
    open('SUPER ADMIN');
    const t = await table();
    fireEvent.click(
      within(rowOf(t, requestRow.correlation_id)).getByRole('button', { name: `Reject ${requestRow.correlation_id}` }),
    );
    press(await dialogTitled('Are you sure?'), 'Reject');
    const failed = await dialogTitled('Failed');
    expect(api.updateDisbursement).toHaveBeenCalledWith(requestRow.uuid, 'REJECTED');
    expect(failed.querySelector('[role=alert]')).toHaveTextContent('An error has occurred. Please try again later.');
    press(failed, 'Cancel');
    await waitFor(() => expect(document.querySelector('[role=alertdialog]')).toBeNull());
    expect(api.disbursementList).toHaveBeenCalledTimes(1);
  });

  it("previews a void file, voids nothing until Confirm, then lists every row's outcome", async () => {
    // The file names its FINALIZED one twice: the second row says so, and it is counted once.
    api.previewVoidDisbursementsFile.mockResolvedValue(voidResult(1, true, true));
    api.voidDisbursementsFile.mockResolvedValue({ message: '1 of 4 rows voided', result: voidResult(1, false, true) });
    open('SUPER ADMIN');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Void Transaction' }));
    const dialog = await dialogTitled('Upload Void Transaction');
    const file = new File(['correlation_id\nDSB-FINAL-3\nNO-SUCH-REF\nDSB-PENDING-1\nDSB-FINAL-3\n'], 'void.csv', {
      type: 'text/csv',
    });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });
    press(dialog, 'Upload');
    // The first click only asks what would happen.
    const preview = await dialogTitled('Upload Void Transaction: Preview');
    expect(api.previewVoidDisbursementsFile).toHaveBeenCalledWith(file);
    expect(api.voidDisbursementsFile).not.toHaveBeenCalled();
    expect(preview).toHaveTextContent(
      'Void 1 disbursement returning Rp. 1,255,000 (satu juta dua ratus lima puluh lima ribu rupiah)?',
    );
    // Below the approval threshold: no word of a second SUPER ADMIN.
    expect(preview).not.toHaveTextContent(APPROVAL_AHEAD);
    const previewed = [...preview.querySelectorAll('table[aria-label="Void preview"] tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(previewed.map((r) => r[2])).toEqual(['Will be voided', 'Not found', 'Not FINALIZED', 'Named twice']);
    expect(preview).toHaveTextContent('1 will be voided');
    expect(preview).toHaveTextContent('1 named twice');
    expect(api.disbursementList).toHaveBeenCalledTimes(1);
    press(preview, 'Confirm');
    const results = await dialogTitled('Upload Void Transaction: Results');
    expect(api.voidDisbursementsFile).toHaveBeenCalledWith(file, { count: 1, amount: 1_255_000 });
    const rows = [...results.querySelectorAll('table[aria-label="Void results"] tbody tr')].map((r) =>
      [...r.querySelectorAll('td')].map((c) => c.textContent),
    );
    expect(rows).toEqual([
      ['1', 'DSB-FINAL-3', 'Voided', 'Voided'],
      ['2', 'NO-SUCH-REF', 'Not found', 'Not found'],
      ['3', 'DSB-PENDING-1', 'Not FINALIZED', 'Status is PENDING'],
      ['4', 'DSB-FINAL-3', 'Named twice', 'Named twice in the file: counted once'],
    ]);
    expect(results).toHaveTextContent('1 voided');
    expect(results).toHaveTextContent('1 named twice');
    expect(results).toHaveTextContent(
      'Voided 1 disbursement: Rp. 1,255,000 (satu juta dua ratus lima puluh lima ribu rupiah) back on the ' +
        'disbursement balance.',
    );
    expect(await screen.findByText('1 of 4 rows voided')).toBeInTheDocument();
    await waitFor(() => expect(api.disbursementList).toHaveBeenCalledTimes(2));
  });

  it('says when nothing in the file would be voided, and offers no Confirm', async () => {
    api.previewVoidDisbursementsFile.mockResolvedValue(voidResult(0, true));
    open('SUPER ADMIN');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Void Transaction' }));
    const dialog = await dialogTitled('Upload Void Transaction');
    fireEvent.change(dialog.querySelector('input[type=file]')!, {
      target: { files: [new File(['correlation_id\nX\n'], 'void.csv', { type: 'text/csv' })] },
    });
    press(dialog, 'Upload');
    const preview = await dialogTitled('Upload Void Transaction: Preview');
    expect(preview).toHaveTextContent('Nothing in this file would be voided');
    // No id repeats: no word of one.
    expect(preview).not.toHaveTextContent('named twice');
    expect([...preview.querySelectorAll('button')].map((b) => b.textContent)).not.toContain('Confirm');
    press(preview, 'Close');
    await waitFor(() => expect(document.querySelector('[role=dialog]')).toBeNull());
    expect(api.previewVoidDisbursementsFile).toHaveBeenCalledTimes(1);
    expect(api.voidDisbursementsFile).not.toHaveBeenCalled();
    expect(api.disbursementList).toHaveBeenCalledTimes(1);
  });

  it('says the confirmed void upload waits for a second SUPER ADMIN when held (202), and reloads nothing', async () => {
    api.previewVoidDisbursementsFile.mockResolvedValue({ ...voidResult(1, true), needs_approval: true });
    api.voidDisbursementsFile.mockResolvedValue({
      message: 'Waiting for approval by another SUPER ADMIN',
      result: null,
    });
    open('SUPER ADMIN');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Void Transaction' }));
    const dialog = await dialogTitled('Upload Void Transaction');
    fireEvent.change(dialog.querySelector('input[type=file]')!, {
      target: { files: [new File(['correlation_id\nDSB-FINAL-3\n'], 'void.csv', { type: 'text/csv' })] },
    });
    press(dialog, 'Upload');
    const preview = await dialogTitled('Upload Void Transaction: Preview');
    // Said before Confirm.
    expect(preview).toHaveTextContent(APPROVAL_AHEAD);
    press(preview, 'Confirm');
    expect(await screen.findByText('Waiting for approval by another SUPER ADMIN')).toBeInTheDocument();
    expect(screen.getByText('Waiting')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[role=dialog]')).toBeNull());
    expect(screen.queryByText('Upload Void Transaction: Results')).toBeNull();
    expect(api.disbursementList).toHaveBeenCalledTimes(1);
  });

  it('shows a refused apply (the file now voids other figures, 409) in the dialog, and Upload previews again', async () => {
    const changed =
      'The file now voids 1 row for Rp. 289,500, not the 2 rows for Rp. 1,308,400 you previewed. Preview it again.';
    api.previewVoidDisbursementsFile.mockResolvedValue(voidResult(1, true));
    api.voidDisbursementsFile.mockRejectedValue(new ApiError(409, changed));
    open('SUPER ADMIN');
    await table();
    fireEvent.click(screen.getByRole('button', { name: 'Upload Void Transaction' }));
    const dialog = await dialogTitled('Upload Void Transaction');
    const file = new File(['correlation_id\nDSB-FINAL-3\n'], 'void.csv', { type: 'text/csv' });
    fireEvent.change(dialog.querySelector('input[type=file]')!, { target: { files: [file] } });
    press(dialog, 'Upload');
    press(await dialogTitled('Upload Void Transaction: Preview'), 'Confirm');
    // The preview's figures went with the apply; the refusal is said where the file was chosen.
    expect(await screen.findByText(changed)).toBeInTheDocument();
    expect(api.voidDisbursementsFile).toHaveBeenCalledWith(file, { count: 1, amount: 1_255_000 });
    press(await dialogTitled('Upload Void Transaction'), 'Upload');
    await dialogTitled('Upload Void Transaction: Preview');
    expect(api.previewVoidDisbursementsFile).toHaveBeenCalledTimes(2);
    expect(api.disbursementList).toHaveBeenCalledTimes(1);
  });

  // Issue 29: the filters live in the address, so a link (or the person's default view) opens them.
  describe('opened from its address', () => {
    const yesterday = () => dayjs().tz('Asia/Jakarta').subtract(1, 'day').format('YYYY-MM-DD');
    const bar = () => ({
      status: screen.getByRole('combobox', { name: 'Status' }).textContent,
      range: (screen.getByRole('textbox', { name: 'Date range' }) as HTMLInputElement).value,
    });

    it("shows a link's status and window, and asks the list and tiles for them", async () => {
      open('SUPER ADMIN', '/?status=PENDING&range=yesterday');
      await table();
      const day = yesterday();
      expect(bar()).toEqual({ status: 'PENDING', range: `${day} 00:00 to ${day} 23:59` });
      const asked = { status: 'PENDING', start: `${day} 00:00`, end: `${day} 23:59` };
      expect(api.disbursementList).toHaveBeenCalledTimes(1);
      expect(api.disbursementList).toHaveBeenCalledWith(expect.objectContaining(asked), 1, 15);
      expect(api.disbursementSummary).toHaveBeenCalledWith(expect.objectContaining(asked));
      // A link's own query is not the person's default view's to replace.
      expect(window.location.search).toBe('?status=PENDING&range=yesterday');
    });

    it("says why a link cannot be read, and opens on the list's defaults (All Status)", async () => {
      open('SUPER ADMIN', '/?status=NOPE&range=yesterday');
      await table();
      expect(
        await screen.findByText(
          "This link's filters cannot be read: status must be one of PENDING_REQUEST, PENDING, FINALIZED, " +
            'REJECTED, FAILED, VOIDED, WAITING',
        ),
      ).toBeInTheDocument();
      expect(bar().status).toBe('All Status');
      expect(api.disbursementList.mock.calls[0][0]).toMatchObject({ status: '' });
    });

    it("opens the person's default view on a bare address, in place of that entry", async () => {
      const entries = window.history.length;
      open('SUPER ADMIN', '/', [
        {
          id: 7,
          list: 'disbursements',
          name: 'Finalized yesterday',
          query: 'status=FINALIZED&range=yesterday',
          columns: null,
          is_default: true,
          created_at: '2026-11-20T02:00:00.000Z',
        },
      ]);
      await waitFor(() => expect(api.disbursementList).toHaveBeenCalledTimes(2));
      await table();
      const day = yesterday();
      expect(bar()).toEqual({ status: 'FINALIZED', range: `${day} 00:00 to ${day} 23:59` });
      expect(api.disbursementList).toHaveBeenLastCalledWith(
        expect.objectContaining({ status: 'FINALIZED', start: `${day} 00:00`, end: `${day} 23:59` }),
        1,
        15,
      );
      // The address now says so, and Back does not lead to the bare list first.
      expect(Object.fromEntries(new URLSearchParams(window.location.search))).toEqual({
        range: 'yesterday',
        status: 'FINALIZED',
        search_by: 'correlation_id',
        limit: '15',
      });
      expect(window.history.length).toBe(entries);
    });
  });
});
