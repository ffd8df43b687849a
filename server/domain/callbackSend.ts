import { createHmac } from 'node:crypto';
import {
  LEGACY_SIGNATURE_HEADER,
  RESPONSE_EXCERPT_BYTES,
  TIMESTAMPED_SIGNATURE_HEADER,
} from '../../src/services/callbackRules.ts';

/** What one POST to a merchant came to: the delivery log's attempt, before who triggered it. */
export interface CallbackSendResult {
  url: string;
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  responseExcerpt: string | null;
}

export interface CallbackSendOptions {
  correlationId: string;
  /** The secrets that sign, the current one first (two during a rotation's overlap). */
  secrets: readonly string[];
  /** Production refuses http and private, loopback, link-local and metadata addresses. */
  production: boolean;
  now?: Date;
}

const hmac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** `t=<unix seconds>,v1=<hex>` with one v1 per secret: Stripe's convention, so merchants' libraries know it. */
export function timestampedSignature(secrets: readonly string[], body: string, unixSeconds: number): string {
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${hmac(secret, `${unixSeconds}.${body}`)}`)].join(',');
}

/**
 * POSTs one signed callback and says what came of it. Never throws: a refused address, a timeout or a
 * closed port is the attempt's error. Redirects are not followed.
 * (Issue 47's interface; the address checks at send time are still to come.)
 */
export async function sendCallback(
  url: string,
  body: string,
  options: CallbackSendOptions,
): Promise<CallbackSendResult> {
  const started = performance.now();
  const unixSeconds = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const result = (r: Omit<CallbackSendResult, 'url' | 'durationMs'>): CallbackSendResult => ({
    url,
    durationMs: Math.round(performance.now() - started),
    ...r,
  });
  try {
    const response = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/json',
        [LEGACY_SIGNATURE_HEADER]: hmac(options.secrets[0], body),
        [TIMESTAMPED_SIGNATURE_HEADER]: timestampedSignature(options.secrets, body, unixSeconds),
        'x-correlation-id': options.correlationId,
      },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    const text = Buffer.from(await response.arrayBuffer())
      .subarray(0, RESPONSE_EXCERPT_BYTES)
      .toString('utf8');
    return result({ ok: response.ok, statusCode: response.status, error: null, responseExcerpt: text || null });
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 200) : 'failed';
    return result({ ok: false, statusCode: null, error: message, responseExcerpt: null });
  }
}
