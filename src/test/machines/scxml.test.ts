// @vitest-environment jsdom
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { executableChart, toScxml } from '../../machines/scxml';
import { ecmascriptOf } from '../../machines/lifecycle/conditions';

const SCXML_NS = 'http://www.w3.org/2005/07/scxml';

interface Shape {
  states: string[];
  finals: string[];
  parallels: string[];
  initials: string[];
  transitions: string[];
  invokes: string[];
  assigns: string[];
}

/** A root with nothing of its own is left out of the SCXML: its states sit in `<scxml>` itself. */
const bareRoot = (machine: AnyStateMachine) =>
  machine.root.type === 'compound' &&
  machine.root.transitions.size === 0 &&
  !(machine.root.always ?? []).length &&
  !machine.root.invoke.length;

/** What the machine's own definition says, read from its state nodes (XState ids, guard names, order). */
function fromMachine(machine: AnyStateMachine): Shape & { guardNames: string[] } {
  const shape: Shape = {
    states: [],
    finals: [],
    parallels: [],
    initials: [],
    transitions: [],
    invokes: [],
    assigns: [],
  };
  // Each transition's guard name, in the order of `transitions`: the words' comment names it.
  const guardNames: string[] = [];
  const executable = executableChart(machine);
  const guards = machine.implementations.guards as Record<string, unknown>;
  const name = (g: unknown) => (g == null ? '' : typeof g === 'string' ? g : (g as { type: string }).type);
  // An executable chart's cond is the guard's ECMAScript; any other's is the guard's name.
  const guard = (g: unknown) => (executable && g != null ? ecmascriptOf(guards[name(g)])! : name(g));
  const actions = machine.implementations.actions as Record<string, { assignment?: Record<string, unknown> }>;
  const visit = (node: AnyStateNode) => {
    const own = !(node === machine.root && bareRoot(machine));
    if (own) shape.states.push(node.id);
    if (node.type === 'final') shape.finals.push(node.id);
    if (node.type === 'parallel') shape.parallels.push(node.id);
    if (node.type === 'compound' && own)
      shape.initials.push(`${node.id} -> ${node.initial.target.map((t: AnyStateNode) => t.id).join(' ')}`);
    for (const [event, list] of node.transitions) {
      for (const t of list) {
        shape.transitions.push(
          `${node.id} | ${event} | ${(t.target ?? []).map((n: AnyStateNode) => n.id).join(' ')} | ${guard(t.guard)}`,
        );
        guardNames.push(name(t.guard));
        if (!executable) continue;
        for (const a of t.actions as unknown[]) {
          const impl = (typeof a === 'string' ? actions[a] : a) as { assignment?: Record<string, unknown> };
          for (const [field, value] of Object.entries(impl.assignment ?? {}))
            shape.assigns.push(`${node.id} | ${event} | ${field} = ${JSON.stringify(value)}`);
        }
      }
    }
    for (const t of node.always ?? []) {
      shape.transitions.push(
        `${node.id} |  | ${(t.target ?? []).map((n: AnyStateNode) => n.id).join(' ')} | ${guard(t.guard)}`,
      );
      guardNames.push(name(t.guard));
    }
    for (const i of node.invoke) shape.invokes.push(`${node.id} | ${typeof i.src === 'string' ? i.src : i.id}`);
    Object.values(node.states).forEach((child) => visit(child as AnyStateNode));
  };
  visit(machine.root);
  return { ...shape, guardNames };
}

/** What the SCXML says, read back with a real XML parser. */
function fromScxml(xml: string): Shape & {
  name: string | null;
  initial: string | null;
  datamodel: string | null;
  data: string[];
  comments: string[];
} {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  const root = doc.documentElement;
  expect(root.localName).toBe('scxml');
  expect(root.namespaceURI).toBe(SCXML_NS);
  expect(root.getAttribute('version')).toBe('1.0');
  const shape = {
    states: [] as string[],
    finals: [] as string[],
    parallels: [] as string[],
    initials: [] as string[],
    transitions: [] as string[],
    invokes: [] as string[],
    assigns: [] as string[],
    data: [] as string[],
    comments: [] as string[],
  };
  const visit = (el: Element) => {
    const id = el.getAttribute('id')!;
    expect(id, `a <${el.localName}> without id`).toBeTruthy();
    shape.states.push(id);
    if (el.localName === 'final') shape.finals.push(id);
    if (el.localName === 'parallel') shape.parallels.push(id);
    if (el.hasAttribute('initial')) shape.initials.push(`${id} -> ${el.getAttribute('initial')}`);
    let comment = '';
    for (const child of Array.from(el.childNodes)) {
      if (child.nodeType === child.COMMENT_NODE) {
        comment = child.textContent ?? '';
        continue;
      }
      if (child.nodeType !== child.ELEMENT_NODE) continue;
      const c = child as Element;
      expect(c.namespaceURI).toBe(SCXML_NS);
      if (c.localName === 'transition') {
        const cond = c.getAttribute('cond') ?? '';
        shape.transitions.push(
          `${id} | ${c.getAttribute('event') ?? ''} | ` +
            `${(c.getAttribute('target') ?? '').split(/\s+/).filter(Boolean).join(' ')} | ${cond}`,
        );
        if (comment) shape.comments.push(`${cond}: ${comment.trim()}`);
        for (const a of Array.from(c.children)) {
          expect(a.localName).toBe('assign');
          const value = a.getAttribute('expr')!;
          shape.assigns.push(`${id} | ${c.getAttribute('event')} | ${a.getAttribute('location')} = ${value}`);
        }
      } else if (c.localName === 'invoke') {
        expect(c.getAttribute('type')).toBe('xstate');
        // Its id may be qualified by its state's to stay unique (the schema test checks ids are valid).
        shape.invokes.push(`${id} | ${c.getAttribute('src')}`);
      } else if (['state', 'parallel', 'final'].includes(c.localName)) {
        visit(c);
      } else {
        expect(['onentry', 'onexit']).toContain(c.localName);
      }
      comment = '';
    }
  };
  for (const top of Array.from(root.children)) {
    if (top.localName === 'datamodel') {
      for (const d of Array.from(top.children)) shape.data.push(d.getAttribute('id')!);
    } else visit(top);
  }
  return {
    ...shape,
    name: root.getAttribute('name'),
    initial: root.getAttribute('initial'),
    datamodel: root.getAttribute('datamodel'),
  };
}

describe('SCXML export', () => {
  it.each(machineRegistry.map((m) => [m.id, m] as const))(
    '%s: parses back to the same states, transitions and invocations',
    (_, { machine, guardWords, factWords }) => {
      const xml = toScxml(machine, guardWords, factWords);
      const back = fromScxml(xml);
      const own = fromMachine(machine);
      expect(back.name).toBe(machine.id);
      expect(back.initial).toBe(
        bareRoot(machine) ? machine.root.initial.target.map((t: AnyStateNode) => t.id).join(' ') : machine.root.id,
      );
      expect(back.assigns).toEqual(own.assigns);
      expect(back.data).toEqual(executableChart(machine) ? Object.keys(factWords) : []);
      // State node ids are valid XML ids as they are: the export keeps them unchanged.
      expect(back.states).toEqual(own.states);
      expect(back.finals).toEqual(own.finals);
      expect(back.parallels).toEqual(own.parallels);
      expect(back.initials).toEqual(own.initials);
      // Order matters: SCXML, like XState, takes the first enabled transition in document order.
      expect(back.transitions).toEqual(own.transitions);
      expect(back.invokes).toEqual(own.invokes);
      // Each guarded transition carries its guard's words, when the machine has words for it.
      const expected = own.transitions
        .map((t, i) => [t.split(' | ')[3], own.guardNames[i]] as const)
        .filter(([, g]) => g && guardWords?.[g])
        .map(([cond, g]) => `${cond}: guard ${g}: ${guardWords![g].replace(/\s+/g, ' ')}`);
      expect(back.comments).toEqual(expected);
    },
  );

  it('writes delayed transitions as a send to itself on entry', () => {
    const twoFactor = machineRegistry.find((m) => m.id === 'twoFactorSetup')!;
    const doc = new DOMParser().parseFromString(toScxml(twoFactor.machine), 'application/xml');
    const send = doc.querySelector('[id="twoFactorSetup.verified"] > onentry > send')!;
    expect(send.getAttribute('event')).toBe('xstate.after.redirect.twoFactorSetup.verified');
    expect(send.getAttribute('delayexpr')).toBe("'redirect'");
    expect(doc.querySelector('[id="twoFactorSetup.verified"] > transition')!.getAttribute('event')).toBe(
      'xstate.after.redirect.twoFactorSetup.verified',
    );
  });

  it('escapes what XML would misread', () => {
    const withdrawal = machineRegistry.find((m) => m.id === 'withdrawal')!;
    const xml = toScxml(withdrawal.machine, { bySuperAdmin: 'a < b & "c" -- d-' });
    const back = fromScxml(xml);
    expect(back.comments[0]).toBe(`_event.data.role === 'SUPER ADMIN': guard bySuperAdmin: a < b & "c" - - d-`);
  });
});
