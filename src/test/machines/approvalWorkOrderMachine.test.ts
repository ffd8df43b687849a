import { describe, expect, it } from 'vitest';

import { createActor, createMachine, fromPromise, waitFor, type ActorRefFrom } from 'xstate';
import {
  approvalDecisionMachine,
  decisionsFor,
  decisionProblem,
  isMakerOf,
  type ApprovalDecisionOutput,
} from '../../machines/approvalDecision';
import { approvalWorkOrderMachine, type ApprovalWorkOrderInput } from '../../machines/approvalWorkOrderMachine';
import { APPROVAL_INVALID_STATUS, type ApprovalRow } from '../../services/approvalRules';
import { approvalDecidedMessage } from '../../services/successTexts';
import { ApiError } from '../../services/http';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';
import { PENDING_ADJUSTMENT } from '../fixtures';

const ROW: ApprovalRow = PENDING_ADJUSTMENT;
// A balance adjustment is judged by whoever holds Master Balance, the screen that makes it.
const MODULES = ['approvals', 'disbursement-master-balance'];
const CHECKER: ApprovalWorkOrderInput = {
  id: 7,
  viewer: { role: 'SUPER ADMIN', email: 'adi@demo.local', modules: MODULES },
};
const MAKER: ApprovalWorkOrderInput = {
  id: 7,
  viewer: { role: 'SUPER ADMIN', email: 'Budi@demo.local', modules: MODULES },
};

describe('who may decide an approval request (the approval lifecycle, asked per row)', () => {
  it('gives another SUPER ADMIN Approve and Decline, the maker only Cancel, an ADMIN or a decided one nothing', () => {
    expect(decisionsFor(ROW, CHECKER.viewer)).toEqual(['APPROVE', 'DECLINE']);
    expect(decisionsFor(ROW, MAKER.viewer)).toEqual(['CANCEL']);
    expect(isMakerOf(ROW, MAKER.viewer)).toBe(true);
    expect(decisionsFor(ROW, { role: 'ADMIN', email: 'x@demo.local', modules: MODULES })).toEqual([]);
    // A SUPER ADMIN without the action's module neither approves nor declines it (issue 42).
    expect(decisionsFor(ROW, { ...CHECKER.viewer, modules: ['approvals'] })).toEqual([]);
    // A maker of another type cancels their own request.
    expect(decisionsFor(ROW, { ...MAKER.viewer, role: 'ADMIN' })).toEqual(['CANCEL']);
    expect(decisionsFor({ ...ROW, status: 'APPROVED' }, CHECKER.viewer)).toEqual([]);
    // No e-mail known: never taken for the maker.
    expect(isMakerOf(ROW, { role: 'SUPER ADMIN', email: '', modules: MODULES })).toBe(false);
  });

  it("refuses a decline without a reason, in the contract's words", () => {
    expect(decisionProblem('DECLINE', '   ')).toBe('A reason is required to decline');
    expect(decisionProblem('DECLINE', 'Wrong client')).toBeNull();
    expect(decisionProblem('APPROVE', '')).toBeNull();
  });
});

describe('approvalWorkOrder machine: model', () => {
  const ok: ApprovalDecisionOutput = { ended: 'decided', message: approvalDecidedMessage('APPROVE') };
  const refused: ApprovalDecisionOutput = { ended: 'failed', message: APPROVAL_INVALID_STATUS };
  const cancelled: ApprovalDecisionOutput = { ended: 'cancelled', message: null };
  const model = buildModel(approvalWorkOrderMachine, {
    inputs: [CHECKER, MAKER],
    events: [
      doneEvent('loadApproval', ROW),
      errorEvent('loadApproval', new ApiError(500, 'down')),
      { type: 'REFRESH' },
      { type: 'RETRY' },
      { type: 'DECIDE', decision: 'APPROVE' },
      { type: 'DECIDE', decision: 'DECLINE' },
      { type: 'DECIDE', decision: 'CANCEL' },
      doneEvent('decideApproval', ok),
      doneEvent('decideApproval', refused),
      doneEvent('decideApproval', cancelled),
    ],
    serialize: (s) =>
      JSON.stringify([s.value, s.context.decision, s.context.outcome?.intent ?? null, s.context.row != null]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    // A decision is asked only when the lifecycle allows it (the approvalDecision machine sends it only complete).
    if (s.matches('deciding')) {
      const input = (path as unknown as { input: ApprovalWorkOrderInput }).input;
      expect(decisionsFor(ROW, input.viewer)).toContain(s.context.decision);
    }
    // How the last decision ended, in its words; a cancelled one leaves none (and the request as it was).
    const last = path.events.at(-1);
    if (last?.type === 'xstate.done.actor.decideApproval') {
      const output = (last as unknown as { output: ApprovalDecisionOutput }).output;
      expect(s.context.outcome).toEqual(
        output.ended === 'cancelled'
          ? null
          : { intent: output.ended === 'failed' ? 'error' : 'success', message: output.message },
      );
      expect(s.value).toBe(output.ended === 'cancelled' ? 'shown' : 'reading');
    }
  });
});

describe('approvalWorkOrder machine: the work order page is told', () => {
  it('reads the request, sends the decision through the one call machine, asks for the work order again', async () => {
    const received: string[] = [];
    const parent = createActor(createMachine({ on: { RELOAD: { actions: () => received.push('RELOAD') } } })).start();
    const sent: unknown[] = [];
    const actor = createActor(
      approvalWorkOrderMachine.provide({
        actors: {
          loadApproval: fromPromise(async () => ROW),
          decideApproval: approvalDecisionMachine.provide({
            actors: {
              decide: fromPromise<string, unknown>(async ({ input }) => {
                sent.push(input);
                return approvalDecidedMessage('DECLINE');
              }),
            },
          }),
        },
      }),
      { input: { ...CHECKER, workOrder: parent } },
    ).start();
    await waitFor(actor, (s) => s.matches('shown'));
    actor.send({ type: 'DECIDE', decision: 'DECLINE' });
    // The question is the approvalDecision machine's, invoked with the request as read.
    const question = actor.getSnapshot().children.decideApproval as ActorRefFrom<typeof approvalDecisionMachine>;
    expect(question.getSnapshot().context).toMatchObject({ row: ROW, decision: 'DECLINE' });
    question.send({ type: 'CONFIRM' });
    expect(question.getSnapshot().context.reasonError).toBe('A reason is required to decline');
    question.send({ type: 'SET_REASON', value: '  Wrong client ' });
    question.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.context.outcome != null);
    expect(sent).toEqual([{ id: 7, decision: 'DECLINE', reason: '  Wrong client ' }]);
    expect(actor.getSnapshot().context.outcome).toEqual({ intent: 'success', message: 'The change has been declined' });
    expect(received).toEqual(['RELOAD']);
  });
});
