import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyRequest } from 'fastify';
import { firstRepeatedKey } from '../http/duplicateKeys.ts';
import { guardedJsonParser } from '../http/requestGuards.ts';

/** Issue 44: the scan of a JSON body for a key repeated within one object (pure; the routes' refusal is in hostileInput). */
describe('firstRepeatedKey', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"a":{"b":1,"c":{"d":[1,{"e":1,"e":2}]}}}', 'e'],
    ['[{"a":1},{"a":2}]', null],
    ['{"a":{"a":1}}', null],
    ['{"a":"\\"a\\":1","b":"a"}', null],
    ['{"a\\"":1,"a\\"":2}', 'a"'],
    ['{"\\u0061":1,"a":2}', 'a'],
    ['{"a":[],"b":{},"a":0}', 'a'],
    ['"a"', null],
  ])('in %s finds %s', (text, key) => {
    expect(firstRepeatedKey(text)).toBe(key);
  });

  it('finds none in any JSON a serializer writes, and the body parser then reads it as JSON.parse does', async () => {
    const parse = guardedJsonParser(Fastify());
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (value) => {
        const text = JSON.stringify(value);
        // Prototype poisoning is refused on purpose (hostileInput); the rest reads as JSON.parse reads it.
        fc.pre(!/"(__proto__|constructor)"/.test(text));
        expect(firstRepeatedKey(text)).toBeNull();
        expect(await parse({} as FastifyRequest, text)).toEqual(JSON.parse(text));
      }),
      { numRuns: 1000 },
    );
  });

  it('finds the key when any object of such JSON is given one of its keys again', () => {
    const withObject = fc
      .dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 3 }), { minKeys: 1, maxKeys: 6 })
      .filter((o) => Object.keys(o).length > 0);
    fc.assert(
      fc.property(withObject, fc.jsonValue({ maxDepth: 2 }), fc.nat(), fc.boolean(), (object, extra, pick, wrap) => {
        const keys = Object.keys(object);
        const key = keys[pick % keys.length];
        const inner = `${JSON.stringify(object).slice(0, -1)},${JSON.stringify(key)}:${JSON.stringify(extra) ?? 'null'}}`;
        const text = wrap ? `{"outer":[1,${inner}]}` : inner;
        expect(firstRepeatedKey(text)).toBe(key);
      }),
      { numRuns: 1000 },
    );
  });
});
