import { assign, setup, transition } from 'xstate';
import { USER_TYPES, type UserTypeName } from '../../services/schemas';
import type { DisbursementStatusName } from '../../services/disbursementQuery';
import type { FactWords, GuardWords } from '../guardWords';
import { allOf, fact, field, is } from './conditions';
import { msg } from '../../i18n/msg';

export const DISBURSEMENT_INVALID_STATUS =
  'Invalid Status: Only PENDING or PENDING_REQUEST disbursements can be processed';
export const DISBURSEMENT_INVALID_VOID = 'Invalid Status: Only FINALIZED disbursements can be voided';

/** Provider-driven events carry the role SYSTEM (design.md section 2). */
export type DisbursementActor = UserTypeName | 'SYSTEM';

export interface DisbursementFacts {
  /** The released hold was moved on to the withdrawable balance (once, irreversible). */
  addedToWithdrawable: boolean;
}

export type DisbursementEvent =
  | { type: 'PROVIDER_ACCEPTED'; role: DisbursementActor }
  | { type: 'PROVIDER_CONFIRMED'; role: DisbursementActor }
  | { type: 'PROVIDER_FAILED'; role: DisbursementActor }
  | { type: 'FINALIZE'; role: DisbursementActor }
  | { type: 'REJECT'; role: DisbursementActor }
  | { type: 'VOID'; role: DisbursementActor }
  | { type: 'REFRESH_STATUS'; role: DisbursementActor }
  | { type: 'GENERATE_INVOICE'; role: DisbursementActor }
  | { type: 'ADD_TO_WITHDRAWABLE'; role: DisbursementActor };

/**
 * A disbursement's life (spec section 4, issue 11). It is created PENDING_REQUEST with its
 * amount + fee held from the client's disbursement balance.
 * - The provider accepts it (PENDING), confirms it (FINALIZED: the hold is paid out) or fails it
 *   (FAILED: the hold comes back).
 * - A SUPER ADMIN may finalize (the API's status COMPLETED) or reject (the hold comes back) while it
 *   is PENDING_REQUEST or PENDING, and void a FINALIZED one by the void upload (the money comes back).
 * - A SUPER ADMIN may ask the provider for the status of an open one, print the invoice of a paid
 *   one, and move a released hold (REJECTED, FAILED, VOIDED) on to the withdrawable balance, once.
 * The server checks every change against this machine; the Disbursement List shows row actions from it.
 */
// Each guard once, as a condition: what the machine runs and the chart's ECMAScript (conditions.ts).
const role = field<DisbursementFacts, DisbursementEvent>('role');
const bySuperAdmin = is(role, 'SUPER ADMIN');

const released = () =>
  ({ on: { ADD_TO_WITHDRAWABLE: { guard: 'notYetWithdrawable', actions: 'markAddedToWithdrawable' } } }) as const;

export const disbursementLifecycle = setup({
  // Stryker disable next-line ObjectLiteral: these objects exist for TypeScript alone; emptied, the machine is the same
  types: { context: {} as DisbursementFacts, events: {} as DisbursementEvent, input: {} as DisbursementFacts },
  guards: {
    byProvider: is(role, 'SYSTEM'),
    bySuperAdmin,
    notYetWithdrawable: allOf(
      bySuperAdmin,
      is(fact<DisbursementFacts, DisbursementEvent>('addedToWithdrawable'), false),
    ),
  },
  actions: { markAddedToWithdrawable: assign({ addedToWithdrawable: true }) },
}).createMachine({
  id: 'disbursement',
  context: ({ input }) => input,
  initial: 'PENDING_REQUEST',
  states: {
    // Actions that keep the status still name it as their target: can() only counts transitions
    // that do something, and these are permissions the server checks.
    PENDING_REQUEST: {
      on: {
        PROVIDER_ACCEPTED: { guard: 'byProvider', target: 'PENDING' },
        PROVIDER_CONFIRMED: { guard: 'byProvider', target: 'FINALIZED' },
        PROVIDER_FAILED: { guard: 'byProvider', target: 'FAILED' },
        FINALIZE: { guard: 'bySuperAdmin', target: 'FINALIZED' },
        REJECT: { guard: 'bySuperAdmin', target: 'REJECTED' },
        REFRESH_STATUS: { guard: 'bySuperAdmin', target: 'PENDING_REQUEST' },
      },
    },
    PENDING: {
      on: {
        PROVIDER_CONFIRMED: { guard: 'byProvider', target: 'FINALIZED' },
        PROVIDER_FAILED: { guard: 'byProvider', target: 'FAILED' },
        FINALIZE: { guard: 'bySuperAdmin', target: 'FINALIZED' },
        REJECT: { guard: 'bySuperAdmin', target: 'REJECTED' },
        REFRESH_STATUS: { guard: 'bySuperAdmin', target: 'PENDING' },
      },
    },
    FINALIZED: {
      on: {
        VOID: { guard: 'bySuperAdmin', target: 'VOIDED' },
        GENERATE_INVOICE: { guard: 'bySuperAdmin', target: 'FINALIZED' },
      },
    },
    // The three states whose hold came back share one rule: the money may go on to withdrawable, once.
    REJECTED: released(),
    FAILED: released(),
    VOIDED: released(),
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const disbursementGuardWords: GuardWords<typeof disbursementLifecycle> = {
  byProvider: msg({
    defaultMessage:
      'Only the provider (role SYSTEM) may accept (while PENDING_REQUEST), confirm or fail a disbursement (while ' +
      'PENDING_REQUEST or PENDING).',
    id: 'w4KFCe',
  }),
  bySuperAdmin: msg({
    defaultMessage:
      'Only a SUPER ADMIN may finalize, reject or refresh the status (while PENDING_REQUEST or PENDING), and void or ' +
      'print the invoice (while FINALIZED).',
    id: 'MdtfzU',
  }),
  notYetWithdrawable: msg({
    defaultMessage:
      'Only a SUPER ADMIN, only once, and only when the hold came back (REJECTED, FAILED or VOIDED): it moves on to ' +
      'the withdrawable balance.',
    id: 'kjXCJA',
  }),
};

/** Each fact of a disbursement the lifecycle reads, in words: the chart's `<data>`. */
export const disbursementFactWords: FactWords<DisbursementFacts> = {
  addedToWithdrawable: 'Whether its released hold was already moved on to the withdrawable balance (true or false).',
};

/** Whether the lifecycle allows the event on a disbursement in this status with these facts. */
export function allowsDisbursement(
  status: DisbursementStatusName,
  facts: DisbursementFacts,
  event: DisbursementEvent,
): boolean {
  return disbursementLifecycle.resolveState({ value: status, context: facts }).can(event);
}

/**
 * Whether the lifecycle refuses the event for the actor's role alone: some user type may take it on
 * this disbursement now. The server answers that as not allowed (403), any other refusal as the
 * status's conflict (409), so who may decide is said by the guards above and nowhere else.
 */
export const refusesDisbursementRole = (
  status: DisbursementStatusName,
  facts: DisbursementFacts,
  event: DisbursementEvent,
): boolean =>
  !allowsDisbursement(status, facts, event) &&
  USER_TYPES.some((role) => allowsDisbursement(status, facts, { ...event, role }));

/** The status the event leads to, or null when the lifecycle refuses it. */
export function nextDisbursementStatus(
  status: DisbursementStatusName,
  facts: DisbursementFacts,
  event: DisbursementEvent,
): DisbursementStatusName | null {
  const snapshot = disbursementLifecycle.resolveState({ value: status, context: facts });
  if (!snapshot.can(event)) return null;
  return transition(disbursementLifecycle, snapshot, event)[0].value as DisbursementStatusName;
}

/** The API's decision word (spec: finalize is sent as COMPLETED) as a lifecycle event. */
export const disbursementDecisionEvent = (status: 'COMPLETED' | 'REJECTED'): 'FINALIZE' | 'REJECT' =>
  status === 'COMPLETED' ? 'FINALIZE' : 'REJECT';
