import { readFileSync } from 'node:fs';
import { transition, type AnyStateMachine } from 'xstate';
import { CHARTS_DIR } from '../../machines/charts';
import { machineRegistry, type RegisteredMachine } from '../../machines/registry';
import { allows } from '../../machines/lifecycle/payinLifecycle';
import { allowsDisbursement } from '../../machines/lifecycle/disbursementLifecycle';
import { allowsWithdrawal } from '../../machines/lifecycle/withdrawalLifecycle';
import { allowsApproval } from '../../machines/lifecycle/approvalLifecycle';
import { USER_TYPES } from '../../services/schemas';
import { TRANSACTION_TYPES } from '../../services/payinQuery';
import { loadScion, type ScionModel } from './scion';

/**
 * The charts' conformance (issue 42): for every lifecycle, every status x event x actor type x
 * maker x module x fact combination is put to SCION, an SCXML interpreter this team did not write,
 * running the exported document alone (docs/workflows/<id>.scxml, as the Workflows page downloads
 * it), and to the product's own lifecycle function; the two verdicts (next status and facts, or
 * refused) must be the same. `npm run charts:check` prints the table; chartConformance.test.ts
 * fails on any difference.
 */

/** The actors a step can be asked with: each user type, and SYSTEM (the provider, the expiry job). */
export const ACTORS = [...USER_TYPES, 'SYSTEM'] as const;

type Facts = Record<string, unknown>;
type Event = { type: string; role: string } & Record<string, unknown>;

interface LifecycleCases {
  id: string;
  /** Every combination of the record's facts (the chart's `<data>`). */
  facts: Facts[];
  /** The event's flags besides its actor's type, each tried true and false. */
  flags: string[];
  /** The product's own function the server asks (allows*), for the same case. */
  allows(status: string, facts: Facts, event: Event): boolean;
}

const bools = [false, true];

export const LIFECYCLE_CASES: readonly LifecycleCases[] = [
  {
    id: 'payin',
    facts: TRANSACTION_TYPES.flatMap((channel) =>
      bools.map((addedToWithdrawable) => ({ channel, addedToWithdrawable })),
    ),
    flags: [],
    allows: (status, facts, event) => allows(status as never, facts as never, event as never),
  },
  {
    id: 'disbursement',
    facts: bools.map((addedToWithdrawable) => ({ addedToWithdrawable })),
    flags: [],
    allows: (status, facts, event) => allowsDisbursement(status as never, facts as never, event as never),
  },
  {
    id: 'withdrawal',
    facts: [{}],
    flags: [],
    allows: (status, _facts, event) => allowsWithdrawal(status as never, event as never),
  },
  {
    id: 'approval',
    facts: [{}],
    flags: ['isMaker', 'holdsModule'],
    allows: (status, _facts, event) => allowsApproval(status as never, event as never),
  },
];

/** One case and both verdicts: the next status and facts, or null where the step is refused. */
export interface ConformanceRow {
  lifecycle: string;
  status: string;
  facts: Facts;
  event: Event;
  server: { status: string; facts: Facts; final: boolean } | null;
  scion: { status: string; facts: Facts; final: boolean } | null;
  /** What SCION raised (error.execution and the like): never expected. */
  scionErrors: string[];
  agrees: boolean;
}

/** The exported document of a lifecycle, as `npm run charts` wrote it (chartsFresh.test keeps it current). */
export const chartDocument = (id: string): string => readFileSync(`${CHARTS_DIR}/${id}.scxml`, 'utf8');

const entryOf = (id: string): RegisteredMachine => machineRegistry.find((m) => m.id === id)!;

/** Every event of the case's lifecycle with every actor and every value of each flag. */
function eventsOf(machine: AnyStateMachine, flags: readonly string[]): Event[] {
  let events: Event[] = [...machine.root.events]
    .sort()
    .flatMap((type) => ACTORS.map((role) => ({ type, role }) as Event));
  for (const flag of flags) events = events.flatMap((e) => bools.map((value) => ({ ...e, [flag]: value })));
  return events;
}

/** The lifecycle's own verdict: what the server applies. */
function serverVerdict(machine: AnyStateMachine, cases: LifecycleCases, status: string, facts: Facts, event: Event) {
  const snapshot = machine.resolveState({ value: status, context: facts });
  const allowed = cases.allows(status, facts, event);
  // The function the server asks and the machine itself must say the same.
  if (allowed !== snapshot.can(event)) throw new Error(`${cases.id}: allows and can() differ on ${status}`);
  if (!allowed) return null;
  const [next] = transition(machine, snapshot, event);
  return { status: String(next.value), facts: { ...(next.context as Facts) }, final: next.status === 'done' };
}

function scionVerdict(model: ScionModel, id: string, status: string, facts: Facts, event: Event) {
  const { type, ...data } = event;
  const verdict = model.step({ state: `${id}.${status}`, data: facts }, { name: type, data });
  const errors = verdict.errors.map((e) => `${e.name}: ${e.reason}`);
  if (verdict.outcome !== 'taken') return { verdict: null, errors };
  const [state] = verdict.states;
  return {
    verdict: { status: state.slice(id.length + 1), facts: verdict.data, final: verdict.final },
    errors,
  };
}

const same = (a: ConformanceRow['server'], b: ConformanceRow['scion']) =>
  a === null || b === null ? a === b : JSON.stringify(a) === JSON.stringify(b);

/** Every case of one lifecycle, with both verdicts. */
export async function conformanceRows(cases: LifecycleCases, document = chartDocument(cases.id)) {
  const { machine } = entryOf(cases.id);
  const model = await loadScion(document);
  const statuses = Object.keys(machine.root.states);
  const rows: ConformanceRow[] = [];
  for (const status of statuses)
    for (const facts of cases.facts)
      for (const event of eventsOf(machine, cases.flags)) {
        const server = serverVerdict(machine, cases, status, facts, event);
        const { verdict: scion, errors } = scionVerdict(model, cases.id, status, facts, event);
        const sortedFacts = <T extends { facts: Facts } | null>(v: T) =>
          v && { ...v, facts: Object.fromEntries(Object.entries(v.facts).sort()) };
        const a = sortedFacts(server);
        const b = sortedFacts(scion);
        rows.push({
          lifecycle: cases.id,
          status,
          facts,
          event,
          server: a,
          scion: b,
          scionErrors: errors,
          agrees: errors.length === 0 && same(a, b),
        });
      }
  return rows;
}

/** One line of the printed table. */
export const rowText = (row: ConformanceRow): string => {
  const facts = Object.entries(row.facts)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  const { type, role, ...flags } = row.event;
  const flagText = Object.entries(flags)
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  const verdict = (v: ConformanceRow['server']) => (v ? `${v.status}${v.final ? ' (final)' : ''}` : 'refused');
  return [
    row.lifecycle,
    row.status,
    facts || '-',
    type,
    role,
    flagText || '-',
    verdict(row.server),
    verdict(row.scion),
    row.agrees ? 'agree' : `DIFFER${row.scionErrors.length ? ` ${row.scionErrors.join('; ')}` : ''}`,
  ].join('\t');
};
