import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { DateTimeParam, idList } from './listQuery';
import { GENERIC_PAGE_SIZES, PageParam, limitParam } from './paging';

/**
 * Merchant callbacks (issue 47): the delivery log, the Callbacks page's filter, a client's callback
 * endpoint (its URL, its secret's rotation, a test callback). One rule here for the browser and the server.
 */

/**
 * A delivery is one pay-in's callback with every attempt made to deliver it. Its outcome is its latest
 * attempt's: delivered (answered 2xx), failing (failed, a retry is due) or gave up (failed, none is due).
 */
export const CALLBACK_OUTCOMES = ['delivered', 'failing', 'gave_up'] as const;
export type CallbackOutcome = (typeof CALLBACK_OUTCOMES)[number];
export const CALLBACK_OUTCOME_LABELS: Record<CallbackOutcome, string> = {
  delivered: msg({ defaultMessage: 'Delivered', id: 'DMqnF4' }),
  failing: msg({ defaultMessage: 'Failing', id: 'tKELc3' }),
  gave_up: msg({ defaultMessage: 'Gave up', id: 'r8Iq4l' }),
};
export const CALLBACK_OUTCOME_COLOURS: Record<CallbackOutcome, 'green' | 'orange' | 'red'> = {
  delivered: 'green',
  failing: 'orange',
  gave_up: 'red',
};

/** Who made an attempt: the first send, a scheduled retry, or a person's Resend. */
export const CALLBACK_TRIGGERS = ['system', 'retry', 'person'] as const;
export type CallbackTrigger = (typeof CALLBACK_TRIGGERS)[number];

/** How much of a receiver's answer an attempt keeps. */
export const RESPONSE_EXCERPT_BYTES = 1024;
/** How long a rotated-out secret still signs callbacks beside the new one. */
export const SECRET_OVERLAP_HOURS = 24;
/** The header a merchant checks for freshness: `t=<unix seconds>,v1=<hex>[,v1=<hex>]`, Stripe's convention. */
export const TIMESTAMPED_SIGNATURE_HEADER = 'x-callback-signature';
/** The body-only HMAC the product sent before issue 47, kept for receivers not yet moved over. */
export const LEGACY_SIGNATURE_HEADER = 'x-signature';
/** The tolerance the README's receiver allows between a callback's timestamp and its own clock. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * `GET /callbacks`: the Callbacks page's filter. The window is on the latest attempt's time; `client_id`
 * narrows to the caller's clients (a client user never sees another's); newest first.
 */
export const CallbackFilterQuery = v.object({
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  client_id: v.optional(idList),
  outcome: v.optional(
    v.picklist(
      ['', ...CALLBACK_OUTCOMES],
      msg(
        { defaultMessage: 'outcome must be one of {outcomes}', id: 'DHpOvk' },
        { outcomes: CALLBACK_OUTCOMES.join(', ') },
      ),
    ),
  ),
  correlation_id: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(100, msg({ defaultMessage: 'correlation_id is too long', id: '3v93td' }))),
  ),
});
export type CallbackFilter = v.InferOutput<typeof CallbackFilterQuery>;
export const CallbackListQuery = v.strictObject({
  ...CallbackFilterQuery.entries,
  page: PageParam,
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
});

/** `GET /callbacks/:correlationId/attempts`: the pay-in whose attempts are read. */
export const CallbackAttemptsParams = v.object({
  correlationId: v.pipe(
    v.string(),
    v.trim(),
    v.nonEmpty(msg({ defaultMessage: 'correlation id is required', id: 'GwL6Al' })),
    v.maxLength(100, msg({ defaultMessage: 'correlation id is too long', id: 'HufI94' })),
  ),
});

/** One delivery: a pay-in's callback, its latest attempt and, while failing, when the next is due. */
export const CallbackDeliveryRow = v.strictObject({
  correlation_id: v.string(),
  client_id: WholeNumber,
  client_name: v.string(),
  amount: WholeNumber,
  payin_status: v.string(),
  outcome: v.picklist(CALLBACK_OUTCOMES),
  attempts: WholeNumber,
  url: v.string(),
  last_attempt_at: IsoTime,
  last_status_code: v.nullable(WholeNumber),
  last_error: v.nullable(v.string()),
  next_retry_at: v.nullable(IsoTime),
});
export type CallbackDeliveryRow = v.InferOutput<typeof CallbackDeliveryRow>;

/** One attempt, as the delivery log keeps it. */
export const CallbackAttemptRow = v.strictObject({
  id: WholeNumber,
  attempted_at: IsoTime,
  url: v.string(),
  trigger: v.picklist(CALLBACK_TRIGGERS),
  /** The person who pressed Resend; null for the system's attempts. */
  triggered_by: v.nullable(v.string()),
  ok: v.boolean(),
  status_code: v.nullable(WholeNumber),
  /** The network error ('connection refused', 'timed out', 'refused address …'), null when an answer came. */
  error: v.nullable(v.string()),
  duration_ms: v.nullable(WholeNumber),
  /** The first RESPONSE_EXCERPT_BYTES of the answer's body. */
  response_excerpt: v.nullable(v.string()),
  next_retry_at: v.nullable(IsoTime),
});
export type CallbackAttemptRow = v.InferOutput<typeof CallbackAttemptRow>;

/** The Payments List row's last callback outcome, beside its Resend; null before any attempt. */
export const LastCallback = v.nullable(v.strictObject({ outcome: v.picklist(CALLBACK_OUTCOMES), at: IsoTime }));
export type LastCallback = v.InferOutput<typeof LastCallback>;

/** A client's callback endpoint, as a SUPER ADMIN sees it (never the secret itself). */
export const CallbackEndpoint = v.strictObject({
  client_id: WholeNumber,
  client_name: v.string(),
  callback_url: v.nullable(v.string()),
  secret_rotated_at: v.nullable(IsoTime),
  /** While a rotated-out secret still signs beside the new one: until when. */
  previous_secret_until: v.nullable(IsoTime),
});
export type CallbackEndpoint = v.InferOutput<typeof CallbackEndpoint>;

/** The URL's shape; where it may point (https in production, no private addresses) is the server's check. */
export const CallbackUrlBody = v.strictObject({
  callback_url: v.pipe(
    v.string(msg({ defaultMessage: 'callback_url must be text', id: 'v1awd1' })),
    v.trim(),
    v.nonEmpty(msg({ defaultMessage: 'Callback URL is required', id: 'le3S5N' })),
    v.maxLength(2000, msg({ defaultMessage: 'Callback URL is too long', id: 'dHvN2w' })),
    v.url(
      msg({
        defaultMessage: 'Callback URL must be a full URL such as https://merchant.example/callback',
        id: 'DjDVuC',
      }),
    ),
    v.regex(/^https?:\/\//i, msg({ defaultMessage: 'Callback URL must start with https://', id: 'heeyEQ' })),
  ),
});

/** Rotating the secret and sending a test callback take no input: a body, if any, must be empty. */
export const NoCallbackInput = v.strictObject({});

/** A rotation's answer: the new secret, shown once, and until when the old one still signs. */
export const RotatedSecret = v.strictObject({ secret: v.string(), previous_secret_until: IsoTime });
export type RotatedSecret = v.InferOutput<typeof RotatedSecret>;

/** A test callback's outcome, shown where it was sent from. */
export const TestCallbackResult = v.strictObject({
  delivered: v.boolean(),
  url: v.string(),
  status_code: v.nullable(WholeNumber),
  error: v.nullable(v.string()),
  duration_ms: WholeNumber,
  response_excerpt: v.nullable(v.string()),
});
export type TestCallbackResult = v.InferOutput<typeof TestCallbackResult>;

/**
 * Pushed to everyone who may see the client (its users and staff) when one of its deliveries changed: an
 * attempt was made, by the system, a retry or a person. The Callbacks page and the Payments List read again.
 */
export const CALLBACK_CHANGED_EVENT = 'callback-changed';
export interface CallbackChanged {
  client_id: number;
  correlation_id: string;
  outcome: CallbackOutcome;
}
