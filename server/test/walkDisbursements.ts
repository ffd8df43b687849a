import type { AnyEventObject } from 'xstate';
import { disbursementLifecycle } from '../../src/machines/lifecycle/disbursementLifecycle.ts';
import type { CallResult, TestServer } from './harness.ts';
import { ACTORS, API, turns, type Actor, type WalkContext, type WalkSpec } from './lifecycleWalkKit.ts';
import type { DisbursementRecord } from './walkRecords.ts';
import { DISBURSEMENT_MONEY } from './walkMoney.ts';
import { DISBURSEMENT_TARGETS } from './walkTargets.ts';

// The events the lifecycle knows, read from it: one it gains is walked (or said to have no API) unlisted.
const TYPES = [...disbursementLifecycle.root.events];
const PROVIDER = new Set<string>(['PROVIDER_ACCEPTED', 'PROVIDER_CONFIRMED', 'PROVIDER_FAILED']);
/** What a user sends over HTTP: every event but the provider's. */
export const DISBURSEMENT_USER_EVENTS = TYPES.filter((type) => !PROVIDER.has(type));
type Answer = 'PENDING' | 'FINALIZED' | 'FAILED' | 'NONE';

interface Walked extends DisbursementRecord {
  caller?: Actor;
}

/** The void upload of one row, as the Disbursement List sends its file. */
export async function voidUpload(server: TestServer, token: string, correlationId: string): Promise<CallResult> {
  const form = new FormData();
  form.append('file', new Blob([`correlation_id\n${correlationId}\n`], { type: 'text/csv' }), 'void.csv');
  const response = await fetch(`${server.url}${API}/transaction/disbursement-check-transaction`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

/**
 * The disbursement lifecycle through the API. Provider events are the transfer provider's
 * answers to a status refresh (the simulator answers by the correlation id's last digit). A
 * refresh that keeps PENDING_REQUEST is one the provider does not answer (any answer moves it).
 */
export function disbursementWalks(ctx: WalkContext): WalkSpec<Walked> {
  const next = turns();
  return {
    name: 'disbursementLifecycle',
    machine: disbursementLifecycle,
    events: TYPES.flatMap((type) => ACTORS.map((role) => ({ type, role }))),
    inputs: [{ label: 'BIFAST', machine: { addedToWithdrawable: false } }],
    clientId: 1,
    unexposed(_edge, event) {
      if (PROVIDER.has(event.type) && event.role !== 'SYSTEM')
        return 'a provider event is the provider’s (role SYSTEM) alone: no API lets a user send one';
      if (!PROVIDER.has(event.type) && event.role === 'SYSTEM') return 'no API makes a user’s action as SYSTEM';
      return null;
    },
    fresh: (_input, expectMoves) =>
      expectMoves('created', DISBURSEMENT_MONEY.CREATED, () => ctx.records.createDisbursement(1)),
    async prepare(d, step) {
      const { type } = step.event;
      if (type !== 'REFRESH_STATUS' && !PROVIDER.has(type)) {
        // An id the provider could not answer is too long for the invoice's body: the usual one back.
        if (d.correlationId.length > 64) await ctx.records.disbursementAnsweredAs(d, 'PENDING');
        return;
      }
      const callers = ACTORS.filter((role) => step.from.can({ type: 'REFRESH_STATUS', role } as AnyEventObject));
      d.caller = type === 'REFRESH_STATUS' ? step.event.role : next('caller', callers);
      const answers: Record<string, Answer> = {
        PROVIDER_ACCEPTED: 'PENDING',
        PROVIDER_CONFIRMED: 'FINALIZED',
        PROVIDER_FAILED: 'FAILED',
        REFRESH_STATUS: step.from.value === 'PENDING' ? 'PENDING' : 'NONE',
      };
      await ctx.records.disbursementAnsweredAs(d, answers[type]);
    },
    async send(d, step) {
      const role: Actor =
        d.caller && (step.event.type === 'REFRESH_STATUS' || PROVIDER.has(step.event.type))
          ? d.caller
          : step.event.role;
      switch (step.event.type) {
        case 'REFRESH_STATUS':
        case 'PROVIDER_ACCEPTED':
        case 'PROVIDER_CONFIRMED':
        case 'PROVIDER_FAILED':
          return ctx.sessions.callAs(role, 'PATCH', '/transaction/get-status-disbursement', { uuid: d.uuid });
        case 'FINALIZE':
        case 'REJECT':
          return ctx.sessions.callAs(role, 'PATCH', '/transaction/update-disbursement', {
            uuid: d.uuid,
            status: step.event.type === 'FINALIZE' ? 'COMPLETED' : 'REJECTED',
          });
        case 'VOID':
          return voidUpload(ctx.sessions.server, await ctx.sessions.tokenOfRole(role), d.correlationId);
        case 'GENERATE_INVOICE':
          return ctx.sessions.callAs(role, 'POST', '/transaction/generate-invoice-disbursement', {
            correlation_id: d.correlationId,
          });
        case 'ADD_TO_WITHDRAWABLE':
          return ctx.sessions.callAs(role, 'PATCH', '/balance/add-withdrawable-disbursement', { uuid: d.uuid });
        default:
          throw new Error(`no API for ${step.event.type}`);
      }
    },
    // The provider not answering is the provider failing: 502, and nothing changes.
    answer: (step) => (step.event.type === 'REFRESH_STATUS' && step.from.value === 'PENDING_REQUEST' ? 502 : 200),
    async readBack(d) {
      const row = await ctx.records.disbursementRow(d);
      return { status: row.status, facts: { addedToWithdrawable: row.added_to_withdrawable } };
    },
    facts: (snapshot) => ({ addedToWithdrawable: snapshot.context.addedToWithdrawable }),
    targets: DISBURSEMENT_TARGETS,
    money: (step) => DISBURSEMENT_MONEY[step.event.type],
  };
}
