import { describe, expect, it } from 'vitest';
import type { AnyStateNode } from 'xstate';
import { machineGraph } from '../../machines/chartGraph';
import { layoutChart } from '../../machines/chartLayout';
import { machineRegistry, registeredMachine } from '../../machines/registry';
import { guardName, transitionsOf } from '../../machines/scxml';

const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...(Object.values(node.states ?? {}) as AnyStateNode[]).flatMap(allNodes)];

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
            expect(graph.edges).toContainEqual(expect.objectContaining({
              source: node.id, target: target.id, event: event ?? '', guard: guardName(transition.guard) ?? null,
            }));
          }
        }
      }
      expect(graph.edges.length).toBe(nodes.flatMap((n) => transitionsOf(n).flatMap(({ transition }) => transition.target?.length ? transition.target : [n])).length);
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

  it('is laid out by ELK: a box for every state and a path for every transition, for every registered machine', async () => {
    for (const { machine } of machineRegistry) {
      const graph = machineGraph(machine);
      const layout = await layoutChart(graph);
      expect(layout.boxes).toHaveLength(graph.nodes.length);
      expect(layout.lines).toHaveLength(graph.edges.length);
      expect(layout.lines.every((l) => l.points.length >= 2)).toBe(true);
      expect(layout.width).toBeGreaterThan(0);
    }
  }, 30_000);
});
