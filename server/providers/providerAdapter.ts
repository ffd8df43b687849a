import * as v from 'valibot';
import { DomainError, providerFailed } from '../domain/errors.ts';

/** How long a provider may take to answer before the inquiry counts as failed. */
const TIMEOUT_MS = 5_000;

/** The optional `paid_time` both providers send with a paid answer. */
export const PaidTime = v.optional(v.pipe(v.string(), v.isoTimestamp()));

/** A paid answer's time, or now when the provider left it out. */
export const paidTimeOf = (paidTime: string | undefined) => (paidTime ? new Date(paidTime) : new Date());

/**
 * One status inquiry at a payment provider, over HTTP: a GET of `path(...args)` below the base URL
 * with a 5 s limit, its JSON answer checked against `answer`, then mapped by `toStatus`. Anything
 * else (no answer, a timeout, a non-2xx, no JSON, an answer of another shape) is providerFailed,
 * so the callers see one error whatever the provider did. Each adapter supplies only its endpoint,
 * its answer and its mapping.
 */
export function statusInquiry<Args extends unknown[], S extends v.GenericSchema, R>(spec: {
  path: (...args: Args) => string;
  answer: S;
  toStatus: (answer: v.InferOutput<S>) => R;
}): (baseUrl: string, ...args: Args) => Promise<R> {
  return async (baseUrl, ...args) => {
    let body: unknown;
    try {
      const response = await fetch(`${baseUrl}${spec.path(...args)}`, { signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!response.ok) throw providerFailed();
      body = await response.json();
    } catch (error) {
      throw error instanceof DomainError ? error : providerFailed();
    }
    const parsed = v.safeParse(spec.answer, body);
    if (!parsed.success) throw providerFailed();
    return spec.toStatus(parsed.output);
  };
}
