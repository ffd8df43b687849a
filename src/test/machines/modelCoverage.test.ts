import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { buildModel } from './modelCoverage';

const door = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { OPEN: 'open', LOCK: 'locked' } },
    open: { on: { CLOSE: 'closed' } },
    locked: { on: { UNLOCK: 'closed' } },
  },
});

describe('model coverage helper', () => {
  it('reports no gap when the events reach every transition', () => {
    const model = buildModel(door, {
      events: [{ type: 'OPEN' }, { type: 'CLOSE' }, { type: 'LOCK' }, { type: 'UNLOCK' }],
    });
    expect(model.uncovered).toEqual([]);
  });

  it('names every transition that no path takes', () => {
    const model = buildModel(door, { events: [{ type: 'OPEN' }, { type: 'CLOSE' }] });
    expect(model.uncovered).toEqual(['door.closed --LOCK#0--> door.locked', 'door.locked --UNLOCK#0--> door.closed']);
  });
});
