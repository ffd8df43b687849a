import fc from 'fast-check';
import type { AuditEntry } from '../domain/audit.ts';
import { kindOf, type AuditColumn } from './auditTamper.ts';

// What auditChainColumns.test.ts's property test writes to the audit log and edits in it.

/** Text a text column holds: any code point but NUL, which PostgreSQL's text refuses. */
export const textArb = fc
  .oneof(fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 12 }))
  .filter((s) => !s.includes('\u0000'));
/** JSON jsonb holds: no NUL in a string or a key either. */
export const jsonArb = fc
  .jsonValue({ maxDepth: 2, stringUnit: 'binary' })
  .filter((value) => !JSON.stringify(value).includes('\\u0000'));

export const entryArb: fc.Arbitrary<AuditEntry> = fc.record({
  actorUserId: fc.option(fc.integer(), { nil: null }),
  actorEmail: fc.option(textArb, { nil: null }),
  action: textArb,
  objectType: fc.option(textArb, { nil: undefined }),
  objectId: fc.option(fc.oneof(textArb, fc.integer()), { nil: undefined }),
  outcome: fc.constantFrom('success', 'failure', 'denied'),
  ip: fc.option(textArb, { nil: null }),
  detail: fc.option(fc.dictionary(textArb, jsonArb, { maxKeys: 3 }), { nil: undefined }),
});
/** Audited writes, about one in four rolled back (a gap in the ids, which the chain does not mind). */
export const writesArb = fc.array(
  fc.record({
    entry: entryArb,
    rolledBack: fc.oneof({ arbitrary: fc.constant(false), weight: 3 }, { arbitrary: fc.constant(true), weight: 1 }),
  }),
  { minLength: 1, maxLength: 4 },
);

/** A new value, as data (a counterexample prints it): most kinds a literal, a timestamp also an instant. */
export type NewValue =
  | { literal: string | number | null }
  | { seconds: number; micros: number }
  | { sameWallTimeBC: true }
  | { keyPick: number };
const timestampArb: fc.Arbitrary<NewValue> = fc.oneof(
  // Near now, or anywhere from 4713 BC to 294276 AD, to the microsecond.
  fc.record({
    seconds: fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }),
    micros: fc.integer({ min: 0, max: 999_999 }),
  }),
  fc.record({
    seconds: fc.integer({ min: -210_000_000_000, max: 9_000_000_000_000 }),
    micros: fc.integer({ min: 0, max: 999_999 }),
  }),
  fc.constantFrom({ literal: 'infinity' }, { literal: '-infinity' }, { sameWallTimeBC: true as const }),
);
export const valueArb = (column: AuditColumn): fc.Arbitrary<NewValue> => {
  const kind = kindOf(column);
  if (kind === 'key') return fc.record({ keyPick: fc.nat() });
  if (kind === 'timestamp') return timestampArb;
  const some: fc.Arbitrary<string | number> =
    kind === 'integer' ? fc.integer() : kind === 'text' ? textArb : jsonArb.map((value) => JSON.stringify(value));
  return fc.record({ literal: column.notNull ? some : fc.option(some, { nil: null }) });
};
