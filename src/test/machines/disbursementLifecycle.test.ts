import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import {
  DISBURSEMENT_INVALID_STATUS,
  DISBURSEMENT_INVALID_VOID,
  allowsDisbursement,
  disbursementDecisionEvent,
  disbursementLifecycle,
  nextDisbursementStatus,
  refusesDisbursementRole,
  type DisbursementActor,
} from '../../machines/lifecycle/disbursementLifecycle';
import { DISBURSEMENT_STATUSES, type DisbursementStatusName } from '../../services/disbursementQuery';
import { buildModel } from './modelCoverage';

const actors = ['SUPER ADMIN', 'ADMIN', 'CLIENT', 'SYSTEM'] as const satisfies readonly DisbursementActor[];
const types = [
  'PROVIDER_ACCEPTED',
  'PROVIDER_CONFIRMED',
  'PROVIDER_FAILED',
  'FINALIZE',
  'REJECT',
  'VOID',
  'REFRESH_STATUS',
  'GENERATE_INVOICE',
  'ADD_TO_WITHDRAWABLE',
] as const;
const events = actors.flatMap((role) => types.map((type) => ({ type, role })));
const fresh = { addedToWithdrawable: false };

/**
 * The disbursement lifecycle written out by hand from the issue, as (status, event, actor) -> next
 * status; every other combination must be refused. The machine is compared with this table, so a
 * wrong target or a loosened guard fails here (the server matrix test checks the API against the machine).
 */
const expected: Array<[DisbursementStatusName, (typeof types)[number], DisbursementActor, DisbursementStatusName]> = [
  ['PENDING_REQUEST', 'PROVIDER_ACCEPTED', 'SYSTEM', 'PENDING'],
  ...(['PENDING_REQUEST', 'PENDING'] as const).flatMap(
    (from) =>
      [
        [from, 'PROVIDER_CONFIRMED', 'SYSTEM', 'FINALIZED'],
        [from, 'PROVIDER_FAILED', 'SYSTEM', 'FAILED'],
        [from, 'FINALIZE', 'SUPER ADMIN', 'FINALIZED'],
        [from, 'REJECT', 'SUPER ADMIN', 'REJECTED'],
        [from, 'REFRESH_STATUS', 'SUPER ADMIN', from],
      ] as Array<[DisbursementStatusName, (typeof types)[number], DisbursementActor, DisbursementStatusName]>,
  ),
  ['FINALIZED', 'VOID', 'SUPER ADMIN', 'VOIDED'],
  ['FINALIZED', 'GENERATE_INVOICE', 'SUPER ADMIN', 'FINALIZED'],
  ['REJECTED', 'ADD_TO_WITHDRAWABLE', 'SUPER ADMIN', 'REJECTED'],
  ['FAILED', 'ADD_TO_WITHDRAWABLE', 'SUPER ADMIN', 'FAILED'],
  ['VOIDED', 'ADD_TO_WITHDRAWABLE', 'SUPER ADMIN', 'VOIDED'],
];

describe('disbursement lifecycle', () => {
  it('has a path through every transition of its definition', () => {
    const model = buildModel(disbursementLifecycle, { events, inputs: [fresh] });
    expect(model.uncovered).toEqual([]);
  });

  it.each(DISBURSEMENT_STATUSES)("from %s allows exactly the table, to the table's status", (status) => {
    for (const { type, role } of events) {
      const row = expected.find(([from, t, who]) => from === status && t === type && who === role);
      expect(nextDisbursementStatus(status, fresh, { type, role }), `${status} ${type} by ${role}`).toBe(
        row ? row[3] : null,
      );
    }
  });

  it('adds a released hold to withdrawable once only', () => {
    for (const status of ['REJECTED', 'FAILED', 'VOIDED'] as const) {
      expect(allowsDisbursement(status, fresh, { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(true);
      expect(
        allowsDisbursement(status, { addedToWithdrawable: true }, { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' }),
      ).toBe(false);
    }
  });

  it('moves a released hold on once: after the move the machine refuses a second one', () => {
    for (const end of ['REJECT', 'PROVIDER_FAILED'] as const) {
      const actor = createActor(disbursementLifecycle, { input: fresh }).start();
      expect(actor.getSnapshot().value).toBe('PENDING_REQUEST');
      actor.send({ type: end, role: end === 'REJECT' ? 'SUPER ADMIN' : 'SYSTEM' });
      actor.send({ type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' });
      expect(actor.getSnapshot().context).toEqual({ addedToWithdrawable: true });
      expect(actor.getSnapshot().can({ type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(false);
    }
  });

  it("calls a refusal the role's only when another user type may take the event there", () => {
    for (const status of DISBURSEMENT_STATUSES) {
      for (const { type, role } of events) {
        const allowed = nextDisbursementStatus(status, fresh, { type, role }) != null;
        const someUser = expected.some(([from, t, who]) => from === status && t === type && who !== 'SYSTEM');
        expect(refusesDisbursementRole(status, fresh, { type, role }), `${status} ${type} by ${role}`).toBe(
          !allowed && someUser,
        );
      }
    }
    // Moved on already: the facts refuse everyone, not the role.
    expect(
      refusesDisbursementRole(
        'REJECTED',
        { addedToWithdrawable: true },
        { type: 'ADD_TO_WITHDRAWABLE', role: 'ADMIN' },
      ),
    ).toBe(false);
  });

  it("reads the API's decision word COMPLETED as finalize, REJECTED as reject", () => {
    expect(disbursementDecisionEvent('COMPLETED')).toBe('FINALIZE');
    expect(disbursementDecisionEvent('REJECTED')).toBe('REJECT');
  });

  it("refuses in the issue's words", () => {
    expect(DISBURSEMENT_INVALID_STATUS).toBe(
      'Invalid Status: Only PENDING or PENDING_REQUEST disbursements can be processed',
    );
    expect(DISBURSEMENT_INVALID_VOID).toBe('Invalid Status: Only FINALIZED disbursements can be voided');
  });
});
