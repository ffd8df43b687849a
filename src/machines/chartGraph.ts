import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { guardName, transitionsOf } from './scxml';

export type ChartNodeKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

/** One state node of a machine, as the chart draws it. */
export interface ChartNode {
  /** XState's state node id (`withdrawal.PENDING`); unique in the machine. */
  readonly id: string;
  /** The state's own key (`PENDING`); the machine's id for the root. */
  readonly key: string;
  /** The containing state's id; null for the machine's root. */
  readonly parent: string | null;
  readonly kind: ChartNodeKind;
  /** The parent's initial state. */
  readonly initial: boolean;
  /** The actors invoked while in this state, by source name. */
  readonly invokes: readonly string[];
}

/** One transition to one target (a transition with several targets gives one edge each). */
export interface ChartEdge {
  readonly id: string;
  readonly source: string;
  /** The target state's id; the source itself for a transition without a target (actions only). */
  readonly target: string;
  /** The event type; '' for an eventless (`always`) transition. */
  readonly event: string;
  readonly guard: string | null;
  /** `EVENT [guard]`, `(always)` for an eventless one. */
  readonly label: string;
  /** The transition has no target: it stays in its state. */
  readonly targetless: boolean;
}

export interface ChartGraph {
  readonly nodes: readonly ChartNode[];
  readonly edges: readonly ChartEdge[];
}

const kindOf = (node: AnyStateNode): ChartNodeKind =>
  node.type === 'final'
    ? 'final'
    : node.type === 'history'
      ? 'history'
      : node.type === 'parallel'
        ? 'parallel'
        : Object.keys(node.states ?? {}).length > 0
          ? 'compound'
          : 'atomic';

const isInitial = (node: AnyStateNode): boolean => {
  const parent = node.parent;
  if (!parent || parent.type !== 'compound') return false;
  return (parent.initial?.target ?? []).some((t: AnyStateNode) => t === node);
};

/** Every state node of a machine (root first, depth first) and every transition of each, from its definition. */
export function machineGraph(machine: AnyStateMachine): ChartGraph {
  const nodes: ChartNode[] = [];
  const edges: ChartEdge[] = [];
  const visit = (node: AnyStateNode) => {
    nodes.push({
      id: node.id,
      key: node.parent ? node.key : machine.id,
      parent: node.parent?.id ?? null,
      kind: kindOf(node),
      initial: isInitial(node),
      invokes: (node.invoke ?? []).map((i: { src: unknown; id: string }) => (typeof i.src === 'string' ? i.src : i.id)),
    });
    transitionsOf(node).forEach(({ event, transition }, index) => {
      const guard = guardName(transition.guard) ?? null;
      const name = event ?? '';
      const label = `${name || '(always)'}${guard ? ` [${guard}]` : ''}`;
      const targets = transition.target?.length ? transition.target : [node];
      targets.forEach((target, t) =>
        edges.push({
          id: `${node.id}#${index}.${t}`,
          source: node.id,
          target: target.id,
          event: name,
          guard,
          label,
          targetless: !transition.target?.length,
        }),
      );
    });
    for (const child of Object.values(node.states ?? {}) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return { nodes, edges };
}
