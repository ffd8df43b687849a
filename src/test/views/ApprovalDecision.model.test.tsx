import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import {
  DECISION_FAILED,
  approvalDecisionMachine,
  type ApprovalDecisionInput,
  type ApprovalDecisionOutput,
} from '../../machines/approvalDecision';
import { APPROVAL_INVALID_STATUS, type ApprovalRow } from '../../services/approvalRules';
import { ApiError } from '../../services/http';
import { approvalDecidedMessage } from '../../services/successTexts';
import { ApprovalDecisionDialog, type ApprovalDecisionActor } from '../../views/approvals/ApprovalDecisionDialog';
import { PENDING_ADJUSTMENT } from '../fixtures';
import { buildModel, doneEvent, errorEvent } from '../machines/modelCoverage';
import { deferredActors } from './deferredActors';
import { drivePath, type PageModel } from './pageModelHarness';

/**
 * An approval's decision (issue 25) as the approvalDecision machine holds it and the one
 * ConfirmCallDialog renders it, on either page: 'Are you sure?' with the request's facts and the
 * amount in figures and words; a Reason field only to decline, refused in place while empty; then
 * the call under way ('Sending your decision…', nothing can be pressed); then the dialog is gone and
 * the machine ends decided (the server's words, or the decision's own), refused (the server's words,
 * or the fallback for a lost connection: a refusal is not retried here, the page shows it) or
 * cancelled. Every transition is taken by a generated path, played by clicks and typing.
 */

const ROW: ApprovalRow = PENDING_ADJUSTMENT;
const MINE: ApprovalRow = { ...ROW, id: 8, maker_email: 'adi@demo.local', maker_name: 'Adi' };
const inputs: ApprovalDecisionInput[] = [
  { row: ROW, decision: 'APPROVE' },
  { row: ROW, decision: 'DECLINE' },
  { row: MINE, decision: 'CANCEL' },
];
const REASON = 'The amount does not match the deposit slip';
const REASON_REQUIRED = 'A reason is required to decline';
const refused = new ApiError(409, APPROVAL_INVALID_STATUS);
const VERB_TEXT = { APPROVE: 'Approve', DECLINE: 'Decline', CANCEL: 'Cancel' } as const;
/** The button that leaves the request as it is: 'Cancel' would read as the maker's Cancel itself. */
const keepText = (input: ApprovalDecisionInput) => (input.decision === 'CANCEL' ? 'Keep it' : 'Cancel');

/** As a page shows it: the dialog while the machine runs, nothing once it has ended. */
function Harness({ actor }: { actor: ApprovalDecisionActor }) {
  const active = useSelector(actor, (s) => s.status === 'active');
  return active ? <ApprovalDecisionDialog actor={actor} /> : <p>dialog closed</p>;
}

function events(s: AnyMachineSnapshot): AnyEventObject[] {
  const list: AnyEventObject[] = [{ type: 'CONFIRM' }, { type: 'CANCEL' }];
  // Only a decline shows the Reason field: a reason typed, or only spaces (which is none). Typing what
  // the field already holds changes nothing (no event), so only the other one is offered.
  const { decision, reason } = s.context as ApprovalDecisionInput & { reason: string };
  if (decision === 'DECLINE')
    for (const value of [REASON, '  ']) if (value !== reason) list.push({ type: 'SET_REASON', value });
  list.push(
    doneEvent('decide', 'Decided by the server'),
    doneEvent('decide', ''),
    errorEvent('decide', refused),
    errorEvent('decide', new Error('offline')),
  );
  return list;
}

const model = buildModel(approvalDecisionMachine, {
  inputs,
  events,
  serialize: (s) => JSON.stringify([s.value, s.status, s.context.decision, s.context.reason, s.context.reasonError]),
});

// --- What a person sees, written from the issue -------------------------------------------------------

// Fluent dialogs: in jsdom tabster may mark an open one aria-hidden, so it is found by its role attribute.
const dialog = () => document.querySelector<HTMLElement>('[role=dialog]');
const buttonIn = (scope: HTMLElement, text: string) => {
  const found = [...scope.querySelectorAll<HTMLButtonElement>('button')].find((b) => b.textContent === text);
  if (!found) throw new Error(`no button ${text} in ${scope.textContent}`);
  return found;
};
const reasonField = () => within(dialog()!).queryByRole('textbox', { name: /Reason/, hidden: true });

interface World {
  phase: 'asking' | 'sending' | 'ended';
  reason: string;
  reasonError: boolean;
  /** Whether a confirmation was taken (the call made). */
  sent: boolean;
  output: ApprovalDecisionOutput | null;
}

function nextWorld(w: World, event: AnyEventObject, input: ApprovalDecisionInput): World {
  switch (event.type) {
    case 'SET_REASON':
      return { ...w, reason: event.value, reasonError: false };
    case 'CONFIRM':
      if (input.decision === 'DECLINE' && w.reason.trim() === '') return { ...w, reasonError: true };
      return { ...w, phase: 'sending', sent: true };
    case 'CANCEL':
      return { ...w, phase: 'ended', output: { ended: 'cancelled', message: null } };
    case 'xstate.done.actor.decide':
      return {
        ...w,
        phase: 'ended',
        output: { ended: 'decided', message: event.output || approvalDecidedMessage(input.decision) },
      };
    case 'xstate.error.actor.decide':
      return {
        ...w,
        phase: 'ended',
        output: { ended: 'failed', message: event.error instanceof ApiError ? event.error.message : DECISION_FAILED },
      };
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
}

function checkScreen(w: World, input: ApprovalDecisionInput, actor: ApprovalDecisionActor) {
  if (w.phase === 'ended') {
    expect(dialog()).toBeNull();
    expect(screen.getByText('dialog closed')).toBeInTheDocument();
    expect(actor.getSnapshot().output).toEqual(w.output);
    return;
  }
  const d = dialog()!;
  expect(d.querySelector('h2')!.textContent).toBe('Are you sure?');
  const applied = input.decision === 'APPROVE' ? ' The movement is applied at once.' : '';
  expect(d).toHaveTextContent(`${VERB_TEXT[input.decision]} request #${input.row.id}?${applied}`);
  // The amount in figures and in words, and what it does to the balance.
  expect(within(d).getByLabelText('Amount')).toHaveTextContent('Rp. 150,000,000 (seratus lima puluh juta rupiah)');
  expect(within(d).getByLabelText('Balance')).toHaveTextContent('Rp. 10,000,000 → Rp. 160,000,000');
  expect(within(d).getByLabelText('Summary')).toHaveTextContent(input.row.summary);
  expect(within(d).getByLabelText('Maker')).toHaveTextContent(`${input.row.maker_name} (${input.row.maker_email})`);
  const sending = w.phase === 'sending';
  // A reason is asked only to decline; while it is sent, it stays as typed and cannot be changed.
  if (input.decision === 'DECLINE') {
    expect(reasonField()).toHaveValue(w.reason);
    expect((reasonField() as HTMLTextAreaElement).disabled).toBe(sending);
    expect(within(d).queryAllByText(REASON_REQUIRED).length > 0).toBe(w.reasonError);
  } else {
    expect(reasonField()).toBeNull();
  }
  expect(within(d).queryByText('Sending your decision…') != null).toBe(sending);
  expect(buttonIn(d, 'Confirm').disabled).toBe(sending);
  expect(buttonIn(d, keepText(input)).disabled).toBe(sending);
  // No refusal is shown in the question (it ends the machine; the page shows it): only the reason's own words.
  const alerts = within(d).queryAllByRole('alert', { hidden: true });
  expect(alerts.map((alert) => alert.textContent)).toEqual(w.reasonError ? [REASON_REQUIRED] : []);
}

describe('approvalDecision machine, driven through its dialog', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  const named = model.paths.map(
    (p) =>
      [
        `${(p as unknown as { input: ApprovalDecisionInput }).input.decision}: ${p.description.replace(/^.*?}: /, '')}`,
        p,
      ] as const,
  );
  it.each(named)('%s', { timeout: 30_000 }, async (_, path) => {
    const input = (path as unknown as { input: ApprovalDecisionInput }).input;
    const fake = deferredActors(['decide'] as const);
    const actor = createActor(approvalDecisionMachine.provide({ actors: fake.actors }), { input }).start();
    // Every step shows at once (no screen to wait for): the whole dialog is checked after each.
    const dialogModel: PageModel<World> = {
      title: '',
      start: () => ({ phase: 'asking', reason: '', reasonError: false, sent: false, output: null }),
      initial: (w) => w.phase,
      expectedAfter: (_, event, w) => nextWorld(w, event, input).phase,
      nextWorld: (w, event) => nextWorld(w, event, input),
      checkScreen: (_, w) => checkScreen(w, input, actor),
      // Clicks and typing for the person's events; the API's answers settle the call the dialog waits on.
      perform: (event) =>
        act(async () => {
          if (event.type === 'CONFIRM') fireEvent.click(buttonIn(dialog()!, 'Confirm'));
          else if (event.type === 'CANCEL') fireEvent.click(buttonIn(dialog()!, keepText(input)));
          else if (event.type === 'SET_REASON') fireEvent.change(reasonField()!, { target: { value: event.value } });
          else if (event.type.startsWith('xstate.done.actor.')) fake.last('decide').resolve(event.output);
          else fake.last('decide').reject(event.error);
        }),
      label: String,
    };
    const { world: w } = await drivePath(
      dialogModel,
      { events: path.events },
      null,
      () =>
        render(
          <FluentProvider theme={webLightTheme}>
            <Harness actor={actor} />
          </FluentProvider>,
        ),
      { ready: async () => {} },
    );
    // A confirmation that was taken made exactly one call: the request, the decision, the reason as typed.
    expect(fake.calls.decide.map((c) => c.input)).toEqual(
      w.sent ? [{ id: input.row.id, decision: input.decision, reason: w.reason }] : [],
    );
    actor.stop();
  });

  it('closes on Escape as Cancel does, sending nothing', async () => {
    const fake = deferredActors(['decide'] as const);
    const actor = createActor(approvalDecisionMachine.provide({ actors: fake.actors }), {
      input: { row: ROW, decision: 'DECLINE' },
    }).start();
    render(
      <FluentProvider theme={webLightTheme}>
        <Harness actor={actor} />
      </FluentProvider>,
    );
    await act(async () => {
      fireEvent.keyDown(dialog()!, { key: 'Escape' });
    });
    expect(dialog()).toBeNull();
    expect(actor.getSnapshot().output).toEqual({ ended: 'cancelled', message: null });
    expect(fake.count('decide')).toBe(0);
  });
});
