import { withdrawalLifecycle } from '../../src/machines/lifecycle/withdrawalLifecycle.ts';
import { freshAuthenticatorCode, withdrawalRequestBody, type CallResult } from './harness.ts';
import { ACTORS, API, type Sessions, type WalkContext, type WalkSpec } from './lifecycleWalkKit.ts';
import { WITHDRAWAL_AMOUNT, WITHDRAWAL_MONEY } from './walkMoney.ts';
import { WITHDRAWAL_TARGETS } from './walkTargets.ts';

export interface WithdrawalRecord {
  uuid: string;
  kind: 'withdrawal' | 'transfer';
}

let sequence = 0;

/**
 * A withdrawal (or transfer to disburse) request of client 1, as the Balance page sends it: with
 * an authenticator code and an Idempotency-Key, so sending it again is a retry, not a second request.
 */
export async function requestWithdrawal(
  sessions: Sessions,
  kind: 'withdrawal' | 'transfer',
  key: string,
  who = 'superadmin',
): Promise<CallResult & { replayed: boolean }> {
  const { token, secret } = await sessions.of(who);
  const otp = await freshAuthenticatorCode(sessions.server, who, secret);
  const body =
    kind === 'transfer'
      ? { type: 'transfer', client_filter: 1, amount: WITHDRAWAL_AMOUNT, otp_num: otp }
      : withdrawalRequestBody(otp, { type: 'withdrawal', amount: WITHDRAWAL_AMOUNT });
  const response = await fetch(`${sessions.server.url}${API}/balance/add-withdrawal`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: await response.json(),
    replayed: response.headers.get('idempotent-replayed') === 'true',
  };
}

export const withdrawalKey = () => `walk-${process.pid}-${Date.now()}-${++sequence}`;

/** The withdrawal lifecycle through the API: requested by a SUPER ADMIN, decided by the role the event names. */
export function withdrawalWalks(ctx: WalkContext): WalkSpec<WithdrawalRecord> {
  return {
    name: 'withdrawalLifecycle',
    machine: withdrawalLifecycle,
    events: (['COMPLETE', 'REJECT'] as const).flatMap((type) => ACTORS.map((role) => ({ type, role }))),
    inputs: [{ label: 'withdrawal' }, { label: 'transfer' }],
    clientId: 1,
    unexposed: (_edge, event) => (event.role === 'SYSTEM' ? 'no job decides a withdrawal' : null),
    async fresh(input, expectMoves) {
      const kind = input.label as WithdrawalRecord['kind'];
      const key = withdrawalKey();
      const made = await expectMoves('requested', WITHDRAWAL_MONEY.REQUESTED, () =>
        requestWithdrawal(ctx.sessions, kind, key),
      );
      if (made.status !== 201) throw new Error(`the request was answered ${made.status}: ${made.body.message}`);
      // The request's own retry (same key) answers alike and moves nothing.
      const again = await expectMoves('requested again', {}, () => requestWithdrawal(ctx.sessions, kind, key));
      if (!again.replayed || again.body.data.uuid !== made.body.data.uuid)
        throw new Error(`the retry was not a replay: ${JSON.stringify(again.body)}`);
      return { uuid: made.body.data.uuid, kind };
    },
    send: (w, step) =>
      ctx.sessions.callAs(step.event.role, 'PATCH', '/balance/update-withdrawal', {
        uuid: w.uuid,
        status: step.event.type === 'COMPLETE' ? 'COMPLETED' : 'REJECTED',
      }),
    answer: () => 200,
    targets: WITHDRAWAL_TARGETS,
    async readBack(w) {
      const res = await ctx.sessions.call('superadmin', 'GET', '/balance/withdrawal-history?client_filter=1&limit=50');
      const row = res.body.data.find((r: { uuid: string }) => r.uuid === w.uuid);
      if (!row) throw new Error(`withdrawal ${w.uuid} is not on the history's first page`);
      return { status: row.status };
    },
    money: (step, w) => WITHDRAWAL_MONEY[`${step.event.type} ${w.kind}`],
  };
}
