import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../machines/registry';
import { guardName, transitionsOf } from '../../machines/scxml';

const machinesDir = resolve(__dirname, '../../machines');
const sourceFiles = [machinesDir, join(machinesDir, 'lifecycle')].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f)),
);
/** Files that build a machine (helpers such as dateFilter.ts or balanceWatch.ts build none). */
const machineFiles = sourceFiles.filter((file) => readFileSync(file, 'utf8').includes('createMachine('));

/** Every guard the machine's definition names on a transition, and every guard its setup declares. */
function guardsOf(machine: AnyStateMachine): Set<string> {
  const names = new Set(Object.keys(machine.implementations.guards ?? {}));
  const visit = (node: AnyStateNode) => {
    for (const { transition } of transitionsOf(node)) {
      const name = guardName(transition.guard);
      if (name) names.add(name);
    }
    Object.values(node.states).forEach((child) => visit(child as AnyStateNode));
  };
  visit(machine.root);
  return names;
}

describe('the machine registry', () => {
  it('finds the machine files on disk (and not the helpers)', () => {
    const names = machineFiles.map((f) => relative(machinesDir, f));
    expect(names).toContain('settlementMachine.ts');
    expect(names).toContain(join('lifecycle', 'payinLifecycle.ts'));
    expect(names).not.toContain('dateFilter.ts');
    expect(names).not.toContain('balanceWatch.ts');
  });

  it.each(machineFiles.map((f) => [relative(machinesDir, f), f]))(
    'registers every machine %s exports',
    async (_, file) => {
      const module: Record<string, unknown> = await import(file);
      const exported = Object.entries(module).filter(([, value]) => value instanceof StateMachine) as Array<
        [string, AnyStateMachine]
      >;
      expect(exported.length, `${file} calls createMachine but exports no machine`).toBeGreaterThan(0);
      for (const [name, machine] of exported) {
        const entry = machineRegistry.find((m) => m.machine === machine);
        expect(entry, `${name} (${file}) is not in src/machines/registry.ts`).toBeDefined();
        expect(entry!.lifecycle, `${name}: lifecycle flag`).toBe(file.includes(`${join('machines', 'lifecycle')}`));
      }
    },
  );

  it('registers each machine under its own id, once', () => {
    for (const entry of machineRegistry) expect(entry.id, `registered as ${entry.id}`).toBe(entry.machine.id);
    const ids = machineRegistry.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(machineRegistry.map((m) => m.machine)).size).toBe(ids.length);
  });

  it('lists the lifecycles first, and gives each machine a one-line purpose', () => {
    const flags = machineRegistry.map((m) => m.lifecycle);
    expect(flags.indexOf(false)).toBe(flags.lastIndexOf(true) + 1);
    for (const entry of machineRegistry) {
      expect(entry.purpose.trim(), entry.id).not.toBe('');
      expect(entry.purpose, entry.id).not.toMatch(/\n/);
    }
  });

  // Every machine, the lifecycles and Settlement above all: the type GuardWords already refuses a
  // setup guard without words; this also catches a guard named only on a transition (an inline one).
  it.each(machineRegistry.map((m) => [m.id, m] as const))(
    '%s explains every guard in words, and no guard it does not have',
    (id, { machine, guardWords }) => {
      const guards = guardsOf(machine);
      expect(
        [...guards].filter((g) => !guardWords[g]?.trim()),
        `${id}: guards without words`,
      ).toEqual([]);
      expect(
        Object.keys(guardWords).filter((g) => !guards.has(g)),
        `${id}: words for guards it does not have`,
      ).toEqual([]);
      for (const text of Object.values(guardWords)) expect(text.trim().length, id).toBeGreaterThan(10);
    },
  );
});
