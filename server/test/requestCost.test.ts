import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { businessDay } from '../domain/payinFilter.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/**
 * The statements one request sends to the database (issue 17), counted at the driver (PGlite or
 * the pg pool: drizzle sends every statement outside a transaction through its `query`). The job
 * queue's and the outbox's own polling, which runs whatever the requests do, is left out.
 */
async function statementsOf(path: string, token: string, status = 200): Promise<string[]> {
  const client = (server.database.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } })
    .session.client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string })?.text);
    if (!/pgboss|outbox/i.test(text)) seen.push(text.replace(/\s+/g, ' ').trim());
    return original.apply(this, args);
  } as typeof original;
  try {
    expect((await call(server, 'GET', path, { token })).status).toBe(status);
  } finally {
    client.query = original;
  }
  return seen;
}

const query = (p: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)])).toString();

describe('statements per authenticated GET', () => {
  it('authenticates in one statement and lets the scope answer a named client', async () => {
    const day = businessDay('Asia/Jakarta');
    const window = { start: `${day} 00:00`, end: `${day} 23:59`, status: 'FINALIZED' };
    const { token } = await signInVerified(server, 'admin@demo.local');
    await call(server, 'GET', '/api/v1/notification', { token });
    // Session check, principal (user, role, modules, clients) and its conditional touch: one statement.
    const expected: Array<[string, number]> = [
      // The count and the page are one statement (countedPage, issue 30).
      [`/api/backoffice/transaction/list?${query({ ...window, client_id: 1, page: 1, limit: 15 })}`, 2],
      [`/api/backoffice/transaction/summary?${query({ ...window, client_id: 1 })}`, 2],
      ['/api/backoffice/balance/current-balance?client_filter=1', 2],
      // The count rides on the page's rows (issue 30).
      [`/api/backoffice/balance/withdrawal-history?${query({ client_filter: 1, page: 1, limit: 15 })}`, 2],
    ];
    for (const [path, count] of expected) {
      const statements = await statementsOf(path, token);
      expect(statements, path).toHaveLength(count);
      expect(statements[0]).toMatch(/^with live as/);
      // No write statement of its own (the touch is inside the first; seen a moment ago, it updates no row).
      expect(statements.filter((s) => /^(update|insert|delete)/i.test(s))).toEqual([]);
    }
  });

  it('looks a client a SUPER ADMIN names up once, and an unknown one every time', async () => {
    const { token } = await signInVerified(server, 'superadmin@demo.local');
    const balance = (client: number) => `/api/backoffice/balance/current-balance?client_filter=${client}`;
    // The highest demo client: no other test in this file names it, so this node has not seen it yet.
    const first = await statementsOf(balance(7), token);
    expect(first.some((s) => /from "clients"/.test(s))).toBe(true);
    const again = await statementsOf(balance(7), token);
    expect(again).toHaveLength(first.length - 1);
    expect(again.some((s) => /from "clients"/.test(s))).toBe(false);
    // Only ids found are kept: an unknown one is looked up again each time, and stays 404.
    for (let i = 0; i < 2; i++) {
      expect((await statementsOf(balance(9_999), token, 404)).some((s) => /from "clients"/.test(s))).toBe(true);
    }
  });
});
