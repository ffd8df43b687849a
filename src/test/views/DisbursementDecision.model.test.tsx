import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom, type AnyEventObject } from 'xstate';
import { DISBURSEMENT_INVALID_STATUS } from '../../machines/lifecycle/disbursementLifecycle';
import { disbursementDecisionMachine, type DecisionInput } from '../../machines/disbursementDecisionMachine';
import { ApiError } from '../../services/http';
import { DISBURSEMENT_FINALIZED, DISBURSEMENT_REJECTED } from '../../services/successTexts';
import { DecisionDialog } from '../../views/disbursement/DecisionDialog';
import { pendingRow, requestRow } from '../disbursementFixtures';
import { buildModel, doneEvent, errorEvent } from '../machines/modelCoverage';
import { deferredActors } from './deferredActors';
import { drivePath, type PageModel } from './pageModelHarness';

type DecisionActor = ActorRefFrom<typeof disbursementDecisionMachine>;

/** As the page shows it: the dialog while the machine runs, nothing once it has ended. */
function Harness({ actor }: { actor: DecisionActor }) {
  const active = useSelector(actor, (s) => s.status === 'active');
  return active ? <DecisionDialog actor={actor} /> : <p>dialog closed</p>;
}

const inputs: DecisionInput[] = [
  { row: pendingRow, decision: 'COMPLETED' },
  { row: requestRow, decision: 'REJECTED' },
];
const refused = new ApiError(409, DISBURSEMENT_INVALID_STATUS);

const model = buildModel(disbursementDecisionMachine, {
  inputs,
  events: [
    { type: 'CONFIRM' },
    { type: 'RETRY' },
    { type: 'CANCEL' },
    doneEvent('decide', 'Disbursement updated by the server'),
    doneEvent('decide', ''),
    errorEvent('decide', refused),
    errorEvent('decide', new Error('offline')),
  ],
});

const verb = (input: DecisionInput) => (input.decision === 'COMPLETED' ? 'Finalize' : 'Reject');
const dialog = () => screen.queryByRole('alertdialog');

/**
 * What the screen must show after each event, written from the spec and the issue, not read off
 * the machine: a transition sent to the wrong state shows the wrong screen here.
 */
function expectScreenAfter(event: AnyEventObject, input: DecisionInput, actor: DecisionActor) {
  switch (event.type) {
    case 'CONFIRM':
    case 'RETRY': {
      const d = within(dialog()!);
      expect(d.getByRole('heading')).toHaveTextContent('Are you sure?');
      expect(d.getByRole('button', { name: 'Working…' })).toBeDisabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeDisabled();
      expect(d.queryByRole('alert')).toBeNull();
      break;
    }
    case 'xstate.done.actor.decide': {
      expect(dialog()).toBeNull();
      const spec = input.decision === 'COMPLETED' ? DISBURSEMENT_FINALIZED : DISBURSEMENT_REJECTED;
      expect(actor.getSnapshot().output).toEqual({ changed: true, message: event.output || spec });
      break;
    }
    case 'xstate.error.actor.decide': {
      const d = within(dialog()!);
      expect(d.getByRole('heading')).toHaveTextContent('Failed');
      expect(d.getByRole('alert')).toHaveTextContent(
        event.error instanceof ApiError ? event.error.message : 'An error has occurred. Please try again later.',
      );
      expect(d.getByRole('button', { name: 'Try again' })).toBeEnabled();
      expect(d.getByRole('button', { name: 'Cancel' })).toBeEnabled();
      break;
    }
    case 'CANCEL':
      expect(dialog()).toBeNull();
      expect(actor.getSnapshot().output).toEqual({ changed: false, message: null });
      break;
    default:
      throw new Error(`no expectation for ${event.type}`);
  }
}

function expectOpening(input: DecisionInput) {
  const d = within(dialog()!);
  expect(d.getByRole('heading')).toHaveTextContent('Are you sure?');
  expect(dialog()).toHaveTextContent(`${verb(input)} disbursement ${input.row.correlation_id} of Rp. 1,250,000`);
  expect(d.getByRole('button', { name: verb(input) })).toBeEnabled();
}

describe('disbursementDecision machine, driven through its dialog', () => {
  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  const named = model.paths.map(
    (p) =>
      [
        `${(p as unknown as { input: DecisionInput }).input.decision}: ${p.description.replace(/^.*?}: /, '')}`,
        p,
      ] as const,
  );
  it.each(named)('%s', { timeout: 30_000 }, async (_, path) => {
    const input = (path as unknown as { input: DecisionInput }).input;
    const fake = deferredActors(['decide'] as const);
    const actor = createActor(disbursementDecisionMachine.provide({ actors: fake.actors }), { input }).start();
    // Every step shows at once (no screen to wait for); what the dialog must show follows from the last event.
    const dialogModel: PageModel<AnyEventObject | null> = {
      title: '',
      start: () => null,
      initial: () => 'open',
      expectedAfter: () => 'open',
      nextWorld: (_, event) => event,
      checkScreen: (_, last) => (last ? expectScreenAfter(last, input, actor) : expectOpening(input)),
      // Clicks for the user's events; the API's answers settle the call the dialog is waiting on.
      perform: (event) =>
        act(async () => {
          if (event.type === 'CONFIRM') fireEvent.click(within(dialog()!).getByRole('button', { name: verb(input) }));
          else if (event.type === 'RETRY')
            fireEvent.click(within(dialog()!).getByRole('button', { name: 'Try again' }));
          else if (event.type === 'CANCEL') fireEvent.click(within(dialog()!).getByRole('button', { name: 'Cancel' }));
          else if (event.type.startsWith('xstate.done.actor.')) fake.last('decide').resolve(event.output);
          else fake.last('decide').reject(event.error);
        }),
      label: String,
    };
    await drivePath(
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
    // Each confirmation made exactly one call, with the row's uuid and the API's decision word.
    const confirmations = path.events.filter((e) => e.type === 'CONFIRM' || e.type === 'RETRY').length;
    expect(fake.calls.decide.map((c) => c.input)).toEqual(
      Array(confirmations).fill({ uuid: input.row.uuid, decision: input.decision }),
    );
    actor.stop();
  });
});
