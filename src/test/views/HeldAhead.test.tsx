import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { createActor, fromPromise } from 'xstate';
import { manualFinalizeMachine } from '../../machines/manualFinalizeMachine';
import { masterBalanceAdjustmentMachine } from '../../machines/masterBalanceAdjustmentMachine';
import { withdrawalRequestMachine } from '../../machines/withdrawalRequestMachine';
import type { MoneyMoved } from '../../services/api';
import {
  APPROVAL_AHEAD,
  holdsAhead,
  readsApprovalPolicy,
  type ApprovalPolicyEntry,
} from '../../services/approvalRules';
import type { BulkPreviewAnswer } from '../../services/payinActions';
import { WithdrawalRequestDialog } from '../../views/withdrawals/WithdrawalRequestDialog';
import { AdjustmentConfirm } from '../../views/disbursement/AdjustmentDialog';
import { ManualFinalizeDialog } from '../../views/payins/ManualFinalizeDialog';
import { ProcessTransactionsDialog } from '../../views/payins/ProcessTransactionsDialog';

/**
 * Issue 45, part 6: each of the five held actions' questions says, before Confirm, that the movement waits for a
 * second SUPER ADMIN when it will (and only then). The machines decide from the policy they read (or the dry run's
 * `needs_approval`); these render each question both ways. The void upload's preview is shown both ways in
 * DisbursementList.test.tsx.
 */

afterEach(cleanup);
const show = (ui: ReactNode) => render(<FluentProvider theme={webLightTheme}>{ui}</FluentProvider>);
const never = fromPromise<MoneyMoved>(() => new Promise<MoneyMoved>(() => {}));
const POLICY: ApprovalPolicyEntry[] = [
  { action: 'balance-adjustment', mode: 'threshold', threshold: 100_000_000 },
  { action: 'withdrawal', mode: 'threshold', threshold: 500_000_000 },
  { action: 'manual-finalize', mode: 'always', threshold: null },
];
// hidden: tabster may mark an open Fluent dialog aria-hidden in jsdom; the text is what is read here.
const sentence = () => screen.queryAllByText(APPROVAL_AHEAD);

describe('the held rule the pages use', () => {
  it('holds at or above a threshold, always, never when off or unread, and never for nothing moved', () => {
    expect(holdsAhead(POLICY, 'balance-adjustment', 150_000_000)).toBe(true);
    expect(holdsAhead(POLICY, 'balance-adjustment', -100_000_000)).toBe(true);
    expect(holdsAhead(POLICY, 'balance-adjustment', 99_999_999)).toBe(false);
    expect(holdsAhead(POLICY, 'manual-finalize', 1)).toBe(true);
    expect(holdsAhead(POLICY, 'void-upload', 900_000_000)).toBe(false);
    expect(holdsAhead(null, 'balance-adjustment', 150_000_000)).toBe(false);
    expect(holdsAhead(POLICY, 'balance-adjustment', null)).toBe(false);
  });

  it('is read only by a SUPER ADMIN granted Approvals (anyone else would be sent away by a 403)', () => {
    expect(readsApprovalPolicy({ type: 'SUPER ADMIN', modules: ['approvals', 'balance'] })).toBe(true);
    expect(readsApprovalPolicy({ type: 'SUPER ADMIN', modules: ['balance'] })).toBe(false);
    expect(readsApprovalPolicy({ type: 'ADMIN', modules: ['approvals'] })).toBe(false);
    expect(readsApprovalPolicy({ type: 'CLIENT', modules: ['approvals', 'balance'] })).toBe(false);
    expect(readsApprovalPolicy(null)).toBe(false);
  });
});

describe('each held action says so before Confirm', () => {
  it.each([
    [150_000_000, true],
    [50_000_000, false],
  ])('Master Balance: an adjustment of %i, held %s', (amount, held) => {
    const actor = createActor(masterBalanceAdjustmentMachine.provide({ actors: { submit: never } }), {
      input: { clientId: 1, amount, previous: 453_266_400, held: holdsAhead(POLICY, 'balance-adjustment', amount) },
    }).start();
    show(<AdjustmentConfirm actor={actor} clientName="PT Maju" />);
    expect(screen.getByText(/from Rp\. 453,266,400 to/)).toBeInTheDocument();
    expect(sentence()).toHaveLength(held ? 1 : 0);
  });

  it.each([
    ['withdrawal', 600_000_000, true],
    ['withdrawal', 400_000_000, false],
    ['transfer', 500_000_000, true],
    ['transfer', 10_000_000, false],
  ] as const)('Payments Balance: %s of %i, held %s', (mode, amount, held) => {
    const actor = createActor(withdrawalRequestMachine, {
      input: { mode, clientId: 1, available: 1_000_000_000, policy: POLICY[1] },
    }).start();
    actor.send({ type: 'SET_AMOUNT_TEXT', value: String(amount) });
    show(<WithdrawalRequestDialog actor={actor} clientName="PT Maju" banks={[]} />);
    expect(sentence()).toHaveLength(held ? 1 : 0);
    // The form follows the amount: lowered below the threshold, it no longer says so.
    actor.stop();
  });

  it('Payments Balance: without the policy (a client user cannot read it) nothing is said ahead', () => {
    const actor = createActor(withdrawalRequestMachine, {
      input: { mode: 'withdrawal', clientId: 1, available: 1_000_000_000, policy: null },
    }).start();
    actor.send({ type: 'SET_AMOUNT_TEXT', value: '900000000' });
    show(<WithdrawalRequestDialog actor={actor} clientName="PT Maju" banks={[]} />);
    expect(sentence()).toHaveLength(0);
  });

  it.each([true, false])('Payments List: Finalize, held %s', (heldAhead) => {
    const actor = createActor(manualFinalizeMachine, {
      input: { correlationId: 'PAYIN-1', paidTime: '2026-12-01 10:00', heldAhead },
    }).start();
    show(<ManualFinalizeDialog actor={actor} />);
    expect(screen.getByDisplayValue('PAYIN-1')).toBeInTheDocument();
    expect(sentence()).toHaveLength(heldAhead ? 1 : 0);
  });

  it.each([true, false])('Payments List: Process Transactions, dry run needs_approval %s', (needs) => {
    const preview: BulkPreviewAnswer = { count: 3, amount: 600_000, fee: 6_000, needs_approval: needs };
    const noop = () => {};
    show(
      <ProcessTransactionsDialog
        step="confirming"
        preview={preview}
        error={null}
        canPreviewAgain={false}
        onConfirm={noop}
        onCancel={noop}
        onPreviewAgain={noop}
        onClose={noop}
      />,
    );
    expect(screen.getByText(/Add 3 pay-ins of/)).toBeInTheDocument();
    expect(sentence()).toHaveLength(needs ? 1 : 0);
  });
});
