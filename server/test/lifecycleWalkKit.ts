import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine } from 'xstate';
import { USER_TYPES } from '../../src/services/schemas.ts';
import type { Db } from '../db/connect.ts';
import { checkLedger } from '../domain/ledgerCheck.ts';
import { call, signInVerified, type CallResult, type TestServer } from './harness.ts';
import { lifecycleGraph, planWalks, shortestPrefixes, type Edge, type WalkPlan } from './lifecycleGraph.ts';
import { balancesOf, moved, type Moves } from './walkMoney.ts';
import type { WalkRecords } from './walkRecords.ts';

/**
 * The runner of lifecycleWalks.test.ts: a lifecycle's graph planned into paths, each walked on a
 * fresh record through the API, with after every step the status read back, the ledger checked,
 * the money compared with walkMoney.ts, and the same request sent again to move nothing more.
 */
export const API = '/api/backoffice';

/** Every actor a lifecycle event may name: each user type, and the providers and jobs (SYSTEM). */
export const ACTORS = [...USER_TYPES, 'SYSTEM'] as const;
export type Actor = (typeof ACTORS)[number];

/** The demo user who acts for each user type. */
export const DEMO_USERS: Record<Exclude<Actor, 'SYSTEM'>, string> = {
  'SUPER ADMIN': 'superadmin',
  ADMIN: 'admin',
  CLIENT: 'client',
  AUDITOR: 'auditor',
};

export class Sessions {
  private readonly known = new Map<string, { token: string; secret: string }>();
  constructor(readonly server: TestServer) {}
  /** Signs the demo user in on first use (superadmin2 is the second SUPER ADMIN, the approvals' checker). */
  async of(who: string): Promise<{ token: string; secret: string }> {
    if (!this.known.has(who)) this.known.set(who, await signInVerified(this.server, `${who}@demo.local`));
    return this.known.get(who)!;
  }
  async tokenOfRole(role: Actor): Promise<string> {
    if (role === 'SYSTEM') throw new Error('SYSTEM signs in as no one');
    return (await this.of(DEMO_USERS[role])).token;
  }
  async call(who: string, method: string, path: string, body?: unknown): Promise<CallResult> {
    return call(this.server, method, `${API}${path}`, { token: (await this.of(who)).token, body });
  }
  async callAs(role: Actor, method: string, path: string, body?: unknown): Promise<CallResult> {
    return call(this.server, method, `${API}${path}`, { token: await this.tokenOfRole(role), body });
  }
}

/** What the walks reach the server by, filled in once it runs (the walks are planned before). */
export interface WalkContext {
  sessions: Sessions;
  records: WalkRecords;
}

/** One step of a path: the edge, and which of the payloads the machine accepts for it is sent. */
export interface WalkStep {
  edge: Edge;
  event: AnyEventObject;
  from: AnyMachineSnapshot;
  to: AnyMachineSnapshot;
}

export interface Finding {
  check: string;
  where: string;
  detail: string;
}

export interface WalkInput {
  /** Names the input in the output (a channel, a withdrawal kind, a held action). */
  label: string;
  /** The machine's input (its facts at the start), if it takes one. */
  machine?: unknown;
}

/** A path with its actors chosen: what one fresh record is walked through. */
export type Walk = WalkStep[];

/** How one lifecycle is walked through the API: what makes a record, sends a step, and reads it back. */
export interface WalkSpec<R> {
  name: string;
  machine: AnyStateMachine;
  /** Every event with every payload (each actor, each flag), for the machine's guards to filter. */
  events: AnyEventObject[];
  inputs: WalkInput[];
  /** Inputs whose graphs are only searched for steps no API makes (their walks would repeat an input's above). */
  listedOnly?: WalkInput[];
  clientId: number;
  /** Why no API makes this accepted step as this actor, or null when one does. */
  unexposed(edge: Edge, event: AnyEventObject, input: WalkInput): string | null;
  /** A fresh record in the machine's start state for this walk; money it moves is checked with `expectMoves`. */
  fresh(input: WalkInput, expectMoves: MoneyCheck, walk: Walk): Promise<R>;
  /** Sets up what the step's request needs (the provider's answer, a preview); not repeated on the retry. */
  prepare?(record: R, step: WalkStep): Promise<void>;
  /** The request of the step: sent once, then again as the retry. */
  send(record: R, step: WalkStep): Promise<CallResult>;
  /** The HTTP status the first send must get. */
  answer(step: WalkStep): number;
  /** The record's status, and the facts the machine keeps, as the API tells them. */
  readBack(record: R): Promise<{ status: string; facts?: Record<string, unknown> }>;
  /** The machine's facts to compare with readBack's, or null when the machine does not keep them here. */
  facts?(snapshot: AnyMachineSnapshot): Record<string, unknown> | null;
  /** What the step moves, from walkMoney.ts. */
  money(step: WalkStep, record: R): Moves;
  /** Where each event leads by the spec, from walkTargets.ts (null: it keeps the status). */
  targets: Record<string, string | null>;
  /** A further observable the step must leave (the held action's own record), or null when it does. */
  subject?(record: R, step: WalkStep): Promise<string | null>;
}

export type MoneyCheck = <T>(label: string, expected: Moves, work: () => Promise<T>) => Promise<T>;

/** Who takes a step, in words: the role, and for an approval whether they made the request and hold its module. */
export const actorOf = (event: AnyEventObject) => {
  const flags = [
    ...(event.isMaker === undefined ? [] : [event.isMaker ? 'the maker' : 'not the maker']),
    ...(event.holdsModule === undefined ? [] : [event.holdsModule ? 'holding the module' : 'without the module']),
  ];
  return `${event.role}${flags.length ? ` (${flags.join(', ')})` : ''}`;
};
const eventName = (transition: string) => transition.split(' --')[1].split('-->')[0];
const describeWalk = (input: WalkInput, walk: Walk) =>
  `${input.label}: ${walk.map((s) => `${eventName(s.edge.transition)} as ${actorOf(s.event)}`).join(' → ')}`;

async function ledgerProblems(db: Db): Promise<string[]> {
  return (await checkLedger(db)).problems.map((p) => `${p.check}: ${p.detail}`);
}

export interface InputPlan {
  input: WalkInput;
  plan: WalkPlan;
  walks: Walk[];
  /** Walks added so that every actor of every transition is walked at least once. */
  actorWalks: number;
}

/** What a lifecycle's walks are and did, for the output and the coverage check. */
export interface WalkReport {
  plans: InputPlan[];
  /** Every transition of the machine's definition: each must be walked or said why not. */
  transitions: Set<string>;
  /** Exposed transitions the walks must take, and those taken. */
  exposed: Set<string>;
  walked: Set<string>;
  /** Per input, the exposed (transition, actor) pairs, and those walked. */
  exposedActors: Set<string>;
  walkedActors: Set<string>;
  /** Steps the machine accepts but no API makes: per transition and reason, which actors and inputs. */
  notExposed: Map<string, { actors: Set<string>; inputs: Set<string> }>;
  /** How many inputs were searched, walked or listed only. */
  inputs: number;
  /** How each kind of step's retry was answered (HTTP statuses). */
  retries: Map<string, Set<number>>;
  paths: number;
  steps: number;
  findings: Finding[];
}

/** The transitions the report says no API makes. */
export const saidNotExposed = (report: WalkReport) =>
  new Set([...report.notExposed.keys()].map((key) => key.slice(0, key.indexOf(': '))));

/** Round-robins, one per key: each option is taken in turn. */
export function turns() {
  const taken = new Map<string, number>();
  return <T>(key: string, options: readonly T[]): T => {
    const turn = taken.get(key) ?? 0;
    taken.set(key, turn + 1);
    return options[turn % options.length];
  };
}

const stepOf = (edge: Edge, event: AnyEventObject): WalkStep => ({
  edge,
  event,
  from: edge.from.snapshot,
  to: edge.to.snapshot,
});

/**
 * Plans a lifecycle's walks: its graph per input, the steps no API makes set aside and said why,
 * the paths (planWalks) given their actors in turn, then one more walk for each actor of a
 * transition the turns missed (the shortest way there, then that step as that actor).
 */
export function planLifecycle<R>(spec: WalkSpec<R>): WalkReport {
  const report: WalkReport = {
    plans: [],
    transitions: new Set(),
    retries: new Map(),
    exposed: new Set(),
    walked: new Set(),
    exposedActors: new Set(),
    walkedActors: new Set(),
    notExposed: new Map(),
    inputs: spec.inputs.length + (spec.listedOnly?.length ?? 0),
    paths: 0,
    steps: 0,
    findings: [],
  };
  for (const input of [...spec.inputs, ...(spec.listedOnly ?? [])]) {
    const graph = lifecycleGraph(spec.machine, spec.events, input.machine);
    graph.transitions.forEach((t) => report.transitions.add(t));
    const walkable: Edge[] = [];
    for (const edge of graph.edges) {
      const events = edge.events.filter((event) => {
        const why = spec.unexposed(edge, event, input);
        if (why) {
          const key = `${edge.transition}: ${why}`;
          const seen = report.notExposed.get(key) ?? { actors: new Set(), inputs: new Set() };
          seen.actors.add(actorOf(event));
          seen.inputs.add(input.label);
          report.notExposed.set(key, seen);
        }
        return !why;
      });
      if (events.length) walkable.push({ ...edge, events });
    }
    if (!spec.inputs.includes(input)) continue;
    const plan = planWalks(graph.start, walkable);
    const next = turns();
    const walks = plan.paths.map((path) => path.map((edge) => stepOf(edge, next(edge.transition, edge.events))));
    const taken = new Set(walks.flat().map((s) => `${s.edge.transition} as ${actorOf(s.event)}`));
    const prefixes = shortestPrefixes(graph.start, walkable);
    let actorWalks = 0;
    for (const edge of walkable) {
      if (!plan.transitions.has(edge.transition)) continue;
      report.exposed.add(edge.transition);
      for (const event of edge.events) {
        const actor = `${edge.transition} as ${actorOf(event)}`;
        report.exposedActors.add(`${input.label}: ${actor}`);
        if (taken.has(actor)) continue;
        taken.add(actor);
        const prefix = prefixes.get(edge.from.key)!.map((e) => stepOf(e, next(e.transition, e.events)));
        walks.push([...prefix, stepOf(edge, event)]);
        actorWalks += 1;
      }
    }
    report.plans.push({ input, plan, walks, actorWalks });
  }
  return report;
}

const sameMoves = (a: Moves, b: Moves) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

/** Walks one path on a fresh record; stops at its first wrong step (what follows would only repeat it). */
export async function walkPath<R>(
  server: TestServer,
  spec: WalkSpec<R>,
  input: WalkInput,
  walk: Walk,
  report: WalkReport,
): Promise<Finding[]> {
  const db = server.database.db;
  const name = describeWalk(input, walk);
  const found: Finding[] = [];
  const note = (check: string, where: string, detail: string) => found.push({ check, where, detail });
  const expectMoves: MoneyCheck = async (label, expected, work) => {
    const before = await balancesOf(db, spec.clientId);
    const result = await work();
    const got = moved(before, await balancesOf(db, spec.clientId));
    if (!sameMoves(got, expected))
      note('money', `${name}, ${label}`, `moved ${JSON.stringify(got)}, table says ${JSON.stringify(expected)}`);
    return result;
  };
  const record = await spec.fresh(input, expectMoves, walk);
  report.paths += 1;
  for (const [i, step] of walk.entries()) {
    if (found.length) break;
    const where = `${name}, step ${i + 1} ${step.edge.transition} as ${actorOf(step.event)}`;
    await spec.prepare?.(record, step);
    const before = await balancesOf(db, spec.clientId);
    const first = await spec.send(record, step);
    const after = await balancesOf(db, spec.clientId);
    if (first.status !== spec.answer(step))
      note('answer', where, `HTTP ${first.status} ${JSON.stringify(first.body?.message ?? first.body)}`);
    const seen = await spec.readBack(record);
    const want = String(step.to.value);
    if (seen.status !== want) note('status', where, `the API says ${seen.status}, the path ${want}`);
    const byTable = step.event.type in spec.targets ? (spec.targets[step.event.type] ?? String(step.from.value)) : '?';
    if (byTable !== want) note('spec target', where, `the machine leads to ${want}, walkTargets.ts to ${byTable}`);
    const facts = spec.facts?.(step.to);
    if (facts && JSON.stringify(seen.facts) !== JSON.stringify(facts))
      note('facts', where, `the API says ${JSON.stringify(seen.facts)}, the path ${JSON.stringify(facts)}`);
    for (const problem of await ledgerProblems(db)) note('ledger', where, problem);
    const expected = spec.money(step, record);
    const got = moved(before, after);
    if (!sameMoves(got, expected))
      note('money', where, `moved ${JSON.stringify(got)}, table says ${JSON.stringify(expected)}`);
    const subject = await spec.subject?.(record, step);
    if (subject) note('subject', where, subject);
    // The retry: the very same request again moves nothing and leaves the status as it is.
    const again = await spec.send(record, step);
    const afterRetry = await balancesOf(db, spec.clientId);
    if (again.status >= 500 && again.status !== first.status)
      note('retry answer', where, `HTTP ${again.status} ${JSON.stringify(again.body?.message)}`);
    const retryMoved = moved(after, afterRetry);
    if (Object.keys(retryMoved).length) note('retry money', where, `the retry moved ${JSON.stringify(retryMoved)}`);
    const retried = report.retries.get(step.event.type) ?? new Set();
    report.retries.set(step.event.type, retried.add(again.status));
    if ((await spec.readBack(record)).status !== seen.status)
      note('retry status', where, 'the retry changed the status');
    for (const problem of await ledgerProblems(db)) note('retry ledger', where, problem);
    report.steps += 1;
    report.walked.add(step.edge.transition);
    report.walkedActors.add(`${input.label}: ${step.edge.transition} as ${actorOf(step.event)}`);
  }
  report.findings.push(...found);
  return found;
}

/** The output: paths and steps walked, how they were chosen, and every step no API makes, with why. */
export function printReport(name: string, report: WalkReport, ms: number): void {
  const lines = [
    `${name}: ${report.paths} paths, ${report.steps} steps walked in ${(ms / 1000).toFixed(1)} s`,
    ...report.plans.map(
      ({ input, plan, walks, actorWalks }) =>
        `  ${input.label}: ${walks.length} walks: every path up to ${plan.length} step${plan.length === 1 ? '' : 's'} ` +
        `(${plan.paths.length - plan.pairPaths}), ${plan.pairPaths} for pairs of consecutive transitions they ` +
        `missed (of ${plan.pairs}), ${actorWalks} for actors of a transition they missed`,
    ),
    `  transitions walked: ${report.walked.size} of the ${report.exposed.size} an API makes ` +
      `(the machine has ${report.transitions.size})`,
    `  retries answered: ${[...report.retries].map(([type, statuses]) => `${type} ${[...statuses].join('/')}`).join(', ')}`,
    ...(report.notExposed.size ? ['  not walked: the machine takes them, no API makes them'] : []),
    ...[...report.notExposed].map(([key, { actors, inputs }]) => {
      const [transition, why] = [key.slice(0, key.indexOf(': ')), key.slice(key.indexOf(': ') + 2)];
      const where = inputs.size === report.inputs ? '' : ` [${[...inputs].join(', ')}]`;
      const whole = report.exposed.has(transition) ? '' : ' (not walked at all)';
      return `    ${transition}${whole}${where}, as ${[...actors].join('; ')}: ${why}`;
    }),
  ];
  console.log(lines.join('\n'));
}
