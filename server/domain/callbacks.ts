import { eq, sql } from 'drizzle-orm';
import type { CallbackChanged, CallbackOutcome, CallbackTrigger } from '../../src/services/callbackRules.ts';
import type { Db } from '../db/connect.ts';
import { callbackAttempts, callbackDeliveries, clients, demoMerchantInbox, type transactions } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { SIGNATURE_TOLERANCE_SECONDS } from '../../src/services/callbackRules.ts';
import { sendCallback, type CallbackSendResult } from './callbackSend.ts';
import { legacySignatureMatches, verifyCallbackSignature } from './callbackSignature.ts';
import { absoluteCallbackUrl } from './callbackUrl.ts';
import { notAuthenticated, notFound } from './errors.ts';
import { msg } from '../../src/i18n/msg.ts';

/** Demo clients' callback URL: a path on this server, resolved against its own loopback address. */
export const DEMO_CALLBACK_PATH = '/demo-merchant/callback';

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
  if (!client?.callbackSecret) throw notFound(msg({ defaultMessage: 'Unknown merchant', id: 'Q+d2lP' }));
  const secrets = signingSecrets(client, now);
  const valid =
    signatures.timestamped !== undefined
      ? verifyCallbackSignature(signatures.timestamped, body.raw, secrets, now, SIGNATURE_TOLERANCE_SECONDS)
      : legacySignatureMatches(signatures.legacy, body.raw, secrets);
  await db.insert(demoMerchantInbox).values({ clientId, body: body.value, signatureValid: valid });
  if (!valid) throw notAuthenticated(msg({ defaultMessage: 'Invalid signature', id: '+oWt3E' }));
}

export interface CallbackTarget {
  id: number;
  correlationId: string;
  clientId: number;
  url: string | null;
  /** The secrets that sign now, the current one first (signingSecrets). */
  secrets: string[];
  payload: Record<string, unknown>;
}

type SecretColumns = Pick<
  typeof clients.$inferSelect,
  'callbackSecret' | 'callbackSecretPrevious' | 'callbackSecretPreviousUntil'
>;

/**
 * The secrets a client's callbacks are signed with now: the current one, and the rotated-out one while
 * its overlap lasts, so a merchant still checking with the old secret keeps accepting them for that time.
 */
export function signingSecrets(client: SecretColumns | undefined, now = new Date()): string[] {
  if (!client?.callbackSecret) return [];
  const previous = client.callbackSecretPrevious;
  const until = client.callbackSecretPreviousUntil;
  return previous && until && until > now ? [client.callbackSecret, previous] : [client.callbackSecret];
}

/** Who makes an attempt, and what follows if it fails. */
export interface CallbackAttempt {
  trigger: CallbackTrigger;
  /** The person who pressed Resend; null for the system's attempts. */
  by: number | null;
  /** When pg-boss will try again if this attempt fails; null on the last one and on a person's Resend. */
  retryAt: Date | null;
  production: boolean;
}

export interface CallbackDelivered {
  ok: boolean;
  changed: CallbackChanged;
}

// PostgreSQL text holds no NUL character; a receiver's answer may.
const storable = (text: string | null) => (text === null ? null : text.replaceAll('\u0000', ''));

/** The delivery's state before this attempt, locked so two attempts at once count both. */
async function deliveryBefore(tx: Db, transactionId: number) {
  const [row] = await tx
    .select({ outcome: callbackDeliveries.outcome, nextRetryAt: callbackDeliveries.nextRetryAt })
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.transactionId, transactionId))
    .for('update');
  return row;
}

/**
 * Records one attempt and, in the same transaction, its pay-in's delivery: delivered on success;
 * failing while a retry is due (a person's Resend that fails leaves a system retry still due in
 * place); gave up when none is.
 */
async function recordAttempt(
  db: Db,
  target: CallbackTarget,
  attempt: CallbackAttempt,
  sent: CallbackSendResult,
  at: Date,
): Promise<CallbackOutcome> {
  return inTransaction(db, async (tx) => {
    const before = await deliveryBefore(tx, target.id);
    const pendingRetry = before?.outcome === 'failing' ? before.nextRetryAt : null;
    const nextRetryAt = sent.ok ? null : (attempt.retryAt ?? (attempt.trigger === 'person' ? pendingRetry : null));
    const outcome: CallbackOutcome = sent.ok ? 'delivered' : nextRetryAt ? 'failing' : 'gave_up';
    await tx.insert(callbackAttempts).values({
      transactionId: target.id,
      url: sent.url,
      attemptedBy: attempt.by,
      attemptedAt: at,
      trigger: attempt.trigger,
      statusCode: sent.statusCode,
      ok: sent.ok,
      error: storable(sent.error),
      durationMs: sent.durationMs,
      responseExcerpt: storable(sent.responseExcerpt),
      nextRetryAt,
    });
    const delivery = {
      outcome,
      url: sent.url,
      lastAttemptAt: at,
      lastStatusCode: sent.statusCode,
      lastError: storable(sent.error),
      nextRetryAt,
    };
    await tx
      .insert(callbackDeliveries)
      .values({
        transactionId: target.id,
        clientId: target.clientId,
        correlationId: target.correlationId,
        attempts: 1,
        ...delivery,
      })
      .onConflictDoUpdate({
        target: callbackDeliveries.transactionId,
        set: { ...delivery, attempts: sql`${callbackDeliveries.attempts} + 1` },
      });
    return outcome;
  });
}

/** Whether the pay-in's callback has been delivered already (a retry after a person's Resend sends nothing). */
export async function alreadyDelivered(db: Db, transactionId: number): Promise<boolean> {
  const [row] = await db
    .select({ outcome: callbackDeliveries.outcome })
    .from(callbackDeliveries)
    .where(eq(callbackDeliveries.transactionId, transactionId));
  return row?.outcome === 'delivered';
}

/**
 * POSTs one signed callback (sendCallback) and records the attempt in the delivery log. The caller
 * announces `changed` after this returns (the record is committed by then).
 */
export async function deliverCallback(
  db: Db,
  target: CallbackTarget,
  selfUrl: string,
  attempt: CallbackAttempt,
): Promise<CallbackDelivered> {
  const url = target.url ? absoluteCallbackUrl(target.url, target.clientId, selfUrl) : null;
  const at = new Date();
  const sent: CallbackSendResult =
    !url || target.secrets.length === 0
      ? {
          url: url ?? '',
          ok: false,
          statusCode: null,
          error: msg({
            defaultMessage: 'no callback URL configured',
            id: 'RwaEGz',
            description: "a callback attempt's error",
          }),
          durationMs: 0,
          responseExcerpt: null,
        }
      : await sendCallback(url, JSON.stringify(target.payload), {
          correlationId: target.correlationId,
          secrets: target.secrets,
          production: attempt.production,
        });
  const outcome = await recordAttempt(db, target, attempt, sent, at);
  return {
    ok: sent.ok,
    changed: { client_id: target.clientId, correlation_id: target.correlationId, outcome },
  };
}

/** What a pay-in's callback sends, and where: its client's URL and secret. */
export async function callbackTargetOf(db: Db, row: typeof transactions.$inferSelect): Promise<CallbackTarget> {
  const [client] = await db.select().from(clients).where(eq(clients.id, row.clientId));
  return {
    id: row.id,
    correlationId: row.correlationId,
    clientId: row.clientId,
    url: client?.callbackUrl ?? null,
    secrets: signingSecrets(client),
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
