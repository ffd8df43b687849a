import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { ChartEdge, ChartGraph, ChartNode } from './chartGraph';

/** A state's box, in the chart's own coordinates (absolute, not relative to its container). */
export interface ChartBox {
  readonly node: ChartNode;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}
export interface ChartPoint {
  readonly x: number;
  readonly y: number;
}
/** A transition's drawn path and where its label goes. */
export interface ChartLine {
  readonly edge: ChartEdge;
  readonly points: readonly ChartPoint[];
  readonly label: ChartPoint | null;
}
export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly ChartBox[];
  readonly lines: readonly ChartLine[];
}

const LINE = 16;

/**
 * How wide a text is drawn, read generously so a name never runs past its box: the chart is laid
 * out before it is drawn, and the browser's font may be Segoe UI or a wider fallback (DejaVu Sans on
 * Linux). Capitals and digits are counted wider than small letters; bold adds a tenth.
 */
export function textWidth(text: string, fontSize: number, bold = false): number {
  let ems = 0;
  for (const ch of text) ems += /[A-Z0-9_]/.test(ch) ? 0.74 : /[a-z]/.test(ch) ? 0.6 : ch === ' ' ? 0.33 : 0.7;
  return Math.ceil(ems * fontSize * (bold ? 1.1 : 1));
}

/** A state's name as the chart draws it: bold 13 px after 10 px of padding, an arrow before the initial one. */
export const STATE_FONT = 13;
export const INVOKE_FONT = 11;
export const EDGE_FONT = 11;
export const stateTitle = (node: ChartNode) =>
  `${node.initial ? '→ ' : ''}${node.key}${node.kind === 'parallel' ? ' (parallel)' : ''}`;
/** Room at the top of a container for its name. */
const HEADER = 28;

const leafSize = (node: ChartNode) => ({
  width: Math.max(
    90,
    24 +
      Math.max(
        textWidth(stateTitle(node), STATE_FONT, true),
        ...node.invokes.map((i) => textWidth(`invoke ${i}`, INVOKE_FONT)),
      ),
  ),
  height: 36 + LINE * node.invokes.length,
});

/** The ELK graph of a chart: containers for compound and parallel states, one edge per transition target. */
export function elkGraph(graph: ChartGraph): ElkNode {
  const byParent = new Map<string | null, ChartNode[]>();
  for (const node of graph.nodes) byParent.set(node.parent, [...(byParent.get(node.parent) ?? []), node]);
  const elkNode = (node: ChartNode): ElkNode => {
    const children = byParent.get(node.id) ?? [];
    if (children.length === 0) return { id: node.id, ...leafSize(node) };
    return {
      id: node.id,
      layoutOptions: {
        'elk.padding': `[top=${HEADER + LINE * node.invokes.length},left=12,bottom=12,right=12]`,
        // A container is at least as wide as its own name and invokes, however narrow its children.
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${leafSize(node).width}, 0)`,
      },
      children: children.map(elkNode),
    };
  };
  const edges: ElkExtendedEdge[] = graph.edges.map((e) => ({
    id: e.id,
    sources: [e.source],
    targets: [e.target],
    labels: [{ id: `${e.id}:label`, text: e.label, width: textWidth(e.label, EDGE_FONT), height: 14 }],
  }));
  return {
    id: '__chart',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '50',
      'elk.spacing.nodeNode': '30',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
    },
    children: (byParent.get(null) ?? []).map(elkNode),
    edges,
  };
}

/** Lays a chart out with ELK (layered, hierarchical) and flattens the result to absolute coordinates. */
export async function layoutChart(graph: ChartGraph): Promise<ChartLayout> {
  // Loaded on first use: ELK is its own chunk, fetched by the workflow page only.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const laid = await new ELK().layout(elkGraph(graph));
  const nodesById = new Map(graph.nodes.map((n) => [n.id, n]));
  const edgesById = new Map(graph.edges.map((e) => [e.id, e]));
  const offsets = new Map<string, ChartPoint>([['__chart', { x: 0, y: 0 }]]);
  const boxes: ChartBox[] = [];
  const walk = (n: ElkNode, ox: number, oy: number) => {
    for (const child of n.children ?? []) {
      const x = ox + (child.x ?? 0);
      const y = oy + (child.y ?? 0);
      offsets.set(child.id, { x, y });
      boxes.push({ node: nodesById.get(child.id)!, x, y, width: child.width ?? 0, height: child.height ?? 0 });
      walk(child, x, y);
    }
  };
  walk(laid, 0, 0);
  const lines: ChartLine[] = [];
  const collect = (n: ElkNode) => {
    for (const e of (n.edges ?? []) as Array<ElkExtendedEdge & { container?: string }>) {
      // ELK gives an edge's points relative to its container (the root unless it says otherwise).
      const o = offsets.get(e.container ?? n.id) ?? { x: 0, y: 0 };
      const points = (e.sections ?? [])
        .flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint])
        .map((p) => ({ x: p.x + o.x, y: p.y + o.y }));
      const l = e.labels?.[0];
      const label = l && l.x != null && l.y != null ? { x: o.x + l.x, y: o.y + l.y + (l.height ?? 0) - 3 } : null;
      lines.push({ edge: edgesById.get(e.id)!, points, label });
    }
    for (const child of n.children ?? []) collect(child);
  };
  collect(laid);
  return { width: laid.width ?? 0, height: laid.height ?? 0, boxes, lines };
}
