import { fromPromise } from 'xstate';

interface Call {
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Promise actors that wait for the test: each call is recorded with its input and settles only
 * when the test resolves or rejects it, as a model path's done or error event says.
 */
export function deferredActors<N extends string>(names: readonly N[]) {
  const calls = Object.fromEntries(names.map((n) => [n, [] as Call[]])) as Record<N, Call[]>;
  const actors = Object.fromEntries(
    names.map((n) => [
      n,
      fromPromise(
        ({ input }: { input: unknown }) =>
          new Promise((resolve, reject) => {
            calls[n].push({ input, resolve, reject });
          }),
      ),
    ]),
  ) as Record<N, never>; // typed to fit wherever a machine's own promise actor goes
  return {
    actors,
    calls,
    count: (name: N) => calls[name].length,
    last: (name: N) => {
      const call = calls[name].at(-1);
      if (!call) throw new Error(`${name} was never called`);
      return call;
    },
  };
}
