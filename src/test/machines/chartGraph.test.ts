import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { machineGraph } from '../../machines/chartGraph';
import { layoutChart } from '../../machines/chartLayout';
import { machineRegistry, registeredMachine } from '../../machines/registry';
import { guardName, transitionsOf } from '../../machines/scxml';

const allNodes = (node: AnyStateNode): AnyStateNode[] => [
  node,
  ...(Object.values(node.states ?? {}) as AnyStateNode[]).flatMap(allNodes),
];

describe('machineGraph', () => {
  for (const { id, machine } of machineRegistry.filter((m) => m.lifecycle)) {
    it(`has every state node and every transition of the ${id} lifecycle`, () => {
      const graph = machineGraph(machine);
      const nodes = allNodes(machine.root);
      expect(graph.nodes.map((n) => n.id).sort()).toEqual(nodes.map((n) => n.id).sort());
      for (const node of nodes) {
        for (const { event, transition } of transitionsOf(node)) {
          const targets = transition.target?.length ? transition.target : [node];
          for (const target of targets) {
            expect(graph.edges).toContainEqual(
              expect.objectContaining({
                source: node.id,
                target: target.id,
                event: event ?? '',
                guard: guardName(transition.guard) ?? null,
              }),
            );
          }
        }
      }
      expect(graph.edges.length).toBe(
        nodes.flatMap((n) =>
          transitionsOf(n).flatMap(({ transition }) => (transition.target?.length ? transition.target : [n])),
        ).length,
      );
    });
  }

  it('marks final states, containers, the initial state and invoked actors', () => {
    const graph = machineGraph(registeredMachine('settlement')!.machine);
    expect(graph.nodes[0]).toMatchObject({ parent: null, key: 'settlement' });
    expect(graph.nodes.some((n) => n.kind === 'compound' || n.kind === 'parallel')).toBe(true);
    expect(graph.nodes.some((n) => n.invokes.length > 0)).toBe(true);
    const withdrawal = machineGraph(registeredMachine('withdrawal')!.machine);
    expect(withdrawal.nodes.filter((n) => n.kind === 'final').length).toBeGreaterThan(0);
    expect(withdrawal.nodes.filter((n) => n.initial).map((n) => n.key)).toEqual(['PENDING']);
    for (const e of withdrawal.edges) expect(e.label).toBe(`${e.event || '(always)'}${e.guard ? ` [${e.guard}]` : ''}`);
  });

  it('is laid out by ELK: a box for each state, a path for each transition, for every registered machine', async () => {
    for (const { machine } of machineRegistry) {
      const graph = machineGraph(machine);
      const layout = await layoutChart(graph);
      expect(layout.boxes).toHaveLength(graph.nodes.length);
      expect(layout.lines).toHaveLength(graph.edges.length);
      expect(layout.lines.every((l) => l.points.length >= 2)).toBe(true);
      expect(layout.width).toBeGreaterThan(0);
      // Coordinates are absolute: every box, path point and label lies inside the chart.
      const inside = (p: { x: number; y: number }) =>
        p.x >= -1 && p.y >= -1 && p.x <= layout.width + 1 && p.y <= layout.height + 1;
      for (const b of layout.boxes)
        expect(inside(b) && inside({ x: b.x + b.width, y: b.y + b.height }), `${machine.id}: ${b.node.id}`).toBe(true);
      // Each path starts on its source's box and ends on its target's (the containers' offsets are right).
      const box = new Map(layout.boxes.map((b) => [b.node.id, b]));
      const near = (p: { x: number; y: number }, id: string) => {
        const b = box.get(id)!;
        return p.x >= b.x - 2 && p.x <= b.x + b.width + 2 && p.y >= b.y - 2 && p.y <= b.y + b.height + 2;
      };
      for (const l of layout.lines) {
        expect(near(l.points[0]!, l.edge.source), `${machine.id}: ${l.edge.id} starts at ${l.edge.source}`).toBe(true);
        expect(
          near(l.points[l.points.length - 1]!, l.edge.target),
          `${machine.id}: ${l.edge.id} ends at ${l.edge.target}`,
        ).toBe(true);
      }
      for (const l of layout.lines)
        expect(l.points.every(inside) && (!l.label || inside(l.label)), `${machine.id}: ${l.edge.id}`).toBe(true);
    }
  }, 30_000);
});
