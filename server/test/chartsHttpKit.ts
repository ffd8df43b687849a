import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { APPROVAL_ACTION_MODULES, type ApprovalAction } from '../../src/services/approvalRules.ts';
import type { TransactionTypeName } from '../../src/services/payinQuery.ts';
import { loadScion } from '../../src/test/machines/scion.ts';
import { transactions } from '../db/schema.ts';
import { lifecycleGraph, shortestPrefixes, type Edge } from './lifecycleGraph.ts';
import {
  DEMO_USERS,
  actorOf,
  type Actor,
  type MoneyCheck,
  type WalkContext,
  type WalkInput,
  type WalkSpec,
  type WalkStep,
} from './lifecycleWalkKit.ts';
import { approvalWalks } from './walkApprovals.ts';
import { DISBURSEMENT_USER_EVENTS, disbursementWalks } from './walkDisbursements.ts';
import { PAYIN_USER_EVENTS, payinWalks } from './walkPayins.ts';
import { withdrawalWalks } from './walkWithdrawals.ts';

/**
 * The HTTP half of issue 42, part 3 (chartsHttp.test.ts): each (state, event, actor) pair a route
 * exposes is put to SCION, running the exported document alone with the record's facts as the API
 * tells them, and to the API on a record brought to that state through the API by the walk kit's
 * shortest path. SCION taken ⇔ the API accepted, and the status read back is SCION's next state.
 */
type UserType = Exclude<Actor, 'SYSTEM'>;
type Facts = Record<string, unknown>;

/** Who sends a pair's request (a demo or test user, as Sessions signs them in), and for approvals what they are. */
export interface Caller {
  who: string;
  flags?: { isMaker: boolean; holdsModule: boolean };
}

/** Records of one state (and facts) whose pairs are sent; each record reused only while nothing was accepted. */
export interface Situation {
  state: string;
  input: WalkInput;
  /** The facts the record must have, as the machine's context at that vertex of the kit's graph. */
  context?: Facts;
  /** Approvals: the user type whose demo user makes the held request. */
  maker?: UserType;
  events: string[];
  callers: Caller[];
  /** Only for a state no API leads to: how the record is made instead. */
  make?: () => Promise<unknown>;
}

export interface Sent {
  http: number;
  accepted: boolean;
  /** False when the provider's answer moves the record after an accepted REFRESH_STATUS: acceptance alone is compared. */
  keepsStatus: boolean;
}

export interface ChartLifecycle<R = any> {
  /** docs/workflows/<id>.scxml, and its states' prefix. */
  id: string;
  spec: WalkSpec<R>;
  situations: Situation[];
  /** Events of the chart no route sends, and actor kinds no user can be: printed, and the coverage check reads them. */
  notExposed: { events: string[]; why: string }[];
  observe(record: R): Promise<{ status: string; facts: Facts }>;
  fields(record: R, caller: Caller): Promise<Facts>;
  send(record: R, type: string, caller: Caller, status: string): Promise<Sent>;
}

export interface PairResult {
  pair: string;
  http: number;
  scion: string;
  agrees: boolean;
  problems: string[];
}

export const chartDocument = (id: string) => readFileSync(`docs/workflows/${id}.scxml`, 'utf8');
const ok = (status: number) => status >= 200 && status < 300 && status !== 202;
const same = (a: Facts, b: Facts) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
const pick = (facts: Facts, ids: readonly string[]) => Object.fromEntries(ids.map((id) => [id, facts[id]]));
const passthrough: MoneyCheck = (_label, _moves, work) => work();
// The kit's send (and fresh, for the approval's maker) read only a step's event: a refused pair has no edge to give.
const eventStep = (type: string, role: Actor) => ({ event: { type, role } }) as unknown as WalkStep;

/** The kit's shortest path through the API to the situation's state and facts (its graph, its exposed steps). */
function pathTo(lc: ChartLifecycle, s: Situation): Edge[] {
  const { spec } = lc;
  const graph = lifecycleGraph(spec.machine, spec.events, s.input.machine);
  const walkable = graph.edges
    .map((edge) => ({ ...edge, events: edge.events.filter((e) => !spec.unexposed(edge, e, s.input)) }))
    .filter((edge) => edge.events.length);
  const paths = [...shortestPrefixes(graph.start, walkable)].filter(([key]) => {
    const { value, context } = JSON.parse(key);
    return value === s.state && Object.entries(s.context ?? {}).every(([k, v]) => context[k] === v);
  });
  if (!paths.length) throw new Error(`${lc.id}: no API path to ${s.state} ${JSON.stringify(s.context)}`);
  return paths.map(([, path]) => path).sort((a, b) => a.length - b.length)[0];
}

async function reach(lc: ChartLifecycle, s: Situation): Promise<unknown> {
  if (s.make) return s.make();
  const steps: WalkStep[] = pathTo(lc, s).map((edge) => ({
    edge,
    event: edge.events[0],
    from: edge.from.snapshot,
    to: edge.to.snapshot,
  }));
  // The approval kit's maker is the one its walk's CANCEL names.
  const maker = s.maker ? [eventStep('CANCEL', s.maker)] : [];
  const record = await lc.spec.fresh(s.input, passthrough, [...maker, ...steps]);
  for (const step of steps) {
    await lc.spec.prepare?.(record, step);
    const res = await lc.spec.send(record, step);
    if (res.status !== lc.spec.answer(step))
      throw new Error(`${lc.id}: ${step.edge.transition} answered ${res.status} ${JSON.stringify(res.body)}`);
  }
  return record;
}

/**
 * Every pair of the situations, each on a record in its state. A refused request changes nothing
 * (checked: status and facts read back), so the next pair reuses the record; after anything accepted
 * or changed, the next pair gets a fresh one. A SCION error is a disagreement.
 */
export async function runPairs(lc: ChartLifecycle, document: string, situations = lc.situations) {
  const model = await loadScion(document);
  const results: PairResult[] = [];
  for (const s of situations) {
    let record: unknown = null;
    let seen = { status: '', facts: {} as Facts };
    for (const event of s.events)
      for (const caller of s.callers) {
        if (!record) {
          record = await reach(lc, s);
          seen = await lc.observe(record);
          if (seen.status !== s.state) throw new Error(`${lc.id}: reached ${seen.status}, not ${s.state}`);
        }
        const facts = pick(seen.facts, model.dataIds);
        const fields = await lc.fields(record, caller);
        if (caller.flags && !same(pick(fields, ['isMaker', 'holdsModule']), caller.flags))
          throw new Error(`${caller.who} is ${actorOf(fields as never)} here, not as planned`);
        const verdict = model.step({ state: `${lc.id}.${seen.status}`, data: facts }, { name: event, data: fields });
        const next = verdict.states.map((id) => id.slice(lc.id.length + 1)).join(',');
        const sent = await lc.send(record, event, caller, seen.status);
        const after = await lc.observe(record);
        const afterFacts = pick(after.facts, model.dataIds);
        const problems: string[] = [];
        if (verdict.outcome === 'error')
          problems.push(`SCION raised ${verdict.errors.map((e) => e.reason).join('; ')}`);
        if (sent.http === 202) problems.push('held for a second SUPER ADMIN (202)');
        if (sent.accepted !== verdict.taken)
          problems.push(`the API ${sent.accepted ? 'accepted' : 'refused'}, SCION ${verdict.outcome}`);
        else if (sent.keepsStatus || !verdict.taken) {
          if (after.status !== next) problems.push(`the API reads back ${after.status}, SCION says ${next}`);
          if (!same(afterFacts, verdict.data))
            problems.push(`the API's facts ${JSON.stringify(afterFacts)}, SCION's ${JSON.stringify(verdict.data)}`);
        }
        const factText = Object.keys(facts).length ? ` ${JSON.stringify(facts)}` : '';
        results.push({
          pair: `${lc.id} ${seen.status}${factText} ${event} as ${actorOf({ type: event, ...fields })}`,
          http: sent.http,
          scion: verdict.taken ? `taken to ${next}` : verdict.outcome,
          agrees: problems.length === 0,
          problems,
        });
        const unchanged = after.status === seen.status && same(afterFacts, facts);
        if (sent.accepted || verdict.taken || !unchanged) record = null;
        else seen = after;
      }
  }
  return results;
}

/** The events a chart names, read from the document itself. */
export const chartEvents = (document: string) => [
  ...new Set([...document.matchAll(/event="([^"]+)"/g)].map((m) => m[1])),
];

const EVERY_TYPE: UserType[] = ['SUPER ADMIN', 'ADMIN', 'CLIENT', 'AUDITOR'];
const demoCallers: Caller[] = EVERY_TYPE.map((type) => ({ who: DEMO_USERS[type] }));
const typeOf = (who: string) => EVERY_TYPE.find((type) => DEMO_USERS[type] === who)!;
/** Test users set up in the test's beforeAll: a SUPER ADMIN and an ADMIN whose roles lack Master Balance. */
export const TEST_USERS = { superAdminWithoutMasterBalance: 'sa.nomaster', supportAdmin: 'admin.support' };

/** The four lifecycles: their situations, how a pair's request is sent and how the record is read back. */
export function chartLifecycles(ctx: WalkContext): ChartLifecycle[] {
  const asCaller = (caller: Caller) => typeOf(caller.who);
  const roleOf = async (caller: Caller) => ({ role: (await me(ctx, caller.who)).type });
  const each = (states: string[], rest: Omit<Situation, 'state'>) => states.map((state) => ({ state, ...rest }));

  const payins = payinWalks(ctx);
  type Payin = Parameters<typeof payins.send>[0];
  const channel = (c: TransactionTypeName) => ({ label: c, machine: { channel: c, addedToWithdrawable: false } });
  const [qris, va] = [channel('fello_qris'), channel('va_mandiri')];
  const payin: ChartLifecycle<Payin> = {
    id: 'payin',
    spec: payins,
    situations: [
      ...each(['PENDING', 'REQUEST_TIMEOUT', 'SETTLED'], {
        input: qris,
        events: PAYIN_USER_EVENTS,
        callers: demoCallers,
      }),
      {
        state: 'FINALIZED',
        input: qris,
        context: { addedToWithdrawable: false },
        events: PAYIN_USER_EVENTS,
        callers: demoCallers,
      },
      // Facts that change a verdict: a virtual account's refresh, an added pay-in, a channel settlement never runs.
      { state: 'PENDING', input: va, events: ['REFRESH_STATUS'], callers: demoCallers },
      {
        state: 'FINALIZED',
        input: qris,
        context: { addedToWithdrawable: true },
        events: ['ADD_TO_WITHDRAWABLE'],
        callers: demoCallers,
      },
      { state: 'FINALIZED', input: channel('va_bca'), events: ['SETTLE'], callers: demoCallers },
      {
        state: 'VA_EXPIRED',
        input: va,
        events: PAYIN_USER_EVENTS,
        callers: demoCallers,
        // Nothing in the server expires a virtual account (the kit says why): written as the demo seed writes it.
        async make() {
          const p = await ctx.records.insertPayin('va_mandiri', 1);
          await ctx.sessions.server.database.db
            .update(transactions)
            .set({ status: 'VA_EXPIRED' })
            .where(eq(transactions.correlationId, p.correlationId));
          return p;
        },
      },
    ],
    notExposed: [
      {
        events: ['PROVIDER_PAID', 'PROVIDER_TIMEOUT', 'PROVIDER_EXPIRED'],
        why: 'the provider’s (SYSTEM): no user sends them',
      },
      { events: [], why: 'SYSTEM for every user event: no route acts as SYSTEM' },
      { events: [], why: 'REQUEST_TIMEOUT of a virtual account: only a QRIS pay-in times out' },
      { events: [], why: 'VA_EXPIRED: no route leads there (the record is written as the seed writes it)' },
    ],
    async observe(p) {
      // The list row names the channel too (its type); payinRow's type names only what the walks read.
      const row = (await ctx.records.payinRow(p)) as { status: string; type: string; added_to_withdrawable: boolean };
      return { status: row.status, facts: { channel: row.type, addedToWithdrawable: row.added_to_withdrawable } };
    },
    fields: (_p, caller) => roleOf(caller),
    async send(p, type, caller, status) {
      const role = asCaller(caller);
      Object.assign(p, { caller: role, bulk: undefined });
      // "Still pending", where the provider is asked: the refresh then keeps the status.
      if (type === 'REFRESH_STATUS' && ['PENDING', 'REQUEST_TIMEOUT'].includes(status))
        await ctx.records.answeredAs(p, ['PENDING']);
      const res = await payins.send(p, eventStep(type, role));
      return { http: res.status, accepted: ok(res.status), keepsStatus: true };
    },
  };

  const disbursements = disbursementWalks(ctx);
  type Disbursement = Parameters<typeof disbursements.send>[0];
  const bifast = disbursements.inputs[0];
  const disbursement: ChartLifecycle<Disbursement> = {
    id: 'disbursement',
    spec: disbursements,
    situations: [
      ...each(['PENDING_REQUEST', 'PENDING', 'FINALIZED', 'REJECTED', 'FAILED', 'VOIDED'], {
        input: bifast,
        context: { addedToWithdrawable: false },
        events: DISBURSEMENT_USER_EVENTS,
        callers: demoCallers,
      }),
      ...each(['REJECTED', 'FAILED', 'VOIDED'], {
        input: bifast,
        context: { addedToWithdrawable: true },
        events: ['ADD_TO_WITHDRAWABLE'],
        callers: demoCallers,
      }),
    ],
    notExposed: [
      {
        events: ['PROVIDER_ACCEPTED', 'PROVIDER_CONFIRMED', 'PROVIDER_FAILED'],
        why: 'the provider’s (SYSTEM): no user sends them',
      },
      { events: [], why: 'SYSTEM for every user event: no route acts as SYSTEM' },
    ],
    async observe(d) {
      const row = await ctx.records.disbursementRow(d);
      return { status: row.status, facts: { addedToWithdrawable: row.added_to_withdrawable } };
    },
    fields: (_d, caller) => roleOf(caller),
    async send(d, type, caller, status) {
      const role = asCaller(caller);
      d.caller = role;
      // The provider answers PENDING: it keeps PENDING; from PENDING_REQUEST any answer moves it (to PENDING).
      const pending = ['PENDING_REQUEST', 'PENDING'].includes(status);
      if (type === 'REFRESH_STATUS' && pending) await ctx.records.disbursementAnsweredAs(d, 'PENDING');
      const res = await disbursements.send(d, eventStep(type, role));
      // The void upload answers 200 for its file: this row is voided only if the answer counts it.
      const voided = type !== 'VOID' || res.body?.data?.summary?.voided === 1;
      const keepsStatus = !(type === 'REFRESH_STATUS' && status === 'PENDING_REQUEST');
      return { http: res.status, accepted: ok(res.status) && voided, keepsStatus };
    },
  };

  const withdrawals = withdrawalWalks(ctx);
  type Withdrawal = Parameters<typeof withdrawals.send>[0];
  const withdrawal: ChartLifecycle<Withdrawal> = {
    id: 'withdrawal',
    spec: withdrawals,
    situations: each(['PENDING', 'COMPLETED', 'REJECTED'], {
      input: withdrawals.inputs[0],
      events: ['COMPLETE', 'REJECT'],
      callers: demoCallers,
    }),
    notExposed: [{ events: [], why: 'SYSTEM: no job decides a withdrawal' }],
    observe: async (w) => ({ status: (await withdrawals.readBack(w)).status, facts: {} }),
    fields: (_w, caller) => roleOf(caller),
    async send(w, type, caller) {
      const res = await withdrawals.send(w, eventStep(type, asCaller(caller)));
      return { http: res.status, accepted: ok(res.status), keepsStatus: true };
    },
  };

  const approvals = approvalWalks(ctx);
  type Held = Parameters<typeof approvals.send>[0];
  const flags = (isMaker: boolean, holdsModule: boolean) => ({ isMaker, holdsModule });
  // Who makes which held request, and who then decides it: every actor kind a demo or test user can be.
  const kinds: { maker: UserType; action: ApprovalAction; callers: Caller[] }[] = [
    {
      maker: 'SUPER ADMIN',
      action: 'balance-adjustment',
      callers: [
        { who: 'superadmin', flags: flags(true, true) },
        { who: 'superadmin2', flags: flags(false, true) },
        { who: TEST_USERS.superAdminWithoutMasterBalance, flags: flags(false, false) },
        { who: 'admin', flags: flags(false, true) },
        { who: TEST_USERS.supportAdmin, flags: flags(false, false) },
        { who: 'client', flags: flags(false, false) },
        { who: 'auditor', flags: flags(false, false) },
      ],
    },
    {
      maker: 'SUPER ADMIN',
      action: 'withdrawal',
      callers: [
        { who: 'client', flags: flags(false, true) },
        { who: 'auditor', flags: flags(false, true) },
      ],
    },
    { maker: 'ADMIN', action: 'balance-adjustment', callers: [{ who: 'admin', flags: flags(true, true) }] },
    { maker: 'CLIENT', action: 'withdrawal', callers: [{ who: 'client', flags: flags(true, true) }] },
  ];
  const approval: ChartLifecycle<Held> = {
    id: 'approval',
    spec: approvals,
    situations: ['PENDING_APPROVAL', 'APPROVED', 'DECLINED', 'CANCELLED', 'EXPIRED'].flatMap((state) =>
      kinds.map(({ maker, action, callers }) => ({
        state,
        input: { label: action },
        maker,
        events: ['APPROVE', 'DECLINE', 'CANCEL'],
        callers,
      })),
    ),
    notExposed: [
      { events: ['EXPIRE'], why: 'the expiry job’s (SYSTEM): no user sends it' },
      { events: [], why: 'a maker without the action’s module: a request is made on that module’s screen' },
      { events: [], why: 'an AUDITOR maker: an AUDITOR makes no request' },
    ],
    observe: async (r) => ({ status: (await approvals.readBack(r)).status, facts: {} }),
    async fields(r, caller) {
      const user = await me(ctx, caller.who);
      const row = (await ctx.sessions.call('superadmin', 'GET', `/approvals/${r.id}`)).body.data;
      return {
        role: user.type,
        isMaker: row.maker_email === user.email,
        holdsModule: user.modules.includes(APPROVAL_ACTION_MODULES[row.action as ApprovalAction]),
      };
    },
    async send(r, type, caller) {
      const res = await ctx.sessions.call(caller.who, 'PATCH', `/approvals/${r.id}`, {
        decision: type,
        ...(type === 'DECLINE' ? { reason: 'Charts over HTTP' } : {}),
      });
      return { http: res.status, accepted: ok(res.status), keepsStatus: true };
    },
  };

  return [payin, disbursement, withdrawal, approval];
}

const users = new WeakMap<WalkContext, Map<string, { type: string; email: string; modules: string[] }>>();

/** The caller as the API tells them (GET user/me): their type and modules give the event's fields. */
async function me(ctx: WalkContext, who: string) {
  const known = users.get(ctx) ?? new Map();
  users.set(ctx, known);
  if (!known.has(who)) known.set(who, (await ctx.sessions.call(who, 'GET', '/user/me')).body.data);
  return known.get(who)!;
}
