import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allOf, anyOf, fact, field, is, literal, oneOf, startsWith } from '../../machines/lifecycle/conditions';
import { machineRegistry } from '../../machines/registry';
import { ecmascriptOf } from '../../machines/lifecycle/conditions';

/**
 * A condition's two readings (the function XState runs, the ECMAScript the chart carries) agree on
 * any facts and any event, including values no lifecycle expects (a missing role, a number for a
 * channel). The ECMAScript is evaluated as an SCXML interpreter would: the facts as variables and
 * the event's fields as `_event.data`.
 */
// The chart's text is what is under test: it is run as the interpreter would run it.
const evaluate = (ecmascript: string, facts: Record<string, unknown>, data: Record<string, unknown>): boolean =>
  Boolean(new Function(...Object.keys(facts), '_event', `return (${ecmascript});`)(...Object.values(facts), { data }));

const value = fc.oneof(
  fc.constantFrom('SUPER ADMIN', 'ADMIN', 'CLIENT', 'AUDITOR', 'SYSTEM', 'va_bca', 'fello_qris', "it's", 'a\\b', ''),
  fc.string(),
  fc.boolean(),
  fc.integer(),
  fc.constant(null),
  fc.constant(undefined),
);
const record = fc.record({ channel: value, addedToWithdrawable: value });
const eventData = fc.record({ role: value, isMaker: value, holdsModule: value }, { requiredKeys: [] });

type C = { channel: unknown; addedToWithdrawable: unknown };
type E = Record<string, unknown>;
const channel = fact<C, E>('channel');
const added = fact<C, E>('addedToWithdrawable');
const role = field<C, E>('role');

describe('conditions: the ECMAScript says what the function does', () => {
  const built = {
    is: is(role, 'SUPER ADMIN'),
    isFalse: is(added, false),
    oneOf: oneOf(channel, ['fello_qris', "it's", 'a\\b']),
    startsWith: startsWith(channel, 'va_'),
    allOf: allOf(is(role, 'SYSTEM'), oneOf(channel, ['x', 'y']), is(field<C, E>('isMaker'), true)),
    anyOf: anyOf(allOf(is(role, 'ADMIN'), startsWith(channel, 'va_')), is(added, true), oneOf(role, ['A', 'B'])),
    nested: allOf(anyOf(is(role, 'A'), is(role, 'B')), anyOf(startsWith(channel, 'q'), is(added, false))),
  };

  it.each(Object.entries(built))('%s', (_name, condition) => {
    fc.assert(
      fc.property(record, eventData, (facts, data) => {
        expect(evaluate(condition.ecmascript, facts, data)).toBe(condition({ context: facts, event: data }));
      }),
      { numRuns: 2000 },
    );
  });

  it('writes a literal JavaScript reads back as the same value', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.boolean(), fc.integer(), fc.constant(null)), (v) => {
        expect(new Function(`return ${literal(v)};`)()).toBe(v);
      }),
    );
  });

  it("holds for every lifecycle's own guards, on any facts and event", () => {
    for (const { id, machine, lifecycle } of machineRegistry.filter((m) => m.lifecycle)) {
      for (const [name, guard] of Object.entries(machine.implementations.guards)) {
        const ecmascript = ecmascriptOf(guard);
        expect(ecmascript, `${id}.${name} is a condition`).toBeDefined();
        expect(lifecycle).toBe(true);
        fc.assert(
          fc.property(record, eventData, (facts, data) => {
            const run = (guard as (a: { context: unknown; event: unknown }) => boolean)({
              context: facts,
              event: data,
            });
            expect(evaluate(ecmascript!, facts, data), `${id}.${name}`).toBe(run);
          }),
          { numRuns: 500 },
        );
      }
    }
  });
});
