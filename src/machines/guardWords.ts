import type { StateMachine } from 'xstate';

// Apart from registry.ts so that no machine imports the registry: the registry imports every
// machine, so a machine importing it back (even for a type) closes a cycle around the lifecycles
// the server loads. ESLint's no-restricted-paths refuses that import.

/** The names of a machine's guards, as its `setup({ guards })` declares them. */
export type GuardNames<M> =
  M extends StateMachine<any, any, any, any, any, infer G, any, any, any, any, any, any, any, any, any>
    ? G extends { type: infer T extends string }
      ? T
      : never
    : never;

/**
 * Guard words: for each guard of a machine, in words, when it lets a transition fire and who may
 * fire it. Declared in the machine's own file beside its setup, typed with this record so a guard
 * added without words (or words left for a guard that is gone) does not compile.
 */
export type GuardWords<M> = Readonly<Record<GuardNames<M>, string>>;

/**
 * Fact words: each field of a lifecycle's context (the record's facts its guards read), in words. The
 * SCXML declares one `<data>` per field with these words beside it, and the record makes the compile
 * fail when a field is added without words.
 */
export type FactWords<Facts> = Readonly<Record<keyof Facts & string, string>>;
