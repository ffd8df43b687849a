import { createHmac, timingSafeEqual } from 'node:crypto';

// header: the X-Callback-Signature value; rawBody: the request body exactly as received (a string).
export function verifyCallback(header, rawBody, secret, toleranceSeconds = 300, now = Date.now() / 1000) {
  const parts = String(header ?? '').split(',').map((part) => part.split('='));
  const t = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now - t) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return parts.some(
    ([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value) && timingSafeEqual(Buffer.from(value, 'hex'), expected),
  );
}
