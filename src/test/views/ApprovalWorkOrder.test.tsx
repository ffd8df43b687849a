import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { approvalWorkOrderMachine } from '../../machines/approvalWorkOrderMachine';
import { approvalDecisionMachine } from '../../machines/approvalDecision';
import { workOrderChangesFrom, workOrderDetailMachine } from '../../machines/workOrderDetailMachine';
import { APPROVAL_INVALID_STATUS, type ApprovalRow } from '../../services/approvalRules';
import { approvalDecidedMessage } from '../../services/successTexts';
import { ApiError } from '../../services/http';
import type { NotificationItem } from '../../services/workOrders';
import { WorkOrderDetail } from '../../views/WorkOrderDetailPage';
import { makeUser, PENDING_ADJUSTMENT } from '../fixtures';
import { doneEvent, errorEvent } from '../machines/modelCoverage';
import { PendingCalls, click, region } from './pageModelHarness';
import { renderWithSession } from './renderWithSession';

/**
 * An approval work order opened from the bell (issue 25): the page shows the request it names
 * (action, maker, client, amount in figures and words, before -> after, summary) and offers
 * Approve / Decline as the approval lifecycle allows, through the decision dialog and call the
 * Approvals page uses; the answer is shown in the server's words and the work order read again.
 */

const CODE = 'APR-7';
const ROW: ApprovalRow = PENDING_ADJUSTMENT;
const workOrder = (status: 'OPEN' | 'RESOLVED'): NotificationItem => ({
  id: 40,
  subject: `Master balance adjustment ${CODE}`,
  is_read: true,
  message: 'Master balance adjustment of Rp. 150,000,000 for PT Maju by Budi waits for your approval',
  data: {
    created_at: '2026-11-21T03:00:00.000Z',
    work_order_code: CODE,
    status,
    resolved_at: status === 'RESOLVED' ? '2026-11-21T03:40:00.000Z' : null,
    item: { kind: 'approval', ref: '7', client_id: 1, client_name: 'PT Maju', amount: 150_000_000 },
  },
  step_data: { icon: 'money' },
});

let calls = new PendingCalls();
const noSocket = workOrderChangesFrom(() => () => undefined);

function open(type: 'SUPER ADMIN' | 'ADMIN' = 'SUPER ADMIN') {
  calls = new PendingCalls();
  const logic = workOrderDetailMachine.provide({
    actors: {
      load: calls.logic<NotificationItem>(),
      workOrderChanges: noSocket,
      approvalWorkOrder: approvalWorkOrderMachine.provide({
        actors: {
          loadApproval: calls.logic<ApprovalRow>(),
          decideApproval: approvalDecisionMachine.provide({ actors: { decide: calls.logic<string>() } }),
        },
      }),
    },
  });
  renderWithSession(
    <WorkOrderDetail code={CODE} logic={logic} />,
    // The role holds Master Balance, the module of the request's action (a checker must: issue 42).
    makeUser({ type, otp_verified: true, modules: ['approvals', 'disbursement-master-balance'] }),
    { modules: [], banks: [], clients: [], roles: [] },
  );
}

const page = () => region(`Work Order ${CODE}`);
const panel = () => within(page()).getByLabelText('Approval request');
const pair = (label: string) => within(page()).getByRole('group', { name: label }).textContent!.slice(label.length);
const dialog = () => document.querySelector<HTMLElement>('[role=dialog]');
const buttonIn = (scope: HTMLElement, text: string) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text)!;
const fact = (term: string) => within(panel()).getByLabelText(term).textContent;
const settle = async (id: string, output: unknown) => {
  await waitFor(() => expect(calls.isOpen(id)).toBe(true));
  await calls.settle(doneEvent(id, output));
};

async function opened() {
  open();
  await screen.findByRole('region', { name: `Work Order ${CODE}` });
  await settle('load', workOrder('OPEN'));
  await settle('loadApproval', ROW);
  await waitFor(() => expect(within(panel()).getByRole('group', { name: 'Approval actions' })).toBeInTheDocument());
}

describe('Work order detail: an approval request', () => {
  it('shows the request in full, with the amount in figures and words, and offers Approve and Decline', async () => {
    await opened();
    expect(pair('Item')).toBe('Approval request');
    expect(pair('Reference')).toBe('7');
    expect(pair('Amount')).toBe('Rp. 150,000,000');
    expect(pair('In words')).toBe('seratus lima puluh juta rupiah');
    expect(fact('Action')).toBe('Master balance adjustment');
    expect(fact('Maker')).toBe('Budi (budi@demo.local)');
    expect(fact('Client')).toBe('PT Maju');
    expect(fact('Amount')).toBe('Rp. 150,000,000 (seratus lima puluh juta rupiah)');
    expect(fact('Balance')).toBe('Rp. 10,000,000 → Rp. 160,000,000');
    expect(fact('Summary')).toBe(ROW.summary);
    expect(within(panel()).getByText('Pending approval')).toBeInTheDocument();
    const actions = within(panel()).getByRole('group', { name: 'Approval actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Decline']);
    expect(within(panel()).getByRole('link', { name: 'Open in Approvals' })).toHaveAttribute(
      'href',
      '/dashboard/approvals?id=7',
    );
    // The work order's own actions (withdrawal, disbursement, callback) do not apply.
    expect(within(page()).queryByRole('group', { name: 'Work order actions' })).toBeNull();
  });

  it('approves after "Are you sure?", says so in the server\'s words, reads work order and request again', async () => {
    await opened();
    await click(within(panel()).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    expect(dialog()!.querySelector('h2')!.textContent).toBe('Are you sure?');
    expect(dialog()).toHaveTextContent('Approve request #7? The movement is applied at once.');
    expect(dialog()).toHaveTextContent('Rp. 150,000,000 (seratus lima puluh juta rupiah)');
    expect(within(dialog()!).queryByRole('textbox', { hidden: true })).toBeNull();
    await click(buttonIn(dialog()!, 'Confirm'));
    await waitFor(() => expect(calls.isOpen('decide')).toBe(true));
    expect(calls.inputs.filter((c) => c.id === 'decide').at(-1)!.input).toEqual({
      id: 7,
      decision: 'APPROVE',
      reason: '',
    });
    expect(buttonIn(dialog()!, 'Confirm')).toBeDisabled();
    await calls.settle(doneEvent('decide', approvalDecidedMessage('APPROVE')));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(
      within(panel()).getByText('The change has been approved and applied').closest('.fui-MessageBar'),
    ).toHaveAttribute('role', 'status');
    // The decision resolved the work order: both are read again, and nothing is offered any more.
    await settle('refresh', workOrder('RESOLVED'));
    await settle('loadApproval', {
      ...ROW,
      status: 'APPROVED',
      checker_id: 1,
      checker_name: 'Adi',
      decided_at: '2026-11-21T03:40:00.000Z',
    });
    await waitFor(() => expect(within(panel()).getByText('Approved')).toBeInTheDocument());
    expect(within(panel()).queryByRole('group', { name: 'Approval actions' })).toBeNull();
    expect(pair('Status')).toBe('Resolved at 2026-11-21 10:40');
  });

  it("asks a reason to decline, closes on Escape, and shows a refusal in the server's words", async () => {
    await opened();
    const decline = within(panel()).getByRole('button', { name: 'Decline' });
    decline.focus();
    await click(decline);
    await waitFor(() => expect(dialog()).not.toBeNull());
    // Escape closes the question, nothing is sent, and focus is back on the button that opened it.
    await act(async () => {
      fireEvent.keyDown(dialog()!, { key: 'Escape' });
    });
    await waitFor(() => expect(dialog()).toBeNull());
    expect(calls.isOpen('decide')).toBe(false);
    await waitFor(() => expect(document.activeElement).toBe(within(panel()).getByRole('button', { name: 'Decline' })));
    await click(within(panel()).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await click(buttonIn(dialog()!, 'Confirm'));
    expect(within(dialog()!).getByText('A reason is required to decline')).toBeInTheDocument();
    expect(calls.isOpen('decide')).toBe(false);
    await act(async () => {
      fireEvent.change(within(dialog()!).getByRole('textbox', { name: /Reason/, hidden: true }), {
        target: { value: 'Wrong client' },
      });
    });
    await click(buttonIn(dialog()!, 'Confirm'));
    await waitFor(() => expect(calls.isOpen('decide')).toBe(true));
    expect(calls.inputs.filter((c) => c.id === 'decide').at(-1)!.input).toEqual({
      id: 7,
      decision: 'DECLINE',
      reason: 'Wrong client',
    });
    await calls.settle(errorEvent('decide', new ApiError(409, APPROVAL_INVALID_STATUS)));
    await waitFor(() => expect(dialog()).toBeNull());
    expect(within(panel()).getByText(APPROVAL_INVALID_STATUS).closest('.fui-MessageBar')).toHaveAttribute(
      'role',
      'alert',
    );
    await waitFor(() => expect(calls.isOpen('refresh')).toBe(true));
  });

  it('offers an ADMIN nothing: only a SUPER ADMIN other than the maker decides', async () => {
    open('ADMIN');
    await screen.findByRole('region', { name: `Work Order ${CODE}` });
    await settle('load', workOrder('OPEN'));
    await settle('loadApproval', ROW);
    await waitFor(() => expect(fact('Summary')).toBe(ROW.summary));
    expect(within(panel()).queryByRole('group', { name: 'Approval actions' })).toBeNull();
  });
});
