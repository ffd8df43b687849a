import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * How a merchant callback is signed and checked: the signing here, the check that the demo merchant runs
 * (docs/snippets/verifyCallback.mjs is its few-lines twin for merchants, shown in the README).
 */

export const hmacHex = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('hex');

/** `t=<unix seconds>,v1=<hex>` with one v1 per secret: Stripe's convention, so merchants' libraries know it. */
export function timestampedSignature(secrets: readonly string[], body: string, unixSeconds: number): string {
  return [`t=${unixSeconds}`, ...secrets.map((secret) => `v1=${hmacHex(secret, `${unixSeconds}.${body}`)}`)].join(',');
}

const HEX_SIGNATURE = /^[0-9a-f]{64}$/;

const sameHex = (a: string, b: string) =>
  HEX_SIGNATURE.test(a) && HEX_SIGNATURE.test(b) && timingSafeEqual(Buffer.from(a, 'hex'), Buffer.from(b, 'hex'));

/**
 * The timestamped header checked: its `t` within `toleranceSeconds` of `now` (either side: a receiver's
 * clock may run ahead), and any of its v1 the HMAC of `t.body` with any of `secrets`. A replay outside the
 * window, a tampered body or a foreign secret is false.
 */
export function verifyCallbackSignature(
  header: string | undefined,
  body: string,
  secrets: readonly string[],
  now: Date,
  toleranceSeconds: number,
): boolean {
  const parts = (header ?? '').split(',').map((part) => part.trim().split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isSafeInteger(t) || Math.abs(now.getTime() / 1000 - t) > toleranceSeconds) return false;
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  return secrets.some((secret) => {
    const expected = hmacHex(secret, `${t}.${body}`);
    return signatures.some((signature) => sameHex(signature, expected));
  });
}

/** The legacy header: the HMAC of the body alone with one of `secrets` (no time, so no replay protection). */
export const legacySignatureMatches = (header: string | undefined, body: string, secrets: readonly string[]) =>
  secrets.some((secret) => sameHex(header ?? '', hmacHex(secret, body)));
