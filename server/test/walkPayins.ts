import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { payinLifecycle } from '../../src/machines/lifecycle/payinLifecycle.ts';
import { SETTLEMENT_TYPES } from '../../src/services/settlementRules.ts';
import { TRANSACTION_TYPES, type TransactionTypeName } from '../../src/services/payinQuery.ts';
import type { CallResult } from './harness.ts';
import {
  ACTORS,
  turns,
  type Actor,
  type Sessions,
  type WalkContext,
  type WalkSpec,
  type WalkStep,
} from './lifecycleWalkKit.ts';
import type { PayinRecord } from './walkRecords.ts';
import { PAYIN_MONEY } from './walkMoney.ts';
import { PAYIN_TARGETS } from './walkTargets.ts';

// The events the lifecycle knows, read from it: one it gains is walked (or said to have no API) unlisted.
const TYPES = [...payinLifecycle.root.events];
const PROVIDER = new Set<string>(['PROVIDER_PAID', 'PROVIDER_TIMEOUT', 'PROVIDER_EXPIRED']);
/** What a user sends over HTTP: every event but the provider's. */
export const PAYIN_USER_EVENTS = TYPES.filter((type) => !PROVIDER.has(type));

/**
 * One channel of each kind the lifecycle tells apart (its guards: QRIS, virtual account, neither),
 * each one settlement offers. The other six have their kind's graph: they are searched for steps no
 * API makes (settlement does not offer va_bca, va_cimb nor va_permata), not walked again.
 */
export const PAYIN_CHANNELS: TransactionTypeName[] = ['fello_qris', 'va_mandiri', 'fello_direct_debit'];
const machineInput = (channel: TransactionTypeName) => ({
  label: channel,
  machine: { channel, addedToWithdrawable: false },
});

/** Who the lifecycle lets ask the channel for this pay-in's status now. */
const refreshers = (snapshot: AnyMachineSnapshot) =>
  ACTORS.filter((role) => snapshot.can({ type: 'REFRESH_STATUS', role } as AnyEventObject));

/** What a step needs between its prepare and its send (the same on the retry). */
interface Walked extends PayinRecord {
  caller?: Actor;
  bulk?: { count: number; amount: number };
}

export async function settle(sessions: Sessions, role: Actor, p: PayinRecord): Promise<CallResult> {
  const press = await sessions.callAs(role, 'POST', '/transaction/update-settlement-v2', {
    type: p.channel,
    start: p.minute,
    end: p.minute,
  });
  if (press.status !== 200) return press;
  // The run settles in a job: the step is done when the run is.
  for (let i = 0; i < 200; i++) {
    const run = await sessions.call('superadmin', 'GET', `/transaction/settlement-run?id=${press.body.data.run.id}`);
    const { status, error } = run.body.data;
    if (status === 'succeeded') return press;
    if (status !== 'running') return { status: 500, body: { message: `the settlement run ${status}: ${error}` } };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`settlement of ${p.correlationId} did not finish`);
}

/**
 * The pay-in lifecycle through the API. Provider events are the QRIS channel's answers to a
 * status refresh, sent by someone the lifecycle lets refresh; ADD_TO_WITHDRAWABLE goes by the row
 * action and by Process Transactions in turn; SETTLE is a settlement of the pay-in's own minute.
 */
export function payinWalks(ctx: WalkContext): WalkSpec<Walked> {
  const next = turns();
  return {
    name: 'payinLifecycle (pay-ins)',
    machine: payinLifecycle,
    events: TYPES.flatMap((type) => ACTORS.map((role) => ({ type, role }))),
    inputs: PAYIN_CHANNELS.map(machineInput),
    listedOnly: TRANSACTION_TYPES.filter((channel) => !PAYIN_CHANNELS.includes(channel)).map(machineInput),
    clientId: 1,
    unexposed(edge, event) {
      if (event.type === 'PROVIDER_EXPIRED')
        return 'nothing in the server expires a virtual account (only the demo seed writes VA_EXPIRED)';
      if (PROVIDER.has(event.type) && event.role !== 'SYSTEM')
        return 'a provider event is the provider’s (role SYSTEM) alone: no API lets a user send one';
      // The provider's answer reaches the server only as the answer to a status refresh.
      if (PROVIDER.has(event.type) && refreshers(edge.from.snapshot).length === 0)
        return 'the server asks only QRIS channels for a status (refreshStatus): nothing brings this channel’s answer in';
      if (!PROVIDER.has(event.type) && event.role === 'SYSTEM')
        return 'no API makes a user’s action as SYSTEM (the settlement job acts as the SUPER ADMIN who pressed)';
      if (
        event.type === 'SETTLE' &&
        !(SETTLEMENT_TYPES as readonly string[]).includes(edge.from.snapshot.context.channel)
      )
        return 'settlement offers only the SETTLEMENT_TYPES channels';
      return null;
    },
    fresh: (input) => ctx.records.insertPayin(input.label as TransactionTypeName, 1),
    async prepare(p, step) {
      const { type } = step.event;
      const refresh = type === 'REFRESH_STATUS' || PROVIDER.has(type);
      if (refresh) {
        // Who refreshes for the provider: anyone the lifecycle lets refresh here, in turn.
        p.caller = type === 'REFRESH_STATUS' ? step.event.role : next('caller', refreshers(step.from));
        // A refresh that keeps the status is one the provider answers PENDING (or, once timed out, TIMEOUT again).
        const answers: Record<string, string[][]> = {
          PROVIDER_PAID: [['PAID']],
          PROVIDER_TIMEOUT: [['TIMEOUT']],
          REFRESH_STATUS: step.from.value === 'PENDING' ? [['PENDING']] : [['PENDING'], ['TIMEOUT']],
        };
        await ctx.records.answeredAs(p, next(`answer ${type} ${String(step.from.value)}`, answers[type]));
      }
      p.bulk = undefined;
      if (type === 'ADD_TO_WITHDRAWABLE' && next('bulk', [false, true])) {
        const preview = await ctx.sessions.call('superadmin', 'PATCH', '/transaction/update-transaction', {
          start: p.minute,
          end: p.minute,
          client_id: '1',
          dry_run: true,
        });
        p.bulk = { count: preview.body.data.count, amount: preview.body.data.amount };
      }
    },
    send(p, step: WalkStep) {
      const id = p.correlationId;
      switch (step.event.type) {
        case 'REFRESH_STATUS':
        case 'PROVIDER_PAID':
        case 'PROVIDER_TIMEOUT':
          return ctx.sessions.callAs(p.caller!, 'PATCH', '/transaction/get-status-transaction', { correlation_id: id });
        case 'FINALIZE_MANUALLY':
          return ctx.sessions.callAs(step.event.role, 'PATCH', '/transaction/finalized-transaction', {
            correlation_id: id,
            rrn: '201901010001',
            paid_time: `${p.minute}:00`,
          });
        case 'RESEND_CALLBACK':
          return ctx.sessions.callAs(step.event.role, 'POST', '/transaction/resend-callback', { correlation_id: [id] });
        case 'ADD_TO_WITHDRAWABLE':
          return p.bulk
            ? ctx.sessions.callAs(step.event.role, 'PATCH', '/transaction/update-transaction', {
                start: p.minute,
                end: p.minute,
                client_id: '1',
                expected_count: p.bulk.count,
                expected_amount: p.bulk.amount,
              })
            : ctx.sessions.callAs(step.event.role, 'PATCH', '/balance/add-withdrawable-balance', {
                correlation_id: id,
              });
        case 'GENERATE_INVOICE':
          return ctx.sessions.callAs(step.event.role, 'POST', '/transaction/generate-invoice', { correlation_id: id });
        case 'SETTLE':
          return settle(ctx.sessions, step.event.role, p);
        default:
          throw new Error(`no API for ${step.event.type}`);
      }
    },
    answer: () => 200,
    targets: PAYIN_TARGETS,
    async readBack(p) {
      const row = await ctx.records.payinRow(p);
      return { status: row.status, facts: { addedToWithdrawable: row.added_to_withdrawable } };
    },
    // The machine's SETTLE keeps its facts, though settling moved the net to withdrawable: SETTLED
    // offers only the invoice, so the fact is not compared there.
    facts: (snapshot) =>
      snapshot.value === 'SETTLED' ? null : { addedToWithdrawable: snapshot.context.addedToWithdrawable },
    money: (step) =>
      PAYIN_MONEY[
        step.event.type === 'SETTLE' && step.from.context.addedToWithdrawable
          ? 'SETTLE once added to withdrawable'
          : step.event.type
      ],
  };
}
