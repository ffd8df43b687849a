import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import {
  allows,
  mayAddToWithdrawable,
  nextPayinStatus,
  refusesPayinRole,
  payinLifecycle,
  type PayinEvent,
  type PayinFacts,
} from '../../machines/lifecycle/payinLifecycle';
import { TRANSACTION_STATUSES, type TransactionStatusName } from '../../services/payinQuery';
import { buildModel } from './modelCoverage';

const roles = ['SUPER ADMIN', 'ADMIN', 'CLIENT'] as const;
const events = [
  ...roles.flatMap((role) =>
    ['REFRESH_STATUS', 'FINALIZE_MANUALLY', 'RESEND_CALLBACK', 'ADD_TO_WITHDRAWABLE', 'GENERATE_INVOICE', 'SETTLE'].map(
      (type) => ({ type, role }),
    ),
  ),
  { type: 'PROVIDER_PAID', role: 'SYSTEM' },
  { type: 'PROVIDER_TIMEOUT', role: 'SYSTEM' },
  { type: 'PROVIDER_EXPIRED', role: 'SYSTEM' },
];

describe('pay-in lifecycle: model', () => {
  it('has a path through every transition of its definition', () => {
    // Built inside the test: a machine that cannot be explored fails this test, not the file's loading.
    const model = buildModel(payinLifecycle, {
      events,
      inputs: [
        { channel: 'fello_qris', addedToWithdrawable: false },
        { channel: 'va_bca', addedToWithdrawable: false },
      ],
    });
    expect(model.uncovered).toEqual([]);
  });

  it('offers refresh on pending QRIS only, and manual finalize to SUPER ADMIN only', () => {
    const qris = { channel: 'fello_qris' as const, addedToWithdrawable: false };
    const va = { channel: 'va_bca' as const, addedToWithdrawable: false };
    expect(allows('PENDING', qris, { type: 'REFRESH_STATUS', role: 'CLIENT' })).toBe(true);
    expect(allows('REQUEST_TIMEOUT', qris, { type: 'REFRESH_STATUS', role: 'ADMIN' })).toBe(true);
    expect(allows('PENDING', va, { type: 'REFRESH_STATUS', role: 'SUPER ADMIN' })).toBe(false);
    expect(allows('FINALIZED', qris, { type: 'REFRESH_STATUS', role: 'SUPER ADMIN' })).toBe(false);
    expect(nextPayinStatus('PENDING', qris, { type: 'FINALIZE_MANUALLY', role: 'SUPER ADMIN' })).toBe('FINALIZED');
    expect(nextPayinStatus('PENDING', qris, { type: 'FINALIZE_MANUALLY', role: 'ADMIN' })).toBeNull();
    expect(nextPayinStatus('PENDING', va, { type: 'PROVIDER_EXPIRED', role: 'SYSTEM' })).toBe('VA_EXPIRED');
  });

  it('adds to withdrawable once, irreversibly, and re-sends callbacks only when FINALIZED', () => {
    const fresh = { channel: 'fello_qris' as const, addedToWithdrawable: false };
    expect(allows('FINALIZED', fresh, { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(true);
    expect(
      allows(
        'FINALIZED',
        { ...fresh, addedToWithdrawable: true },
        { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' },
      ),
    ).toBe(false);
    expect(allows('SETTLED', fresh, { type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(false);
    for (const status of ['PENDING', 'REQUEST_TIMEOUT', 'SETTLED', 'VA_EXPIRED'] as const) {
      expect(allows(status, fresh, { type: 'RESEND_CALLBACK', role: 'SUPER ADMIN' })).toBe(false);
    }
    expect(allows('FINALIZED', fresh, { type: 'RESEND_CALLBACK', role: 'CLIENT' })).toBe(true);
  });

  it("starts PENDING with the pay-in's facts, and marks the move to withdrawable so it cannot happen twice", () => {
    const actor = createActor(payinLifecycle, {
      input: { channel: 'herra_qris', addedToWithdrawable: false },
    }).start();
    expect(actor.getSnapshot().value).toBe('PENDING');
    expect(actor.getSnapshot().context).toEqual({ channel: 'herra_qris', addedToWithdrawable: false });
    actor.send({ type: 'PROVIDER_PAID', role: 'SYSTEM' });
    actor.send({ type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' });
    expect(actor.getSnapshot().context.addedToWithdrawable).toBe(true);
    expect(actor.getSnapshot().can({ type: 'ADD_TO_WITHDRAWABLE', role: 'SUPER ADMIN' })).toBe(false);
  });

  it('treats both QRIS channels as QRIS, and only va_ channels as virtual accounts', () => {
    for (const channel of ['fello_qris', 'herra_qris'] as const) {
      const facts = { channel, addedToWithdrawable: false };
      expect(nextPayinStatus('PENDING', facts, { type: 'PROVIDER_TIMEOUT', role: 'SYSTEM' }), channel).toBe(
        'REQUEST_TIMEOUT',
      );
      expect(allows('PENDING', facts, { type: 'REFRESH_STATUS', role: 'CLIENT' }), channel).toBe(true);
      expect(allows('PENDING', facts, { type: 'PROVIDER_EXPIRED', role: 'SYSTEM' }), channel).toBe(false);
    }
    const va = { channel: 'va_bca' as const, addedToWithdrawable: false };
    expect(allows('PENDING', va, { type: 'PROVIDER_TIMEOUT', role: 'SYSTEM' })).toBe(false);
  });

  it('lets only a SUPER ADMIN add to withdrawable', () => {
    for (const role of ['ADMIN', 'CLIENT'] as const) {
      expect(
        allows(
          'FINALIZED',
          { channel: 'fello_qris', addedToWithdrawable: false },
          { type: 'ADD_TO_WITHDRAWABLE', role },
        ),
      ).toBe(false);
    }
  });

  it("says Process Transactions is a SUPER ADMIN's alone", () => {
    expect(mayAddToWithdrawable('SUPER ADMIN')).toBe(true);
    expect(mayAddToWithdrawable('ADMIN')).toBe(false);
    expect(mayAddToWithdrawable('CLIENT')).toBe(false);
  });

  it('tells a refusal of the role (another user type may act) from a refusal of the status', () => {
    const qris = { channel: 'fello_qris' as const, addedToWithdrawable: false };
    // Only the role is wrong: a SUPER ADMIN may finalize this one by hand.
    expect(refusesPayinRole('PENDING', qris, { type: 'FINALIZE_MANUALLY', role: 'ADMIN' })).toBe(true);
    expect(refusesPayinRole('FINALIZED', qris, { type: 'ADD_TO_WITHDRAWABLE', role: 'CLIENT' })).toBe(true);
    // Allowed: nothing refused.
    expect(refusesPayinRole('PENDING', qris, { type: 'FINALIZE_MANUALLY', role: 'SUPER ADMIN' })).toBe(false);
    // The status (or the facts) refuse everyone: not the role's refusal.
    expect(refusesPayinRole('SETTLED', qris, { type: 'FINALIZE_MANUALLY', role: 'ADMIN' })).toBe(false);
    expect(
      refusesPayinRole(
        'FINALIZED',
        { ...qris, addedToWithdrawable: true },
        { type: 'ADD_TO_WITHDRAWABLE', role: 'ADMIN' },
      ),
    ).toBe(false);
    expect(
      refusesPayinRole(
        'PENDING',
        { channel: 'va_bca', addedToWithdrawable: false },
        { type: 'REFRESH_STATUS', role: 'CLIENT' },
      ),
    ).toBe(false);
    // The provider's event on a settled pay-in: the status refuses it, not the role.
    expect(refusesPayinRole('SETTLED', qris, { type: 'PROVIDER_PAID', role: 'SYSTEM' })).toBe(false);
    // A user who sends the provider's event is refused for who they are (no user type may: SYSTEM only).
    expect(allows('PENDING', qris, { type: 'PROVIDER_PAID', role: 'SUPER ADMIN' })).toBe(false);
  });
});

// Every actor the lifecycle can be asked with: each user type, and the provider (SYSTEM).
const actors = [...roles, 'AUDITOR', 'SYSTEM'] as const;
type Actor = (typeof actors)[number];
const roleTypes = [
  'REFRESH_STATUS',
  'FINALIZE_MANUALLY',
  'RESEND_CALLBACK',
  'ADD_TO_WITHDRAWABLE',
  'GENERATE_INVOICE',
  'SETTLE',
] as const;
const providerTypes = ['PROVIDER_PAID', 'PROVIDER_TIMEOUT', 'PROVIDER_EXPIRED'] as const;
type EventType = (typeof roleTypes)[number] | (typeof providerTypes)[number];
const cells: Array<{ type: EventType; actor: Actor; event: PayinEvent }> = actors.flatMap((role) =>
  [...roleTypes, ...providerTypes].map((type) => ({ type, actor: role, event: { type, role } })),
);
type Row = [TransactionStatusName, EventType, Actor, TransactionStatusName];

/*
 * The pay-in lifecycle written out by hand from spec section 4 and design section 2, as
 * (status, event, actor) -> next status for each kind of pay-in; every other combination must be
 * refused. A wrong target or a loosened guard fails here, not only in the action and view tests.
 */
const qrisOpen: Row[] = [
  ['PENDING', 'REFRESH_STATUS', 'SUPER ADMIN', 'PENDING'],
  ['PENDING', 'REFRESH_STATUS', 'ADMIN', 'PENDING'],
  ['PENDING', 'REFRESH_STATUS', 'CLIENT', 'PENDING'],
  ['PENDING', 'FINALIZE_MANUALLY', 'SUPER ADMIN', 'FINALIZED'],
  ['PENDING', 'PROVIDER_PAID', 'SYSTEM', 'FINALIZED'],
  ['PENDING', 'PROVIDER_TIMEOUT', 'SYSTEM', 'REQUEST_TIMEOUT'],
  ['REQUEST_TIMEOUT', 'REFRESH_STATUS', 'SUPER ADMIN', 'REQUEST_TIMEOUT'],
  ['REQUEST_TIMEOUT', 'REFRESH_STATUS', 'ADMIN', 'REQUEST_TIMEOUT'],
  ['REQUEST_TIMEOUT', 'REFRESH_STATUS', 'CLIENT', 'REQUEST_TIMEOUT'],
  ['REQUEST_TIMEOUT', 'FINALIZE_MANUALLY', 'SUPER ADMIN', 'FINALIZED'],
  ['REQUEST_TIMEOUT', 'PROVIDER_PAID', 'SYSTEM', 'FINALIZED'],
];
// No refresh and no time-out off QRIS; only a virtual account expires.
const vaOpen: Row[] = [
  ['PENDING', 'FINALIZE_MANUALLY', 'SUPER ADMIN', 'FINALIZED'],
  ['PENDING', 'PROVIDER_PAID', 'SYSTEM', 'FINALIZED'],
  ['PENDING', 'PROVIDER_EXPIRED', 'SYSTEM', 'VA_EXPIRED'],
  ['REQUEST_TIMEOUT', 'FINALIZE_MANUALLY', 'SUPER ADMIN', 'FINALIZED'],
  ['REQUEST_TIMEOUT', 'PROVIDER_PAID', 'SYSTEM', 'FINALIZED'],
];
const directDebitOpen: Row[] = [
  ['PENDING', 'FINALIZE_MANUALLY', 'SUPER ADMIN', 'FINALIZED'],
  ['PENDING', 'PROVIDER_PAID', 'SYSTEM', 'FINALIZED'],
  ['REQUEST_TIMEOUT', 'FINALIZE_MANUALLY', 'SUPER ADMIN', 'FINALIZED'],
  ['REQUEST_TIMEOUT', 'PROVIDER_PAID', 'SYSTEM', 'FINALIZED'],
];
const paid: Row[] = [
  ['FINALIZED', 'RESEND_CALLBACK', 'SUPER ADMIN', 'FINALIZED'],
  ['FINALIZED', 'RESEND_CALLBACK', 'ADMIN', 'FINALIZED'],
  ['FINALIZED', 'RESEND_CALLBACK', 'CLIENT', 'FINALIZED'],
  ['FINALIZED', 'ADD_TO_WITHDRAWABLE', 'SUPER ADMIN', 'FINALIZED'],
  ['FINALIZED', 'GENERATE_INVOICE', 'SUPER ADMIN', 'FINALIZED'],
  ['FINALIZED', 'SETTLE', 'SUPER ADMIN', 'SETTLED'],
  ['SETTLED', 'GENERATE_INVOICE', 'SUPER ADMIN', 'SETTLED'],
];
// Once on the withdrawable balance it cannot be added again; everything else stays open.
const paidAlreadyAdded: Row[] = [
  ['FINALIZED', 'RESEND_CALLBACK', 'SUPER ADMIN', 'FINALIZED'],
  ['FINALIZED', 'RESEND_CALLBACK', 'ADMIN', 'FINALIZED'],
  ['FINALIZED', 'RESEND_CALLBACK', 'CLIENT', 'FINALIZED'],
  ['FINALIZED', 'GENERATE_INVOICE', 'SUPER ADMIN', 'FINALIZED'],
  ['FINALIZED', 'SETTLE', 'SUPER ADMIN', 'SETTLED'],
  ['SETTLED', 'GENERATE_INVOICE', 'SUPER ADMIN', 'SETTLED'],
];

const kinds: Array<[string, PayinFacts, Row[]]> = [
  ['QRIS', { channel: 'fello_qris', addedToWithdrawable: false }, [...qrisOpen, ...paid]],
  [
    'QRIS already on withdrawable',
    { channel: 'herra_qris', addedToWithdrawable: true },
    [...qrisOpen, ...paidAlreadyAdded],
  ],
  ['virtual account', { channel: 'va_mandiri', addedToWithdrawable: false }, [...vaOpen, ...paid]],
  // Settlement runs only for its types: a va_bca pay-in is never settled.
  [
    'virtual account that settlement does not run',
    { channel: 'va_bca', addedToWithdrawable: false },
    [...vaOpen, ...paid.filter(([, type]) => type !== 'SETTLE')],
  ],
  ['direct debit', { channel: 'dana_directdebit', addedToWithdrawable: false }, [...directDebitOpen, ...paid]],
];

describe('pay-in lifecycle: status x event x role table', () => {
  it('names every event the machine knows', () => {
    expect([...payinLifecycle.root.events].sort()).toEqual([...roleTypes, ...providerTypes].sort());
  });

  it('has each row once', () => {
    for (const [kind, , rows] of kinds) {
      expect(new Set(rows.map((row) => row.slice(0, 3).join('|'))).size, kind).toBe(rows.length);
    }
  });

  describe.each(kinds)('%s', (_kind, facts, rows) => {
    it.each(TRANSACTION_STATUSES)("from %s allows exactly the table, to the table's status", (status) => {
      const snapshot = payinLifecycle.resolveState({ value: status, context: facts });
      for (const { type, actor, event } of cells) {
        const row = rows.find(([from, t, who]) => from === status && t === type && who === actor);
        const label = `${status} ${type} by ${actor}`;
        const [next] = transition(payinLifecycle, snapshot, event);
        expect(snapshot.can(event), label).toBe(row !== undefined);
        expect(nextPayinStatus(status, facts, event), label).toBe(row ? row[3] : null);
        // A refusal leaves the pay-in as it was; only adding to withdrawable and settling (its net goes there) mark it.
        expect(next.value, label).toBe(row ? row[3] : status);
        expect(next.context, label).toEqual(
          row && (type === 'ADD_TO_WITHDRAWABLE' || type === 'SETTLE')
            ? { ...facts, addedToWithdrawable: true }
            : facts,
        );
      }
    });
  });
});
