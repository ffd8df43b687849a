import { describe, expect, it } from 'vitest';

import { createActor, createMachine, fromPromise, waitFor } from 'xstate';
import { decisionsFor, decisionProblem, isMakerOf } from '../../machines/approvalDecision';
import { approvalWorkOrderMachine, type ApprovalWorkOrderInput } from '../../machines/approvalWorkOrderMachine';
import { oneShotActionMachine } from '../../machines/confirmCallMachine';
import { APPROVAL_INVALID_STATUS, type ApprovalRow } from '../../services/approvalRules';
import { approvalDecidedMessage } from '../../services/successTexts';
import { ApiError } from '../../services/http';
import { buildModel, doneEvent, errorEvent } from './modelCoverage';
import { PENDING_ADJUSTMENT } from '../fixtures';

const ROW: ApprovalRow = PENDING_ADJUSTMENT;
const CHECKER: ApprovalWorkOrderInput = { id: 7, viewer: { role: 'SUPER ADMIN', email: 'adi@demo.local' } };
const MAKER: ApprovalWorkOrderInput = { id: 7, viewer: { role: 'SUPER ADMIN', email: 'Budi@demo.local' } };

describe('who may decide an approval request (the approval lifecycle, asked per row)', () => {
  it('gives another SUPER ADMIN Approve and Decline, the maker only Cancel, an ADMIN or a decided one nothing', () => {
    expect(decisionsFor(ROW, CHECKER.viewer)).toEqual(['APPROVE', 'DECLINE']);
    expect(decisionsFor(ROW, MAKER.viewer)).toEqual(['CANCEL']);
    expect(isMakerOf(ROW, MAKER.viewer)).toBe(true);
    expect(decisionsFor(ROW, { role: 'ADMIN', email: 'x@demo.local' })).toEqual([]);
    expect(decisionsFor({ ...ROW, status: 'APPROVED' }, CHECKER.viewer)).toEqual([]);
    // No e-mail known: never taken for the maker.
    expect(isMakerOf(ROW, { role: 'SUPER ADMIN', email: '' })).toBe(false);
  });

  it("refuses a decline without a reason, in the contract's words", () => {
    expect(decisionProblem('DECLINE', '   ')).toBe('A reason is required to decline');
    expect(decisionProblem('DECLINE', 'Wrong client')).toBeNull();
    expect(decisionProblem('APPROVE', '')).toBeNull();
  });
});

describe('approvalWorkOrder machine: model', () => {
  const ok = { message: approvalDecidedMessage('APPROVE'), failed: false, cancelled: false };
  const refused = { message: APPROVAL_INVALID_STATUS, failed: true, cancelled: false };
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
      { type: 'SET_REASON', value: 'Wrong client' },
      { type: 'CONFIRM' },
      { type: 'CLOSE' },
      doneEvent('decideApproval', ok),
      doneEvent('decideApproval', refused),
    ],
    serialize: (s) =>
      JSON.stringify([
        s.value,
        s.context.decision,
        s.context.reason,
        s.context.reasonError != null,
        s.context.outcome?.intent ?? null,
        s.context.row != null,
      ]),
  });

  it('has a path through every transition of its definition', () => {
    expect(model.uncovered).toEqual([]);
  });

  it.each(model.paths.map((p) => [p.description, p]))('%s', (_, path) => {
    const s = model.replay(path);
    // A decision is asked only when the lifecycle allows it, and sent only complete.
    if (s.matches('asking') || s.matches('deciding')) {
      const input = (path as unknown as { input: ApprovalWorkOrderInput }).input;
      expect(decisionsFor(ROW, input.viewer)).toContain(s.context.decision);
    }
    if (s.matches('deciding')) expect(decisionProblem(s.context.decision!, s.context.reason)).toBeNull();
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
          decideApproval: oneShotActionMachine.provide({
            actors: {
              run: fromPromise<string, unknown>(async ({ input }) => {
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
    actor.send({ type: 'CONFIRM' });
    expect(actor.getSnapshot().context.reasonError).toBe('A reason is required to decline');
    actor.send({ type: 'SET_REASON', value: '  Wrong client ' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.context.outcome != null);
    expect(sent).toEqual([{ id: 7, decision: 'DECLINE', reason: '  Wrong client ' }]);
    expect(actor.getSnapshot().context.outcome).toEqual({ intent: 'success', message: 'The change has been declined' });
    expect(received).toEqual(['RELOAD']);
  });
});
