import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { callbackAttempts, clients, demoMerchantInbox, type transactions } from '../db/schema.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../src/services/callbackRules.ts';
import { signingSecrets } from './callbackEndpoint.ts';
import { legacySignatureMatches, verifyCallbackSignature } from './callbackSignature.ts';
import { notAuthenticated, notFound } from './errors.ts';

/** Demo clients' callback URL: a path on this server, resolved against its own loopback address. */
export const DEMO_CALLBACK_PATH = '/demo-merchant/callback';

export const signBody = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export function signatureMatches(secret: string, body: string, signature: string | undefined): boolean {
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signBody(secret, body), 'hex'), Buffer.from(signature, 'hex'));
}

/** The two signature headers a callback carries (callbackRules.ts). */
export interface CallbackSignatures {
  timestamped: string | undefined;
  legacy: string | undefined;
}

/**
 * A demo merchant receiving a callback, checking it as the README tells merchants to: the timestamped
 * header, within the tolerance, against any of the client's secrets that sign now; only a callback without
 * it (a sender from before the timestamp) falls back to the legacy body-only HMAC, since a stale or
 * tampered timestamped one must not pass by its legacy twin. Records what arrived, badly signed too, so
 * a resent callback can be seen landing.
 */
export async function receiveDemoCallback(
  db: Db,
  clientId: number,
  body: { raw: string; value: object },
  signatures: CallbackSignatures,
  now = new Date(),
): Promise<void> {
  const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
  if (!client?.callbackSecret) throw notFound('Unknown merchant');
  const secrets = signingSecrets(client, now);
  const valid =
    signatures.timestamped !== undefined
      ? verifyCallbackSignature(signatures.timestamped, body.raw, secrets, now, SIGNATURE_TOLERANCE_SECONDS)
      : legacySignatureMatches(signatures.legacy, body.raw, secrets);
  await db.insert(demoMerchantInbox).values({ clientId, body: body.value, signatureValid: valid });
  if (!valid) throw notAuthenticated('Invalid signature');
}

export interface CallbackTarget {
  id: number;
  correlationId: string;
  clientId: number;
  url: string | null;
  secret: string | null;
  payload: Record<string, unknown>;
}

/** POSTs one signed callback (HMAC-SHA256 of the exact body in X-Signature) and records the attempt. */
export async function deliverCallback(
  db: Db,
  target: CallbackTarget,
  selfUrl: string,
  by: number | null,
): Promise<boolean> {
  const url = target.url?.startsWith('/') ? `${selfUrl}${target.url}/${target.clientId}` : target.url;
  const record = (values: { statusCode?: number; ok: boolean; error?: string }) =>
    db.insert(callbackAttempts).values({
      transactionId: target.id,
      url: url ?? '',
      attemptedBy: by,
      statusCode: values.statusCode ?? null,
      ok: values.ok,
      error: values.error ?? null,
    });
  if (!url || !target.secret) {
    await record({ ok: false, error: 'no callback URL configured' });
    return false;
  }
  const body = JSON.stringify(target.payload);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-signature': signBody(target.secret, body),
        'x-correlation-id': target.correlationId,
      },
      body,
      signal: AbortSignal.timeout(5_000),
    });
    await record({ statusCode: response.status, ok: response.ok });
    return response.ok;
  } catch (error) {
    await record({ ok: false, error: error instanceof Error ? error.message.slice(0, 200) : 'failed' });
    return false;
  }
}

/** What a pay-in's callback sends, and where: its client's URL and secret. */
export async function callbackTargetOf(db: Db, row: typeof transactions.$inferSelect): Promise<CallbackTarget> {
  const [client] = await db.select().from(clients).where(eq(clients.id, row.clientId));
  return {
    id: row.id,
    correlationId: row.correlationId,
    clientId: row.clientId,
    url: client?.callbackUrl ?? null,
    secret: client?.callbackSecret ?? null,
    payload: {
      correlation_id: row.correlationId,
      status: row.status,
      amount: row.amount,
      fee_amount: row.feeAmount,
      currency: row.currency,
      rrn: row.rrn,
      paid_time: row.paidTime?.toISOString() ?? null,
      type: row.type,
    },
  };
}
