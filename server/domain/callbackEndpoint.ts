import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  SECRET_OVERLAP_HOURS,
  type CallbackEndpoint,
  type RotatedSecret,
  type TestCallbackResult,
} from '../../src/services/callbackRules.ts';
import type { Db } from '../db/connect.ts';
import { clients } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { auditBy } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import { sendCallback } from './callbackSend.ts';
import { absoluteCallbackUrl, callbackUrlProblem } from './callbackUrl.ts';
import { signingSecrets } from './callbacks.ts';
import { invalidInput, notFound, ruleBroken } from './errors.ts';
import type { Principal } from './principal.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * A client's callback endpoint (issue 47): its URL, checked for where it may point; its secret, rotated
 * with an overlap; a signed test callback. The secret itself is answered once, by the rotation.
 */

type ClientRow = typeof clients.$inferSelect;
/** Names a secret in the audit log without giving it away: the first 12 hex digits of its SHA-256. */
export const secretFingerprint = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 12);

const endpointOf = (row: ClientRow, now = new Date()): CallbackEndpoint => ({
  client_id: row.id,
  client_name: row.clientName,
  callback_url: row.callbackUrl,
  secret_rotated_at: row.callbackSecretRotatedAt?.toISOString() ?? null,
  previous_secret_until:
    row.callbackSecretPrevious && row.callbackSecretPreviousUntil! > now
      ? row.callbackSecretPreviousUntil!.toISOString()
      : null,
});

async function clientRow(db: Db, clientId: number, lock = false): Promise<ClientRow> {
  const query = db.select().from(clients).where(eq(clients.id, clientId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(msg({ defaultMessage: 'Client not found', id: '06XTUO' }));
  return row;
}

export const callbackEndpointOf = async (db: Db, clientId: number) => endpointOf(await clientRow(db, clientId));

/** Sets a client's callback URL once it passes callbackUrlProblem (DNS included); audited with the old and new. */
export async function setCallbackUrl(
  db: Db,
  actor: Principal,
  clientId: number,
  url: string,
  origin: RequestOrigin,
  production: boolean,
): Promise<CallbackEndpoint> {
  await clientRow(db, clientId);
  const problem = await callbackUrlProblem(url, production);
  if (problem) throw invalidInput(problem, [{ field: 'callback_url', message: problem }]);
  return inTransaction(db, async (tx) => {
    const before = await clientRow(tx, clientId, true);
    const [after] = await tx.update(clients).set({ callbackUrl: url }).where(eq(clients.id, clientId)).returning();
    await auditBy(tx, actor, origin, {
      action: 'client.callback_url_changed',
      objectType: 'client',
      objectId: clientId,
      outcome: 'success',
      detail: { old_url: before.callbackUrl, new_url: url },
    });
    return endpointOf(after);
  });
}

/**
 * A new random secret; the current one keeps signing beside it for SECRET_OVERLAP_HOURS. Under the client's
 * row lock, so two rotations at once queue: each rotates out the secret the one before it made, and none
 * answers a secret that is silently lost. Rotating again within the overlap rotates out the newer secret:
 * the one before it stops signing at once.
 */
export async function rotateCallbackSecret(
  db: Db,
  actor: Principal,
  clientId: number,
  origin: RequestOrigin,
): Promise<RotatedSecret> {
  return inTransaction(db, async (tx) => {
    const before = await clientRow(tx, clientId, true);
    const now = new Date();
    const until = new Date(now.getTime() + SECRET_OVERLAP_HOURS * 3_600_000);
    const secret = randomBytes(32).toString('hex');
    await tx
      .update(clients)
      .set({
        callbackSecret: secret,
        callbackSecretPrevious: before.callbackSecret,
        callbackSecretPreviousUntil: before.callbackSecret ? until : null,
        callbackSecretRotatedAt: now,
      })
      .where(eq(clients.id, clientId));
    const previousUntil = (before.callbackSecret ? until : now).toISOString();
    // Never the secret: the audit log is read by more people than the one who rotated it. Its fingerprint
    // tells the rotations apart (which secret each rotated out) and gives nothing of the secret away.
    await auditBy(tx, actor, origin, {
      action: 'client.callback_secret_rotated',
      objectType: 'client',
      objectId: clientId,
      outcome: 'success',
      detail: {
        previous_secret_until: previousUntil,
        secret_fingerprint: secretFingerprint(secret),
        previous_fingerprint: before.callbackSecret ? secretFingerprint(before.callbackSecret) : null,
      },
    });
    return { secret, previous_secret_until: previousUntil };
  });
}

/**
 * A signed sample callback to the client's URL, through the same sender and address checks as a pay-in's;
 * its outcome is the answer (a receiver's refusal is not ours). Audited, not written to the delivery log,
 * which is pay-ins' callbacks.
 */
export async function sendTestCallback(
  db: Db,
  actor: Principal,
  clientId: number,
  origin: RequestOrigin,
  where: { production: boolean; selfUrl: string },
): Promise<TestCallbackResult> {
  const client = await clientRow(db, clientId);
  if (!client.callbackUrl)
    throw ruleBroken(msg({ defaultMessage: 'This client has no callback URL yet', id: 'sVBKMs' }));
  if (!client.callbackSecret)
    throw ruleBroken(msg({ defaultMessage: 'This client has no callback secret yet: rotate it first', id: 'BYlOMr' }));
  const now = new Date();
  const correlationId = `TEST-${randomBytes(6).toString('hex').toUpperCase()}`;
  const body = JSON.stringify({
    type: 'test',
    correlation_id: correlationId,
    status: 'FINALIZED',
    amount: 0,
    sent_at: now.toISOString(),
  });
  const sent = await sendCallback(absoluteCallbackUrl(client.callbackUrl, clientId, where.selfUrl), body, {
    correlationId,
    secrets: signingSecrets(client, now),
    production: where.production,
    now,
  });
  await auditBy(db, actor, origin, {
    action: 'client.callback_tested',
    objectType: 'client',
    objectId: clientId,
    outcome: 'success',
    detail: {
      correlation_id: correlationId,
      url: sent.url,
      delivered: sent.ok,
      status_code: sent.statusCode,
      error: sent.error,
    },
  });
  return {
    delivered: sent.ok,
    url: sent.url,
    status_code: sent.statusCode,
    error: sent.error,
    duration_ms: sent.durationMs,
    response_excerpt: sent.responseExcerpt,
  };
}
