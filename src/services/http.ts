import { msg } from '../i18n/msg';
import { currentLanguage } from '../i18n/language';
import { currentTranslate } from '../i18n/translate';
import { ofetch, FetchError } from 'ofetch';
import { alerts } from './alerts';
import { sessionStore } from './sessionStore';

export const GENERIC_ERROR = msg({ defaultMessage: 'Something went wrong, please try again later.', id: 'K4qCn9' });

/** A failed call as the UI sees it: the HTTP status (0 when no response came) and the message to show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Array<{ field: string; message: string }> = [],
  ) {
    super(message);
  }
}

/** What to tell the user about a failed call: the server's words, or the fallback when it said nothing. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 ? error.message : fallback;

interface FailureHandlers {
  onUnauthorized(): void;
  onForbidden(): void;
}
let handlers: FailureHandlers = { onUnauthorized: () => {}, onForbidden: () => {} };

/** The shell decides what 401 (log out) and 403 (back to the landing path) do. */
export function setFailureHandlers(next: FailureHandlers): void {
  handlers = next;
}

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    if (status === 0) return new ApiError(0, msg({ defaultMessage: 'Error', id: 'KN7zKn' }));
    const body = (error.data ?? {}) as {
      message?: string;
      reason?: string;
      responseMessage?: string;
      errors?: ApiError['errors'];
      request_id?: string;
    };
    const message = body.message || body.reason || body.responseMessage || GENERIC_ERROR;
    // A failure on our side names its request (issue 30): the words a person reads out or screenshots
    // lead support to its lines in the log. A refusal (4xx) is the person's to fix and says only why.
    const said =
      status >= 500 && body.request_id
        ? msg(
            { defaultMessage: '{message} (reference {reference})', id: 'klTR8f' },
            { message, reference: body.request_id },
          )
        : message;
    return new ApiError(status, said, body.errors ?? []);
  }
  return new ApiError(0, msg({ defaultMessage: 'Error', id: 'KN7zKn' }));
}

/**
 * The session is the server's HttpOnly cookie, which the browser sends by itself on this origin; no
 * script holds a token. `x-session: cookie` asks the server to keep the token out of the answers'
 * bodies (an API client, sending no such header, gets it as the spec says).
 */
const client = ofetch.create({
  retry: 0,
  credentials: 'same-origin',
  headers: { 'x-session': 'cookie' },
});

// A signed-in person's saved language makes the server answer in it: the refusal is known by its English or by
// that English said in the language shown (the server says it from the same catalogs).
const isRefusedInPlace = (refusals: readonly string[] | undefined, message: string) =>
  refusals?.some((refusal) => refusal === message || currentTranslate()(refusal) === message) ?? false;

/**
 * Every call goes through here. A 401 on a call made with a session ends that session; a 403
 * sends the user to their landing page, unless its message is one of `refusalsInPlace` (a rule
 * of the workflow saying no, such as a maker approving their own change, which the caller shows
 * where it was asked). All still reject, so the caller can stop what it was doing.
 */
export async function request<T>(
  method: string,
  path: string,
  options: {
    body?: unknown;
    query?: Record<string, unknown>;
    quiet?: boolean;
    headers?: Record<string, string>;
    refusalsInPlace?: readonly string[];
  } = {},
): Promise<T> {
  const hadSession = sessionStore.signedIn();
  try {
    return await client<T>(path, {
      method,
      body: options.body as BodyInit | Record<string, unknown> | undefined,
      query: options.query,
      // The server answers in the language shown (a saved choice still wins there), not in the browser's own.
      headers: { 'accept-language': currentLanguage(), ...options.headers },
    });
  } catch (error) {
    const failure = toApiError(error);
    if (failure.status === 401 && hadSession) handlers.onUnauthorized();
    if (failure.status === 403 && !isRefusedInPlace(options.refusalsInPlace, failure.message)) handlers.onForbidden();
    // Section 8: any other answered failure is an 'Error!' alert, unless the caller shows it in place.
    if (failure.status >= 400 && failure.status !== 401 && failure.status !== 403 && !options.quiet)
      alerts.error(failure.message);
    throw failure;
  }
}
