/**
 * A lifecycle guard written once (issue 42): each condition is both the function XState runs and the
 * ECMAScript expression the exported SCXML carries in its `cond`, built from the same few parts, so
 * the chart an auditor runs and the rule the server enforces cannot drift apart. The parts read a
 * fact of the record (a `<data>` of the chart, by the context field's own name) or a field of the
 * event (`_event.data.<field>`), and compare them with `===` only, so the two readings agree by
 * construction; conditions.test.ts checks it on generated values and the SCION conformance test on
 * every case of every lifecycle.
 */

/** What SCXML's `cond` needs: an expression, and how tightly it binds (to parenthesize when nesting). */
interface Expression {
  readonly ecmascript: string;
  readonly binds: 'tight' | 'and' | 'or';
}

/** A value a condition reads: a fact of the record or a field of the event. */
export interface Term<C, E> extends Expression {
  read(context: C, event: E): unknown;
}

/** A guard: what XState calls, carrying its ECMAScript text. */
export interface Condition<C, E> extends Expression {
  (args: { context: C; event: E }): boolean;
}

type Literal = string | number | boolean | null;

/** A JavaScript literal in single quotes: it sits in an XML attribute, where double quotes would be escaped. */
export const literal = (value: Literal): string =>
  typeof value === 'string' ? `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : String(value);

const condition = <C, E>(
  test: (context: C, event: E) => boolean,
  ecmascript: string,
  binds: Expression['binds'],
): Condition<C, E> =>
  Object.assign(({ context, event }: { context: C; event: E }) => test(context, event), { ecmascript, binds });

/** A fact of the record: the machine's context field, a `<data id>` of the chart under the same name. */
export const fact = <C, E = unknown>(name: keyof C & string): Term<C, E> => ({
  read: (context) => context[name],
  ecmascript: name,
  binds: 'tight',
});

/** A field of the event, as SCXML gives it: `_event.data.<name>`. */
export const field = <C, E>(name: string): Term<C, E> => ({
  read: (_context, event) => (event as Record<string, unknown>)[name],
  ecmascript: `_event.data.${name}`,
  binds: 'tight',
});

/** The term equals the value (`===`: a missing field or fact is never equal). */
export const is = <C, E>(term: Term<C, E>, value: Literal): Condition<C, E> =>
  condition((c, e) => term.read(c, e) === value, `${term.ecmascript} === ${literal(value)}`, 'tight');

/** The term equals one of the values. */
export const oneOf = <C, E>(term: Term<C, E>, values: readonly Literal[]): Condition<C, E> => {
  if (values.length === 0) throw new Error('oneOf needs at least one value');
  return condition(
    (c, e) => values.includes(term.read(c, e) as Literal),
    values.map((v) => `${term.ecmascript} === ${literal(v)}`).join(' || '),
    values.length === 1 ? 'tight' : 'or',
  );
};

/** The term is text starting with the prefix. */
export const startsWith = <C, E>(term: Term<C, E>, prefix: string): Condition<C, E> =>
  condition(
    (c, e) => {
      const value = term.read(c, e);
      return typeof value === 'string' && value.indexOf(prefix) === 0;
    },
    `typeof ${term.ecmascript} === 'string' && ${term.ecmascript}.indexOf(${literal(prefix)}) === 0`,
    'and',
  );

const inside = (part: Expression, within: 'and' | 'or') =>
  part.binds === 'tight' || part.binds === within || (within === 'or' && part.binds === 'and')
    ? part.ecmascript
    : `(${part.ecmascript})`;

/** Every part holds. */
export const allOf = <C, E>(...parts: Array<Condition<C, E>>): Condition<C, E> =>
  condition(
    (c, e) => parts.every((p) => p({ context: c, event: e })),
    parts.map((p) => inside(p, 'and')).join(' && '),
    'and',
  );

/** Some part holds. */
export const anyOf = <C, E>(...parts: Array<Condition<C, E>>): Condition<C, E> =>
  condition(
    (c, e) => parts.some((p) => p({ context: c, event: e })),
    parts.map((p) => inside(p, 'or')).join(' || '),
    'or',
  );

/** The ECMAScript a guard implementation carries, if it was built here. */
export const ecmascriptOf = (guard: unknown): string | undefined =>
  typeof guard === 'function' && typeof (guard as Partial<Expression>).ecmascript === 'string'
    ? (guard as unknown as Expression).ecmascript
    : undefined;
