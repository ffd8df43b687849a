import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import fastJson, { type Schema } from 'fast-json-stringify';
import { routes, type RouteName } from '../../src/services/routes.ts';
import { routeAnswers, serializerSchema } from '../http/responseSchemas.ts';

type Scalar = 'string' | 'integer' | 'number' | 'boolean' | 'null';
const valueOf: Record<Scalar, fc.Arbitrary<unknown>> = {
  string: fc.string(),
  integer: fc.integer(),
  number: fc.double({ noNaN: true, noDefaultInfinity: true }),
  boolean: fc.boolean(),
  null: fc.constant(null),
};
const dateTimeArb = fc
  .date({ noInvalidDate: true, min: new Date(0), max: new Date(Date.UTC(9999, 0)) })
  .map((d) => d.toISOString());

describe('the schemas the serializer gets (issue 30)', () => {
  it('writes the same JSON as the anyOf it stands for, for every value its branches allow', () => {
    const branchesArb = fc.uniqueArray(fc.constantFrom<Scalar>('string', 'integer', 'number', 'boolean', 'null'), {
      minLength: 1,
      maxLength: 3,
    });
    fc.assert(
      fc.property(
        branchesArb.chain((types) =>
          fc.record({
            types: fc.constant(types),
            dated: fc.boolean(),
            value: fc.oneof(...types.map((type) => valueOf[type])),
            time: dateTimeArb,
          }),
        ),
        ({ types, dated, value, time }) => {
          const branches = types.map((type) => (dated && type === 'string' ? { type, format: 'date-time' } : { type }));
          const original = { type: 'object', properties: { v: { anyOf: branches } }, required: ['v'] } as Schema;
          const given = serializerSchema(original) as typeof original;
          expect(JSON.stringify(given)).not.toContain('anyOf');
          // A date-time branch takes only date-times.
          const sent = dated && typeof value === 'string' ? time : value;
          // The number branch writes an integer the same way: a whole number is valid for both.
          const json = fastJson(original)({ v: sent });
          expect(fastJson(given)({ v: sent })).toBe(json);
          // What JSON can carry of the value (-0 is written 0 by JSON.stringify too).
          expect(JSON.parse(json)).toEqual(JSON.parse(JSON.stringify({ v: sent })));
        },
      ),
      { numRuns: 500, examples: [[{ types: ['number'], dated: false, value: -0, time: '1970-01-01T00:00:00.000Z' }]] },
    );
  });

  it('leaves every other schema of every route as it is', () => {
    for (const name of Object.keys(routes) as RouteName[]) {
      const answers = routeAnswers(name);
      for (const schema of [...Object.values(answers.success), answers.failed]) {
        const given = JSON.stringify(serializerSchema(schema));
        const scalarAnyOf = /"anyOf":\[(\{"type":"(string|integer|number|boolean|null)"(,"format":"[a-z-]+")?\},?)+\]/g;
        expect(given).not.toMatch(scalarAnyOf);
        // Only those anyOf were rewritten: with them put back, it is the declared schema.
        expect(given.replace(/"type":\[[^\]]*\](,"format":"[a-z-]+")?/g, '')).toBe(
          JSON.stringify(schema).replace(scalarAnyOf, ''),
        );
      }
    }
  });
});
