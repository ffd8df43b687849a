import { eq, sql } from 'drizzle-orm';
import { approvalLifecycle } from '../../src/machines/lifecycle/approvalLifecycle.ts';
import { DEFAULT_APPROVAL_POLICY, type ApprovalAction } from '../../src/services/approvalRules.ts';
import { approvalRequests } from '../db/schema.ts';
import { expireApprovals } from '../domain/approvals.ts';
import type { CallResult } from './harness.ts';
import {
  ACTORS,
  API,
  DEMO_USERS,
  type Sessions,
  type WalkContext,
  type WalkSpec,
  type WalkStep,
} from './lifecycleWalkKit.ts';
import type { DisbursementRecord, PayinRecord, WalkRecords } from './walkRecords.ts';
import { ADJUSTMENT_AMOUNT, APPROVAL_MONEY } from './walkMoney.ts';
import { APPROVAL_TARGETS } from './walkTargets.ts';
import { requestWithdrawal, withdrawalKey } from './walkWithdrawals.ts';

export const HELD_ACTIONS: ApprovalAction[] = [
  'balance-adjustment',
  'withdrawal',
  'void-upload',
  'bulk-withdrawable',
  'manual-finalize',
];

interface HeldRecord {
  action: ApprovalAction;
  id: number;
  /** The demo user who made the request. */
  maker: string;
  payin?: PayinRecord;
  disbursement?: DisbursementRecord;
  /** How many rows the held action adds to its list on approval (withdrawals, deposits), counted before. */
  countBefore?: number;
}

/** The second SUPER ADMIN: not the maker, and holding every module. */
const CHECKER = 'superadmin2';

/**
 * Who can make each held action over the API (routes.ts: the master balance is staff's, a
 * withdrawal anyone's with the Balance module, the others a SUPER ADMIN's), demo users' roles
 * holding the modules. A walk of a CANCEL makes its request as the maker the step names, so a
 * role listed here that could not make it fails the walk.
 */
const MAKERS: Record<ApprovalAction, string[]> = {
  'balance-adjustment': ['SUPER ADMIN', 'ADMIN'],
  withdrawal: ['SUPER ADMIN', 'ADMIN', 'CLIENT'],
  'void-upload': ['SUPER ADMIN'],
  'bulk-withdrawable': ['SUPER ADMIN'],
  'manual-finalize': ['SUPER ADMIN'],
};

/** Which accepted actors the API has: the makers above, the demo's second SUPER ADMIN, the expiry job. */
function unexposed(
  event: { type: string; role: string; isMaker: boolean; holdsModule: boolean },
  action: ApprovalAction,
): string | null {
  if (event.role === 'SYSTEM')
    return !event.isMaker && !event.holdsModule
      ? null
      : 'the expiry job (SYSTEM) is never the maker and holds no module';
  if (!event.holdsModule)
    return event.isMaker
      ? 'a maker holds the module of the screen the request was made on (no demo user loses one after)'
      : 'every demo SUPER ADMIN holds every module';
  if (event.isMaker && !MAKERS[action].includes(event.role))
    return `no ${event.role} can make this request over the API`;
  return null;
}

/** The maker's call of each held action, on a record of its own made first through the API. */
async function makeHeld(sessions: Sessions, records: WalkRecords, action: ApprovalAction, maker: string) {
  const record: Omit<HeldRecord, 'id' | 'maker'> = { action };
  let call: () => Promise<CallResult>;
  switch (action) {
    case 'balance-adjustment':
      record.countBefore = await listTotal(sessions, '/transaction/balance-history?client_filter=1');
      call = () =>
        sessions.call(maker, 'PATCH', '/transaction/update-balance', { client_id: 1, amount: ADJUSTMENT_AMOUNT });
      break;
    case 'withdrawal': {
      record.countBefore = await listTotal(sessions, '/balance/withdrawal-history?client_filter=1');
      const key = withdrawalKey();
      call = () => requestWithdrawal(sessions, 'withdrawal', key, maker);
      break;
    }
    case 'void-upload': {
      const d = await records.createDisbursement(1);
      await sessions.call('superadmin', 'PATCH', '/transaction/update-disbursement', {
        uuid: d.uuid,
        status: 'COMPLETED',
      });
      record.disbursement = d;
      call = async () => {
        const form = new FormData();
        form.append('file', new Blob([`correlation_id\n${d.correlationId}\n`], { type: 'text/csv' }), 'void.csv');
        const response = await fetch(`${sessions.server.url}${API}/transaction/disbursement-check-transaction`, {
          method: 'POST',
          headers: { authorization: `Bearer ${(await sessions.of(maker)).token}` },
          body: form,
        });
        return { status: response.status, body: await response.json() };
      };
      break;
    }
    case 'bulk-withdrawable': {
      const p = await records.insertPayin('fello_qris', 1);
      const finalized = await sessions.call('superadmin', 'PATCH', '/transaction/finalized-transaction', {
        correlation_id: p.correlationId,
        rrn: '201901010002',
        paid_time: `${p.minute}:00`,
      });
      if (finalized.status !== 200) throw new Error(`finalize: ${JSON.stringify(finalized.body)}`);
      record.payin = p;
      const window = { start: p.minute, end: p.minute, client_id: '1' };
      call = async () => {
        const preview = await sessions.call(maker, 'PATCH', '/transaction/update-transaction', {
          ...window,
          dry_run: true,
        });
        const { count, amount } = preview.body.data;
        return sessions.call(maker, 'PATCH', '/transaction/update-transaction', {
          ...window,
          expected_count: count,
          expected_amount: amount,
        });
      };
      break;
    }
    case 'manual-finalize': {
      const p = await records.insertPayin('fello_qris', 1);
      record.payin = p;
      call = () =>
        sessions.call(maker, 'PATCH', '/transaction/finalized-transaction', {
          correlation_id: p.correlationId,
          rrn: '201901010003',
          paid_time: `${p.minute}:00`,
        });
      break;
    }
  }
  return { record, call };
}

async function listTotal(sessions: Sessions, path: string): Promise<number> {
  return (await sessions.call('superadmin', 'GET', path)).body.meta.total;
}

const setPolicy = (sessions: Sessions, entry: { action: ApprovalAction; mode: string; threshold: number | null }) =>
  sessions.call('superadmin', 'PUT', '/approval-policy', { policy: [entry] });

/**
 * The approval lifecycle of each of the five held actions through the API: the maker's call held
 * (the policy set to 'always' for it, then back to its default), then the step: APPROVE or DECLINE
 * by the second SUPER ADMIN, CANCEL by the maker, EXPIRE by the expiry job: expires_at is set in
 * the past and expireApprovals run, as its pg-boss worker runs it.
 */
export function approvalWalks(ctx: WalkContext): WalkSpec<HeldRecord> {
  return {
    name: 'approvalLifecycle',
    machine: approvalLifecycle,
    events: (['APPROVE', 'DECLINE', 'CANCEL', 'EXPIRE'] as const).flatMap((type) =>
      ACTORS.flatMap((role) =>
        [false, true].flatMap((isMaker) => [false, true].map((holdsModule) => ({ type, role, isMaker, holdsModule }))),
      ),
    ),
    inputs: HELD_ACTIONS.map((action) => ({ label: action })),
    clientId: 1,
    unexposed: (_edge, event, input) => unexposed(event as never, input.label as ApprovalAction),
    async fresh(input, expectMoves, walk) {
      const action = input.label as ApprovalAction;
      // The maker is a SUPER ADMIN, but for a walk whose CANCEL names another maker.
      const cancel = walk.find((s) => s.event.type === 'CANCEL');
      const maker = DEMO_USERS[(cancel?.event.role ?? 'SUPER ADMIN') as keyof typeof DEMO_USERS];
      const { record, call } = await makeHeld(ctx.sessions, ctx.records, action, maker);
      await setPolicy(ctx.sessions, { action, mode: 'always', threshold: null });
      try {
        const held = await expectMoves('held', APPROVAL_MONEY[action].HELD, call);
        if (held.status !== 202) throw new Error(`${action} was not held: ${JSON.stringify(held.body)}`);
        return { ...record, id: held.body.data.approval_id, maker };
      } finally {
        await setPolicy(
          ctx.sessions,
          DEFAULT_APPROVAL_POLICY.find((e) => e.action === action)!,
        );
      }
    },
    async send(r, step: WalkStep) {
      const { type } = step.event;
      if (type === 'EXPIRE') {
        await ctx.sessions.server.database.db
          .update(approvalRequests)
          .set({ expiresAt: sql`now() - interval '1 second'` })
          .where(eq(approvalRequests.id, r.id));
        const expired = await expireApprovals(ctx.sessions.server.database.db);
        return { status: expired.includes(r.id) ? 200 : 204, body: { expired } };
      }
      return ctx.sessions.call(type === 'CANCEL' ? r.maker : CHECKER, 'PATCH', `/approvals/${r.id}`, {
        decision: type,
        ...(type === 'DECLINE' ? { reason: 'Walked' } : {}),
      });
    },
    answer: () => 200,
    targets: APPROVAL_TARGETS,
    async readBack(r) {
      return { status: (await ctx.sessions.call('superadmin', 'GET', `/approvals/${r.id}`)).body.data.status };
    },
    async subject(r, step) {
      const approved = step.to.value === 'APPROVED';
      const differs = (what: string, got: unknown, want: unknown) =>
        got === want ? null : `${what} is ${JSON.stringify(got)}, want ${JSON.stringify(want)}`;
      switch (r.action) {
        case 'manual-finalize':
          return differs(
            'the pay-in',
            (await ctx.records.payinRow(r.payin!)).status,
            approved ? 'FINALIZED' : 'PENDING',
          );
        case 'bulk-withdrawable':
          return differs('the pay-in added', (await ctx.records.payinRow(r.payin!)).added_to_withdrawable, approved);
        case 'void-upload':
          return differs(
            'the disbursement',
            (await ctx.records.disbursementRow(r.disbursement!)).status,
            approved ? 'VOIDED' : 'FINALIZED',
          );
        case 'withdrawal':
          return differs(
            'the withdrawals',
            await listTotal(ctx.sessions, '/balance/withdrawal-history?client_filter=1'),
            r.countBefore! + (approved ? 1 : 0),
          );
        case 'balance-adjustment':
          return differs(
            'the deposits',
            await listTotal(ctx.sessions, '/transaction/balance-history?client_filter=1'),
            r.countBefore! + (approved ? 1 : 0),
          );
      }
    },
    money: (step, r) => APPROVAL_MONEY[r.action][step.event.type as 'APPROVE'],
  };
}
