import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the payment channels' status-inquiry APIs, on loopback, so the adapters make a
 * real HTTP call in development and tests. Each correlation id always gets the same answer: for a
 * QRIS pay-in six in ten are PAID, three still PENDING, one TIMEOUT; for a disbursement see
 * disbursementProviderAnswer.
 */
export interface ProviderSimulator {
  url: string;
  close(): Promise<void>;
}

export function providerAnswer(correlationId: string, now = new Date()) {
  const digest = createHash('sha256').update(correlationId).digest();
  const bucket = digest[0] % 10;
  if (bucket < 6) {
    const rrn = (digest.readUInt32BE(1) * 1000 + (digest[5] % 1000)).toString().padStart(12, '0').slice(-12);
    return { status: 'PAID', rrn, paid_time: now.toISOString() };
  }
  return { status: bucket < 9 ? 'PENDING' : 'TIMEOUT' };
}

/**
 * The transfer provider's answer for a disbursement, decided by the last character of its
 * correlation id so tests and demos can rely on it: a digit 0-3 PENDING, 4-6 FINALIZED (paid now),
 * 7-9 FAILED; anything else (a letter) PENDING.
 */
export function disbursementProviderAnswer(correlationId: string, now = new Date()) {
  const last = correlationId.at(-1) ?? '';
  if (!/\d/.test(last)) return { status: 'PENDING' };
  const digit = Number(last);
  if (digit <= 3) return { status: 'PENDING' };
  return digit <= 6 ? { status: 'FINALIZED', paid_time: now.toISOString() } : { status: 'FAILED' };
}

export async function startProviderSimulator(): Promise<ProviderSimulator> {
  const server: Server = createServer((req, res) => {
    const disbursement = /^\/v1\/disbursements\/([^/?#]{1,200})\/status$/.exec(req.url ?? '');
    if (req.method === 'GET' && disbursement) {
      let id = disbursement[1];
      try {
        id = decodeURIComponent(id);
      } catch {
        /* an undecodable id is answered as typed */
      }
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ correlation_id: id, ...disbursementProviderAnswer(id) }));
      return;
    }
    const match = /^\/v1\/qris\/(fello_qris|herra_qris)\/status\/([\w-]{1,64})$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ correlation_id: match[2], ...providerAnswer(match[2]) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
