import { assign, setup, transition } from 'xstate';
import type { TransactionStatusName, TransactionTypeName } from '../../services/payinQuery';
import { USER_TYPES, readsOnly, type UserTypeName } from '../../services/schemas';
import { SETTLEMENT_TYPES } from '../../services/reconciliationRules';
import type { FactWords, GuardWords } from '../guardWords';
import { allOf, fact, field, is, oneOf, startsWith } from './conditions';
import { msg } from '../../i18n/msg';

/**
 * A pay-in's life (spec section 4) and who may act on it. The server checks every change and
 * action against this machine; the Payments List shows row actions from it.
 * - A QRIS pay-in PENDING or REQUEST_TIMEOUT may be refreshed from its provider by anyone who
 *   sees it (but an AUDITOR, who never acts); the answer moves it (PAID -> FINALIZED, TIMEOUT -> REQUEST_TIMEOUT).
 * - PENDING or REQUEST_TIMEOUT may be finalized by hand by a SUPER ADMIN.
 * - A FINALIZED pay-in may have its callback re-sent (anyone but an AUDITOR), and be added to the withdrawable
 *   balance once (SUPER ADMIN, irreversible); SUPER ADMIN may generate its invoice (also SETTLED).
 * - A SUPER ADMIN's settlement moves FINALIZED to SETTLED (its net goes to withdrawable, once);
 *   a virtual account may expire.
 */
export interface PayinFacts {
  channel: TransactionTypeName;
  addedToWithdrawable: boolean;
}

/** Provider-driven events carry the role SYSTEM (design.md section 2); every other step a user's type. */
export type PayinActor = UserTypeName | 'SYSTEM';

export type PayinEvent = {
  type:
    | 'REFRESH_STATUS'
    | 'PROVIDER_PAID'
    | 'PROVIDER_TIMEOUT'
    | 'PROVIDER_EXPIRED'
    | 'FINALIZE_MANUALLY'
    | 'RESEND_CALLBACK'
    | 'ADD_TO_WITHDRAWABLE'
    | 'GENERATE_INVOICE'
    | 'SETTLE';
  role: PayinActor;
};

// Each guard once, as a condition: what the machine runs and the chart's ECMAScript (conditions.ts).
const channel = fact<PayinFacts, PayinEvent>('channel');
const added = fact<PayinFacts, PayinEvent>('addedToWithdrawable');
const role = field<PayinFacts, PayinEvent>('role');
const qris = oneOf(channel, ['fello_qris', 'herra_qris'] satisfies TransactionTypeName[]);
const virtualAccount = startsWith(channel, 'va_');
// Anyone who sees the pay-in, but an AUDITOR, who reads and never acts (issue 28), nor the provider.
const byActor = oneOf(
  role,
  USER_TYPES.filter((type) => !readsOnly(type)),
);
const byProvider = is(role, 'SYSTEM');
const bySuperAdmin = is(role, 'SUPER ADMIN');
// Settlement runs per settlement type: a pay-in of another channel is never settled (the walks found it).
const settledChannel = oneOf(channel, SETTLEMENT_TYPES);

export const payinLifecycle = setup({
  // Stryker disable next-line ObjectLiteral: these objects exist for TypeScript alone; emptied, the machine is the same
  types: { context: {} as PayinFacts, events: {} as PayinEvent, input: {} as PayinFacts },
  guards: {
    qrisByActor: allOf(qris, byActor),
    byActor,
    byProvider,
    qrisByProvider: allOf(qris, byProvider),
    virtualAccountByProvider: allOf(virtualAccount, byProvider),
    bySuperAdmin,
    notYetWithdrawable: allOf(bySuperAdmin, is(added, false)),
    settlesChannel: allOf(bySuperAdmin, settledChannel),
  },
}).createMachine({
  id: 'payin',
  context: ({ input }) => input,
  initial: 'PENDING',
  states: {
    // Actions that leave the status as it is still name it as their target: XState's can() only
    // counts transitions that change something, and these are permissions the server checks.
    PENDING: {
      on: {
        REFRESH_STATUS: { guard: 'qrisByActor', target: 'PENDING' },
        PROVIDER_PAID: { guard: 'byProvider', target: 'FINALIZED' },
        PROVIDER_TIMEOUT: { guard: 'qrisByProvider', target: 'REQUEST_TIMEOUT' },
        PROVIDER_EXPIRED: { guard: 'virtualAccountByProvider', target: 'VA_EXPIRED' },
        FINALIZE_MANUALLY: { guard: 'bySuperAdmin', target: 'FINALIZED' },
      },
    },
    REQUEST_TIMEOUT: {
      on: {
        REFRESH_STATUS: { guard: 'qrisByActor', target: 'REQUEST_TIMEOUT' },
        PROVIDER_PAID: { guard: 'byProvider', target: 'FINALIZED' },
        FINALIZE_MANUALLY: { guard: 'bySuperAdmin', target: 'FINALIZED' },
      },
    },
    FINALIZED: {
      on: {
        RESEND_CALLBACK: { guard: 'byActor', target: 'FINALIZED' },
        ADD_TO_WITHDRAWABLE: { guard: 'notYetWithdrawable', actions: assign({ addedToWithdrawable: true }) },
        GENERATE_INVOICE: { guard: 'bySuperAdmin', target: 'FINALIZED' },
        // Settlement is a SUPER ADMIN's act (the Settlement module), run by a job on their behalf.
        // Its net is on the withdrawable balance afterwards (moved now, or added by hand before): the flag says so.
        SETTLE: { guard: 'settlesChannel', target: 'SETTLED', actions: assign({ addedToWithdrawable: true }) },
      },
    },
    SETTLED: { on: { GENERATE_INVOICE: { guard: 'bySuperAdmin', target: 'SETTLED' } } },
    // A virtual account that expired is done: nothing more happens to it (a final state: the run ends).
    VA_EXPIRED: { type: 'final' },
  },
});

/** Each guard in words, beside the machine: the chart, the Workflows page and the SCXML say these. */
export const payinGuardWords: GuardWords<typeof payinLifecycle> = {
  byActor: msg({
    defaultMessage: 'Anyone who sees the pay-in may resend its callback, but an AUDITOR, who reads and never acts.',
    id: 'CJAkL0',
  }),
  qrisByActor: msg({
    defaultMessage:
      'Only a QRIS pay-in (fello_qris, herra_qris), and anyone who sees it but an AUDITOR: its status may be asked ' +
      'of the provider while PENDING or REQUEST_TIMEOUT.',
    id: 'vvf2U/',
  }),
  byProvider: msg({
    defaultMessage: 'Only the provider (role SYSTEM) reports a payment, the answer to a status inquiry.',
    id: 'xGYl3Q',
  }),
  qrisByProvider: msg({
    defaultMessage:
      'Only the provider (role SYSTEM), and only for a QRIS pay-in (fello_qris, herra_qris): only a QRIS pay-in can ' +
      'time out.',
    id: 'L+JLQ0',
  }),
  virtualAccountByProvider: msg({
    defaultMessage:
      'Only the provider (role SYSTEM), and only for a virtual-account pay-in (a va_ channel): only a virtual ' +
      'account can expire, and only while PENDING.',
    id: 'XRLabg',
  }),
  bySuperAdmin: msg({
    defaultMessage:
      'Only a SUPER ADMIN may finalize by hand (while PENDING or REQUEST_TIMEOUT) or generate the invoice (while ' +
      'FINALIZED or SETTLED).',
    id: 'DEV1u7',
  }),
  settlesChannel: msg({
    defaultMessage:
      "Only a SUPER ADMIN's settlement (the Settlement module, run by a job on their behalf), only while FINALIZED, " +
      'and only for a channel settlement runs: herra_qris, fello_direct_debit, fello_qris, va_mandiri, va_bri, ' +
      'dana_directdebit. Its net goes to withdrawable unless it was added by hand already.',
    id: 'vEniJi',
  }),
  notYetWithdrawable: msg({
    defaultMessage:
      'Only a SUPER ADMIN, only while FINALIZED, and only once: the pay-in is not on the withdrawable balance yet.',
    id: 'Mif/JH',
  }),
};

/** Each fact of a pay-in the lifecycle reads, in words: the chart's `<data>`. */
export const payinFactWords: FactWords<PayinFacts> = {
  channel: "The pay-in's channel (payment method): fello_qris, herra_qris, or a va_ virtual account.",
  addedToWithdrawable: 'Whether its net was already added to the withdrawable balance (true or false).',
};

/** Whether the lifecycle allows the event on a pay-in in this status with these facts. */
export function allows(status: TransactionStatusName, facts: PayinFacts, event: PayinEvent): boolean {
  return payinLifecycle.resolveState({ value: status, context: facts }).can(event);
}

/**
 * Whether the lifecycle refuses the event for the actor's role alone: some user type may take it on
 * this pay-in now. The server answers that as not allowed (403), any other refusal as the status's
 * conflict (409), so who may act is said by the guards above and nowhere else.
 */
export const refusesPayinRole = (status: TransactionStatusName, facts: PayinFacts, event: PayinEvent): boolean =>
  !allows(status, facts, event) && USER_TYPES.some((role) => allows(status, facts, { ...event, role }));

/**
 * Whether this role may add a FINALIZED pay-in not yet withdrawable to the withdrawable balance:
 * what Process Transactions adds, one by one, in bulk (the Payments List's offer, the server's 403).
 */
export const mayAddToWithdrawable = (role: UserTypeName): boolean =>
  allows('FINALIZED', { channel: 'va_bca', addedToWithdrawable: false }, { type: 'ADD_TO_WITHDRAWABLE', role });

/** The status the event leads to, or null when the lifecycle refuses it. */
export function nextPayinStatus(
  status: TransactionStatusName,
  facts: PayinFacts,
  event: PayinEvent,
): TransactionStatusName | null {
  const snapshot = payinLifecycle.resolveState({ value: status, context: facts });
  if (!snapshot.can(event)) return null;
  return transition(payinLifecycle, snapshot, event)[0].value as TransactionStatusName;
}
