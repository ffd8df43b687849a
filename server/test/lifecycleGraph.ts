import { getAdjacencyMap } from '@xstate/graph';
import type { AnyEventObject, AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';

/**
 * A lifecycle's graph, for walks through the API (lifecycleWalks.test.ts). @xstate/graph explores
 * every (status, facts) vertex reachable with the given events, each event with its payload (who
 * acts), the machine's guards deciding which it takes. Edges are grouped by the transition of the
 * machine's definition they take (source --EVENT--> target), so one walk step is one transition,
 * taken by one of the actors the machine accepts for it. Paths are enumerated here, not with
 * getSimplePaths: a simple path never takes a self-loop (REFRESH_STATUS keeps PENDING) nor a
 * targetless transition twice in a row, and both are steps a walk must take.
 */
export interface Vertex {
  key: string;
  snapshot: AnyMachineSnapshot;
}

export interface Edge {
  from: Vertex;
  to: Vertex;
  /** `SOURCE --EVENT--> TARGET` of the machine's definition; a targetless one names its source as target. */
  transition: string;
  /** Every payload the machine accepts for this step here (one per actor). */
  events: AnyEventObject[];
}

export interface LifecycleGraph {
  /** Every transition of the machine's definition. */
  transitions: string[];
  start: Vertex;
  edges: Edge[];
}

export const vertexKey = (snapshot: AnyMachineSnapshot) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context ?? {} });
const eventKey = (event: AnyEventObject) => JSON.stringify(event);
const stateName = (node: AnyStateNode) => node.path.join('.');

const transitionName = (source: string, type: string, target: string) => `${source} --${type}--> ${target}`;

/** Every transition of the definition, as named in Edge.transition. */
export function definitionTransitions(machine: AnyStateMachine): string[] {
  const names: string[] = [];
  const visit = (node: AnyStateNode) => {
    for (const [type, definitions] of node.transitions)
      for (const t of definitions)
        names.push(transitionName(stateName(node), type, t.target?.length ? stateName(t.target[0]) : stateName(node)));
    Object.values(node.states).forEach(visit);
  };
  visit(machine.root);
  return names;
}

/** The graph reachable from the machine's start with this input, stepping only on events the machine takes. */
export function lifecycleGraph(machine: AnyStateMachine, events: AnyEventObject[], input?: unknown): LifecycleGraph {
  const adjacency = getAdjacencyMap(machine, {
    input,
    events: (snapshot: AnyMachineSnapshot) => events.filter((e) => snapshot.can(e)),
    serializeState: vertexKey as never,
    serializeEvent: eventKey as never,
  });
  const vertices = new Map<string, Vertex>();
  const vertexOf = (snapshot: AnyMachineSnapshot) => {
    const key = vertexKey(snapshot);
    if (!vertices.has(key)) vertices.set(key, { key, snapshot });
    return vertices.get(key)!;
  };
  const edges = new Map<string, Edge>();
  for (const { state, transitions } of Object.values(adjacency)) {
    const from = vertexOf(state as AnyMachineSnapshot);
    for (const { event, state: next } of Object.values(transitions) as Array<{
      event: AnyEventObject;
      state: AnyMachineSnapshot;
    }>) {
      const [taken] = machine.getTransitionData(from.snapshot as never, event as never);
      const source = stateName(taken.source);
      const transition = transitionName(
        source,
        taken.eventType,
        taken.target?.length ? stateName(taken.target[0]) : source,
      );
      const to = vertexOf(next as AnyMachineSnapshot);
      const id = `${from.key} ${transition}`;
      const edge = edges.get(id) ?? { from, to, transition, events: [] };
      // One transition leads one way whoever takes it: a guard that changed that would be a new edge.
      if (edge.to.key !== to.key) throw new Error(`${transition} from ${from.key} leads to two vertices`);
      edge.events.push(event as AnyEventObject);
      edges.set(id, edge);
    }
  }
  // The traversal starts at the machine's initial snapshot: the map's first vertex.
  const start = vertexOf(Object.values(adjacency)[0].state as AnyMachineSnapshot);
  return { transitions: definitionTransitions(machine), start, edges: [...edges.values()] };
}

export type Path = Edge[];

/** Every path from the start of at most `length` steps that cannot be extended within it (its prefixes are walked with it). */
export function maximalPaths(start: Vertex, edges: Edge[], length: number): Path[] {
  const out = new Map<string, Edge[]>();
  for (const edge of edges) out.set(edge.from.key, [...(out.get(edge.from.key) ?? []), edge]);
  const paths: Path[] = [];
  const extend = (at: Vertex, path: Path) => {
    const next = out.get(at.key) ?? [];
    if (path.length === length || next.length === 0) {
      if (path.length) paths.push(path);
      return;
    }
    for (const edge of next) extend(edge.to, [...path, edge]);
  };
  extend(start, []);
  return paths;
}

export const pairName = (first: string, second: string) => `${first} ; ${second}`;

/** The transitions, and the pairs of consecutive transitions, some path takes. */
export function coverageOf(paths: Path[]): { transitions: Set<string>; pairs: Set<string> } {
  const transitions = new Set<string>();
  const pairs = new Set<string>();
  for (const path of paths)
    path.forEach((edge, i) => {
      transitions.add(edge.transition);
      if (i > 0) pairs.add(pairName(path[i - 1].transition, edge.transition));
    });
  return { transitions, pairs };
}

/** Every pair of consecutive transitions the graph has: one edge, then one leaving where it arrives. */
export function pairsOf(edges: Edge[]): Set<string> {
  const pairs = new Set<string>();
  for (const first of edges)
    for (const second of edges)
      if (second.from.key === first.to.key) pairs.add(pairName(first.transition, second.transition));
  return pairs;
}

/** The shortest path from the start to every vertex it reaches over these edges. */
export function shortestPrefixes(start: Vertex, edges: Edge[]): Map<string, Path> {
  const prefixes = new Map<string, Path>([[start.key, []]]);
  const queue = [start.key];
  while (queue.length) {
    const at = queue.shift()!;
    for (const edge of edges)
      if (edge.from.key === at && !prefixes.has(edge.to.key)) {
        prefixes.set(edge.to.key, [...prefixes.get(at)!, edge]);
        queue.push(edge.to.key);
      }
  }
  return prefixes;
}

export interface WalkPlan {
  /** Every path up to this many steps is walked (as a prefix of a maximal one). */
  length: number;
  paths: Path[];
  /** The transitions the plan must cover: every one reachable over the given edges. */
  transitions: Set<string>;
  /** Pairs of consecutive transitions the graph has, and how many paths were added to cover those the length missed. */
  pairs: number;
  pairPaths: number;
}

/**
 * The walks of one graph: every maximal path up to the least length that takes every transition at
 * least once; then, when the graph has at most `pairLimit` pairs of consecutive transitions, one more
 * path (shortest way there, then the pair) for each pair those paths missed, so every pair is walked too.
 */
export function planWalks(start: Vertex, allEdges: Edge[], pairLimit = 300): WalkPlan {
  const prefixes = shortestPrefixes(start, allEdges);
  const edges = allEdges.filter((e) => prefixes.has(e.from.key));
  const transitions = new Set(edges.map((e) => e.transition));
  let length = 0;
  let paths: Path[] = [];
  while ([...transitions].some((t) => !coverageOf(paths).transitions.has(t))) {
    length += 1;
    if (length > 12) throw new Error('no path length up to 12 covers every transition');
    paths = maximalPaths(start, edges, length);
  }
  const pairs = pairsOf(edges);
  let pairPaths = 0;
  if (pairs.size <= pairLimit) {
    const covered = coverageOf(paths).pairs;
    for (const first of edges)
      for (const second of edges) {
        const pair = pairName(first.transition, second.transition);
        if (second.from.key !== first.to.key || covered.has(pair)) continue;
        paths.push([...prefixes.get(first.from.key)!, first, second]);
        covered.add(pair);
        pairPaths += 1;
      }
  }
  return { length, paths, transitions, pairs: pairs.size, pairPaths };
}
