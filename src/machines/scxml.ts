import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { ecmascriptOf, literal } from './lifecycle/conditions';

/**
 * A machine as W3C SCXML (https://www.w3.org/TR/scxml/), for auditors and other tools.
 *
 * Mapping:
 * - `<scxml name="<machine id>" initial="<machine id>">` holds one state for the machine's root
 *   (`<state>`, or `<parallel>` when the root is parallel), so transitions and invocations on the
 *   root have a home (SCXML allows none on `<scxml>` itself). A root with nothing of its own (no
 *   transition, invocation or delay: every lifecycle) is left out and its states sit in `<scxml>`
 *   itself, so that reaching one of its `<final>` states ends the run, as it ends the record's life.
 * - Every state node is `<state>` (atomic or compound, compound ones with `initial="<child id>"`),
 *   `<parallel>` or `<final>`; history nodes are `<history type="shallow|deep">`. Ids are XState's
 *   own state node ids (`settlement.flow.choosingType`; dots are legal in XML ids), with any
 *   character an XML id may not hold replaced by `_` (see `scxmlId`).
 * - Each transition, in XState's order (SCXML also picks the first enabled one in document order),
 *   is `<transition event="E" target="a b" cond="guardName">`: `event` is XState's event type,
 *   done/error events of invoked actors included (`xstate.done.actor.loadRows`); eventless
 *   (`always`) transitions have no `event`; transitions without a target (actions only) have no
 *   `target`. `cond` names the guard (the guard's type); the guard's code stays in the machine.
 * - A delayed (`after`) transition keeps XState's event type `xstate.after.<delay>.<state id>` and
 *   the state sends that event to itself on entry: `<onentry><send event=… delay="500ms"/>` for a
 *   number of milliseconds, `delayexpr="'name'"` for a named delay of the machine's setup; the
 *   send is cancelled on exit.
 * - A transition with `reenter: false` whose targets all lie inside its source is `type="internal"`.
 * - Each invoked actor is `<invoke id="…" type="xstate" src="<actor name>"/>` (inline logic: its id),
 *   its id XState's where that is a unique XML id, else `<state id>.<invoke id>`.
 * - Guard words go in an XML comment just before the transition: `<!-- guard bySuperAdmin: … -->`.
 *
 * Executable charts (issue 42). A machine whose every guard was built as a condition
 * (lifecycle/conditions.ts: the function XState runs carries its ECMAScript) and whose every action
 * is an assignment of fixed values (every lifecycle) is exported so that an interpreter runs it alone:
 * `datamodel="ecmascript"`, a `<datamodel>` with one `<data id>` per fact of the record (the context
 * field's own name; its words in a comment), each `cond` the guard's ECMAScript over those data and
 * `_event.data` (the event's own fields: `role`, `isMaker`, `holdsModule`), and each assignment an
 * `<assign location="field" expr="value"/>` in its transition. Any other machine (a page's flow, whose
 * guards run schemas and read the screen) keeps its guards by name in `cond` and its actions, context
 * and input unexported: a readable chart, not an executable one (`executableChart` tells which).
 */
export type GuardWordsLike = Readonly<Record<string, string>>;

/** A guard's name as the machine's definition gives it (string, `{ type }`, or an inline function). */
export function guardName(guard: unknown): string | undefined {
  if (guard == null) return undefined;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && typeof (guard as { type?: unknown }).type === 'string')
    return (guard as { type: string }).type;
  if (typeof guard === 'function') return (guard as { type?: string }).type ?? (guard.name || 'inline');
  return 'inline';
}

/** An XML NCName from a state node id: characters an id may not hold become `_`. */
export function scxmlId(id: string): string {
  const safe = id.replace(/[^\p{L}\p{N}._-]/gu, '_');
  return /^[\p{L}_]/u.test(safe) ? safe : `_${safe}`;
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Comment text may hold neither `--` nor end with `-`. */
const commentText = (text: string) =>
  text
    .replace(/-(?=-)/g, '- ')
    .replace(/-$/, '- ')
    .replace(/\s+/g, ' ');

const attrs = (pairs: Array<[string, string | undefined]>) =>
  pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${escapeXml(v!)}"`)
    .join('');

interface AnyTransition {
  eventType: string;
  target?: readonly AnyStateNode[];
  guard?: unknown;
  actions?: readonly unknown[];
  reenter?: boolean;
  delay?: unknown;
}

/** Every transition of a node in XState's order: `on` (done/error/after events included), then `always`. */
export function transitionsOf(node: AnyStateNode): Array<{ event: string | undefined; transition: AnyTransition }> {
  const list: Array<{ event: string | undefined; transition: AnyTransition }> = [];
  for (const [event, definitions] of node.transitions)
    for (const t of definitions) list.push({ event, transition: t as AnyTransition });
  for (const t of node.always ?? []) list.push({ event: undefined, transition: t as AnyTransition });
  return list;
}

const isInside = (node: AnyStateNode, ancestor: AnyStateNode) => {
  for (let n = node.parent; n; n = n.parent) if (n === ancestor) return true;
  return false;
};

const delayText = (delay: unknown): [string, string] | null => {
  if (typeof delay === 'number') return ['delay', `${delay}ms`];
  if (typeof delay === 'string') return ['delayexpr', `'${delay}'`];
  return null;
};

/** An action as the machine's definition gives it: its implementation (named, or inline), or undefined. */
const implementationOf = (machine: AnyStateMachine, action: unknown): unknown => {
  const name =
    typeof action === 'string'
      ? action
      : typeof action === 'object' && action !== null
        ? (action as { type?: unknown }).type
        : undefined;
  return typeof name === 'string' ? (machine.implementations.actions as Record<string, unknown>)[name] : action;
};

type Assignment = Array<[field: string, expr: string]>;

/** An action that assigns fixed values (`assign({ flag: true })`), as `<assign>`s; undefined for any other. */
function assignmentOf(machine: AnyStateMachine, action: unknown): Assignment | undefined {
  const impl = implementationOf(machine, action);
  if (typeof impl !== 'function') return undefined;
  const { type, assignment } = impl as unknown as { type?: unknown; assignment?: unknown };
  if (type !== 'xstate.assign') return undefined;
  if (typeof assignment !== 'object' || assignment === null) return undefined;
  const pairs: Assignment = [];
  for (const [field, value] of Object.entries(assignment)) {
    if (!['string', 'number', 'boolean'].includes(typeof value) && value !== null) return undefined;
    pairs.push([field, literal(value as string | number | boolean | null)]);
  }
  return pairs;
}

/** A transition's guard as ECMAScript, when it was built as a condition (named or inline). */
function condOf(machine: AnyStateMachine, guard: unknown): string | undefined {
  if (guard == null) return undefined;
  const name = guardName(guard);
  const impl = typeof guard === 'function' ? guard : (machine.implementations.guards as Record<string, unknown>)[name!];
  return ecmascriptOf(impl);
}

const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...(Object.values(node.states) as AnyStateNode[]).flatMap(allNodes),
];

/**
 * Whether the machine exports as a chart an interpreter runs alone: every guard a condition, every
 * action an assignment of fixed values, no invoked actor (whose logic the chart cannot hold).
 */
export function executableChart(machine: AnyStateMachine): boolean {
  return allNodes(machine.root).every(
    (node) =>
      !(node.invoke ?? []).length &&
      !(node.entry ?? []).length &&
      !(node.exit ?? []).length &&
      transitionsOf(node).every(
        ({ transition }) =>
          (transition.guard == null || condOf(machine, transition.guard) !== undefined) &&
          (transition.actions ?? []).every((a) => assignmentOf(machine, a) !== undefined),
      ),
  );
}

/** A root with nothing of its own: its states can sit in `<scxml>` directly. */
const bareRoot = (root: AnyStateNode) =>
  root.type === 'compound' && !transitionsOf(root).length && !(root.invoke ?? []).length && !(root.after ?? []).length;

export function toScxml(
  machine: AnyStateMachine,
  guardWords: GuardWordsLike = {},
  factWords: GuardWordsLike = {},
): string {
  const executable = executableChart(machine);
  const flat = bareRoot(machine.root);
  const initial = flat
    ? machine.root.initial!.target.map((t: AnyStateNode) => scxmlId(t.id)).join(' ')
    : scxmlId(machine.root.id);
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<!-- Generated by \`npm run charts\` from src/machines: the ${commentText(machine.id)} machine. -->`,
    executable
      ? '<!-- Executable: run it in any SCXML interpreter (docs/charts.md, "Checking the charts yourself"). -->'
      : '<!-- A page flow: guards are named in cond and run in the app; not meant to be run alone. -->',
    `<scxml xmlns="http://www.w3.org/2005/07/scxml" version="1.0"${attrs([
      ['initial', initial],
      ['name', machine.id],
      ['datamodel', executable ? 'ecmascript' : undefined],
    ])}>`,
  ];
  const facts = Object.entries(factWords);
  if (executable && facts.length) {
    lines.push('  <datamodel>');
    for (const [field, words] of facts)
      lines.push(`    <!-- ${commentText(field)}: ${commentText(words)} -->`, `    <data${attrs([['id', field]])}/>`);
    lines.push('  </datamodel>');
  }

  // XML ids are one namespace per document: an invocation whose id is a state's, or another
  // invocation's, or not an XML name (XState's own `0.alerts`) is named after its state as well.
  const used = new Set(allNodes(machine.root).map((n) => scxmlId(n.id)));
  const invokeId = (node: AnyStateNode, id: string) => {
    const own = scxmlId(id);
    const unique = !used.has(own) && own === id ? own : scxmlId(`${node.id}.${id}`);
    used.add(unique);
    return unique;
  };

  const visit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const children = Object.values(node.states) as AnyStateNode[];
    const tag =
      node.type === 'parallel'
        ? 'parallel'
        : node.type === 'final'
          ? 'final'
          : node.type === 'history'
            ? 'history'
            : 'state';
    const initial =
      node.type === 'compound' ? node.initial?.target?.map((t: AnyStateNode) => scxmlId(t.id)).join(' ') : undefined;
    const head = `${pad}<${tag}${attrs([
      ['id', scxmlId(node.id)],
      ['initial', initial],
      ['type', node.type === 'history' ? (node.history === 'deep' ? 'deep' : 'shallow') : undefined],
    ])}`;
    const body: string[] = [];
    const inner = `${pad}  `;

    const delayed = (node.after ?? []) as AnyTransition[];
    const sends = delayed.map((t) => ({ event: t.eventType, delay: delayText(t.delay) })).filter((s) => s.delay);
    if (sends.length) {
      body.push(`${inner}<onentry>`);
      for (const s of sends)
        body.push(
          `${inner}  <send${attrs([
            ['id', s.event],
            ['event', s.event],
            [s.delay![0], s.delay![1]],
          ])}/>`,
        );
      body.push(`${inner}</onentry>`, `${inner}<onexit>`);
      for (const s of sends) body.push(`${inner}  <cancel${attrs([['sendid', s.event]])}/>`);
      body.push(`${inner}</onexit>`);
    }

    for (const { event, transition } of transitionsOf(node)) {
      const name = guardName(transition.guard);
      if (name && guardWords[name])
        body.push(`${inner}<!-- guard ${commentText(name)}: ${commentText(guardWords[name])} -->`);
      const targets = transition.target?.length ? transition.target : undefined;
      const internal = targets && transition.reenter === false && targets.every((t) => isInside(t, node));
      const open = `${inner}<transition${attrs([
        ['event', event],
        ['target', targets?.map((t) => scxmlId(t.id)).join(' ')],
        ['cond', executable ? condOf(machine, transition.guard) : name],
        ['type', internal ? 'internal' : undefined],
      ])}`;
      const assigns = executable ? (transition.actions ?? []).flatMap((a) => assignmentOf(machine, a)!) : [];
      if (!assigns.length) body.push(`${open}/>`);
      else
        body.push(
          `${open}>`,
          ...assigns.map(
            ([field, expr]) =>
              `${inner}  <assign${attrs([
                ['location', field],
                ['expr', expr],
              ])}/>`,
          ),
          `${inner}</transition>`,
        );
    }

    for (const invoke of node.invoke ?? []) {
      const src = typeof invoke.src === 'string' ? invoke.src : invoke.id;
      body.push(
        `${inner}<invoke${attrs([
          ['id', invokeId(node, invoke.id)],
          ['type', 'xstate'],
          ['src', src],
        ])}/>`,
      );
    }

    if (children.length || body.length) {
      lines.push(`${head}>`, ...body);
      for (const child of children) visit(child, depth + 1);
      lines.push(`${pad}</${tag}>`);
    } else {
      lines.push(`${head}/>`);
    }
  };

  if (flat) for (const child of Object.values(machine.root.states) as AnyStateNode[]) visit(child, 1);
  else visit(machine.root, 1);
  lines.push('</scxml>', '');
  return lines.join('\n');
}
