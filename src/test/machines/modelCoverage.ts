import { getAdjacencyMap, getShortestPaths } from '@xstate/graph';
import {
  createActor,
  fromPromise,
  type AnyEventObject,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';

/**
 * Model-based testing with full transition coverage.
 *
 * @xstate/graph explores every state reachable with the given events (done/error events of
 * invoked actors and `xstate.after.*` delays included, since the explorer runs no actors). From
 * that graph we build one path per edge: the shortest path to its source, then the edge. Each
 * path is replayed on a real actor whose invoked actors never settle (the path sends their
 * results), while an inspector records every transition definition taken, `always` ones too.
 * `uncovered` names each transition of the machine's definition that no path took: a test
 * asserts it is empty, so a transition added without a path to it fails the suite.
 */
export interface ModelPath {
  description: string;
  events: AnyEventObject[];
  end: AnyMachineSnapshot;
}

export interface Model {
  paths: ModelPath[];
  uncovered: string[];
  replay(path: ModelPath): AnyMachineSnapshot;
}

const stateKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context, status: snapshot.status });
// Files serialise as {} by default, which would make two different uploads look like one event.
const eventKey = (event: AnyEventObject) =>
  JSON.stringify(event, (_, value) =>
    typeof File !== 'undefined' && value instanceof File ? { file: value.name, size: value.size } : value,
  );

function stubInvokedActors(machine: AnyStateMachine): AnyStateMachine {
  const never = fromPromise(() => new Promise<never>(() => {}));
  const names = Object.keys(machine.implementations.actors ?? {});
  return machine.provide({ actors: Object.fromEntries(names.map((n) => [n, never])) });
}

function describeTransition(
  node: AnyStateNode,
  eventType: string,
  index: number,
  targets: readonly AnyStateNode[] | undefined,
): string {
  const to = targets?.length ? targets.map((t) => t.id).join(',') : '(self)';
  return `${node.id} --${eventType || 'always'}#${index}--> ${to}`;
}

function definitionTransitions(machine: AnyStateMachine): Map<unknown, string> {
  const all = new Map<unknown, string>();
  const visit = (node: AnyStateNode) => {
    for (const [eventType, definitions] of node.transitions) {
      definitions.forEach((t, i) => all.set(t, describeTransition(node, eventType, i, t.target)));
    }
    node.always?.forEach((t, i) => all.set(t, describeTransition(node, '', i, t.target)));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return all;
}

export function buildModel(
  machineUnderTest: AnyStateMachine,
  /** events: a list, or per snapshot a list (to keep a growing context finite). */
  options: {
    events: AnyEventObject[] | ((snapshot: AnyMachineSnapshot) => AnyEventObject[]);
    inputs?: unknown[];
    /** What makes two snapshots the same state for the model (default: value, context, status). */
    serialize?: (snapshot: AnyMachineSnapshot) => string;
  },
): Model {
  const machine = stubInvokedActors(machineUnderTest);
  const inputs = options.inputs ?? [undefined];
  const transitions = definitionTransitions(machine);
  const taken = new Set<unknown>();
  const paths: Array<ModelPath & { input: unknown }> = [];

  for (const input of inputs) {
    // Only events the current state handles: an unhandled actor error event would crash the actor.
    const candidates = (snapshot: AnyMachineSnapshot) =>
      typeof options.events === 'function' ? options.events(snapshot) : options.events;
    const enabled = (snapshot: AnyMachineSnapshot) => candidates(snapshot).filter((e) => snapshot.can(e));
    const key = options.serialize ?? stateKey;
    const traversal = {
      events: enabled as never,
      input: input as never,
      serializeState: key as never,
      serializeEvent: eventKey as never,
    };
    // The start itself is a path: an initial `always` can end the machine before any event.
    const initial = getShortestPaths(machine, traversal).find((p) => p.steps.length <= 1);
    if (initial)
      paths.push({
        input,
        events: [],
        end: initial.state as AnyMachineSnapshot,
        description:
          `${JSON.stringify(input ?? null)}: (start) ⇒ ` +
          `${JSON.stringify((initial.state as AnyMachineSnapshot).value)}`,
      });
    const adjacency = getAdjacencyMap(machine, traversal);
    // Shortest event sequence to every vertex, by breadth-first search over the graph itself.
    const toState = new Map<string, AnyEventObject[]>();
    if (initial) {
      const start = key(initial.state as AnyMachineSnapshot);
      toState.set(start, []);
      const queue = [start];
      while (queue.length) {
        const from = queue.shift()!;
        for (const edge of Object.values(
          (adjacency as unknown as Record<string, { transitions: object }>)[from]?.transitions ?? {},
        ) as Array<{ event: AnyEventObject; state: AnyMachineSnapshot }>) {
          const to = key(edge.state);
          if (!toState.has(to)) {
            toState.set(to, [...toState.get(from)!, edge.event]);
            queue.push(to);
          }
        }
      }
    }
    for (const [vertexKey, vertex] of Object.entries(adjacency)) {
      const prefix = toState.get(vertexKey) ?? [];
      for (const edge of Object.values(vertex.transitions) as Array<{
        event: AnyEventObject;
        state: AnyMachineSnapshot;
      }>) {
        const events = [...prefix, edge.event as AnyEventObject];
        paths.push({
          input,
          events,
          end: edge.state as AnyMachineSnapshot,
          description:
            `${JSON.stringify(input ?? null)}: ${events.map((e) => e.type).join(' → ')} ⇒ ` +
            `${JSON.stringify((edge.state as AnyMachineSnapshot).value)}`,
        });
      }
    }
  }

  const replay = (path: ModelPath) => {
    const { input } = path as ModelPath & { input: unknown };
    const actor = createActor(machine, {
      input,
      inspect: (event) => {
        if (event.type === '@xstate.microstep')
          (event as unknown as { _transitions: unknown[] })._transitions.forEach((t) => taken.add(t));
      },
    });
    actor.start();
    for (const event of path.events) actor.send(event);
    const snapshot = actor.getSnapshot();
    actor.stop();
    return snapshot;
  };

  for (const path of paths) replay(path);
  const uncovered = [...transitions].filter(([t]) => !taken.has(t)).map(([, name]) => name);
  return { paths, uncovered, replay };
}

export const doneEvent = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, output });
export const errorEvent = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, error });
