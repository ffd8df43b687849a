import { msg } from '../../src/i18n/msg.ts';

/** What went wrong, in the domain's words; server/http/errorHandler.ts alone decides how a caller hears it. */
export type DomainErrorKind =
  | 'invalid' // the input breaks its schema
  | 'unauthenticated' // no one (or the wrong one) is signed in
  | 'forbidden' // signed in, but not allowed this
  | 'notFound' // no such thing, or not one the caller may see
  | 'conflict' // the thing changed or exists already
  | 'ruleBroken' // well formed, but a business rule says no
  | 'throttled' // too many tries: locked for a while
  | 'providerFailed' // a payment provider did not answer properly
  | 'unavailable'; // one of our own services (the queue) is down

export interface FieldError {
  field: string;
  message: string;
}

/** A refusal the caller should read: the message the UI shows, and for bad input each field's error. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const invalidInput = (message: string, errors?: FieldError[]) => new DomainError('invalid', message, errors);
export const notAuthenticated = (
  message = msg({ defaultMessage: 'Your session has ended. Please sign in again.', id: 'IsUPlh' }),
) => new DomainError('unauthenticated', message);
export const notAllowed = (message = msg({ defaultMessage: 'You are not allowed to do this.', id: 'mmkdoV' })) =>
  new DomainError('forbidden', message);
export const notFound = (message = msg({ defaultMessage: 'Not found', id: 'TThIOM' })) =>
  new DomainError('notFound', message);
export const conflict = (message: string) => new DomainError('conflict', message);
export const ruleBroken = (message: string) => new DomainError('ruleBroken', message);
export const throttled = (message: string) => new DomainError('throttled', message);
export const providerFailed = (
  message = msg({ defaultMessage: 'The payment provider did not answer. Please try again later.', id: 'UWAhhL' }),
) => new DomainError('providerFailed', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);

/** A refusal of the caller's request (bad input, no right, a rule), as opposed to a failure on our side. */
export const isRefusal = (error: unknown): error is DomainError =>
  error instanceof DomainError && error.kind !== 'providerFailed' && error.kind !== 'unavailable';
