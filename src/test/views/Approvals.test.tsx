import { moduleIds } from '../../services/pages';
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { approvalChangesFrom } from '../../machines/approvalDecision';
import { approvalsPageMachine } from '../../machines/approvalsPageMachine';
import type { ApprovalRow } from '../../services/approvalRules';
import { ApprovalsPage, openIdOf } from '../../views/approvals/ApprovalsPage';
import { doneEvent } from '../machines/modelCoverage';
import { CLIENTS, FakeSocket, PendingCalls, region, renderPage } from './pageModelHarness';

/** Approvals opened from a work order's 'Open in Approvals' (`/dashboard/approvals?id=7`): the request is marked. */

const ROW: ApprovalRow = {
  id: 7,
  action: 'void-upload',
  status: 'PENDING_APPROVAL',
  maker_id: 2,
  maker_name: 'Budi',
  maker_email: 'budi@demo.local',
  checker_id: null,
  checker_name: null,
  client_id: null,
  client_name: null,
  amount: 120_000_000,
  before: null,
  after: null,
  summary: 'Void 3 disbursements returning Rp. 120,000,000',
  reason: null,
  created_at: '2026-11-21T03:00:00.000Z',
  decided_at: null,
  expires_at: '2026-11-22T03:00:00.000Z',
};
const OTHER: ApprovalRow = { ...ROW, id: 9, amount: -5_000 };

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('Approvals: a request named by the address', () => {
  it('reads ?id=N as a request number, and anything else as none', () => {
    expect(openIdOf('?id=7')).toBe(7);
    expect(openIdOf('?id=7x')).toBeNull();
    expect(openIdOf('')).toBeNull();
  });

  it('marks that request in the list, and says so; a movement without a balance shows no before/after', async () => {
    window.history.replaceState(null, '', '/dashboard/approvals?id=7');
    const calls = new PendingCalls();
    const socket = new FakeSocket();
    const logic = approvalsPageMachine.provide({
      actors: {
        loadApprovals: calls.logic(),
        loadPolicy: calls.logic(),
        savePolicy: calls.logic(),
        approvalChanges: approvalChangesFrom(socket.watch as never),
      },
    });
    // A checker holds the module of each action they judge (issue 42): this SUPER ADMIN's role holds every one.
    renderPage(<ApprovalsPage logic={logic} />, CLIENTS, {}, { modules: [...moduleIds] });
    await screen.findByRole('region', { name: 'Approvals' });
    await waitFor(() => expect(calls.isOpen('loadApprovals')).toBe(true));
    await calls.settle(
      doneEvent('loadApprovals', {
        rows: [OTHER, ROW],
        meta: { current_page: 1, last_page: 1, total: 2, per_page: 15 },
      }),
    );
    const page = region('Approvals');
    await waitFor(() => expect(within(page).getByRole('status')).toHaveTextContent('Request #7 is marked below.'));
    const rows = within(page).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual([null, 'true']);
    // A void upload has no balance of its own; a negative adjustment reads 'minus'.
    expect(within(rows[1]).getAllByRole('cell')[3]).toHaveTextContent(/^-$/);
    // No client of its own: the action alone, no second line.
    expect(within(rows[1]).getAllByRole('cell')[1]).toHaveTextContent(/^Void upload$/);
    expect(within(rows[0]).getAllByRole('cell')[2]).toHaveTextContent('-Rp. 5,000minus lima ribu rupiah');
  });
});
