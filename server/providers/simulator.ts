import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for the payment channels' status-inquiry APIs, on loopback, so the adapters make a
 * real HTTP call in development and tests. Each correlation id always gets the same answer:
 * six in ten are PAID, three still PENDING, one TIMEOUT.
 */
export interface ProviderSimulator { url: string; close(): Promise<void> }

export function providerAnswer(correlationId: string, now = new Date()) {
  const digest = createHash('sha256').update(correlationId).digest();
  const bucket = digest[0] % 10;
  if (bucket < 6) {
    const rrn = (digest.readUInt32BE(1) * 1000 + (digest[5] % 1000)).toString().padStart(12, '0').slice(-12);
    return { status: 'PAID', rrn, paid_time: now.toISOString() };
  }
  return { status: bucket < 9 ? 'PENDING' : 'TIMEOUT' };
}

export async function startProviderSimulator(): Promise<ProviderSimulator> {
  const server: Server = createServer((req, res) => {
    const match = /^\/v1\/qris\/(fello_qris|herra_qris)\/status\/([\w-]{1,64})$/.exec(req.url ?? '');
    if (req.method !== 'GET' || !match) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'not found' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ correlation_id: match[2], ...providerAnswer(match[2]) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
