import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALLBACK_CHANGED_EVENT,
  RESPONSE_EXCERPT_BYTES,
  type CallbackAttemptRow,
  type CallbackChanged,
  type CallbackDeliveryRow,
} from '../../src/services/callbackRules.ts';
import type { Db } from '../db/connect.ts';
import { callbackDeliveries, clients, transactions } from '../db/schema.ts';
import { runCallback, type CallbackJobData } from '../domain/callbackJob.ts';
import type { QueuedJob } from '../queue/jobQueue.ts';
import { call, signInVerified, startTestServer, type TestServer } from './harness.ts';

/**
 * Issue 47's delivery log: every attempt at a merchant callback, the Callbacks page's list of
 * deliveries, a pay-in's attempts, the Payments List's last outcome and /metrics, against a local
 * receiver whose answer the test switches.
 */
const API = '/api/backoffice';
const CLIENT = 3; // seen by the ADMIN (clients 1-5) and the SUPER ADMINs, not by the client user (1 and 2)
let server: TestServer;
const tokens: Record<string, string> = {};

/** The merchant: answers what `answer` says and counts what it received. */
const answer = { status: 500, body: 'x'.repeat(5 * 1024) };
const received: string[] = [];
let receiver: Server;
let receiverUrl = '';
const sockets: Socket[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push(body);
      response.writeHead(answer.status, { 'content-type': 'text/plain' }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/callback`;
  // Retries 1 s, then 2 s after a failure: a failing merchant gives up within seconds.
  server = await startTestServer({ env: { CALLBACK_RETRY_SECONDS: '1' } });
  for (const who of ['superadmin', 'admin', 'client'])
    tokens[who] = (await signInVerified(server, `${who}@demo.local`)).token;
  await db().update(clients).set({ callbackUrl: receiverUrl }).where(eq(clients.id, CLIENT));
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await server?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const db = () => server.database.db as Db;
let seq = 0;

/** A pay-in of the test's client, PENDING unless told otherwise. */
async function payin(over: Partial<typeof transactions.$inferInsert> = {}) {
  const correlationId = `CBLOG-${++seq}-${Date.now()}`;
  await db()
    .insert(transactions)
    .values({
      uuid: `u-${correlationId}`,
      clientId: CLIENT,
      type: 'fello_qris',
      serviceType: 'QRIS',
      correlationId,
      accountNo: 'ID10123',
      amount: 125_000,
      feeAmount: 875,
      status: 'PENDING',
      transactionTime: new Date(),
      ...over,
    });
  return correlationId;
}

const get = (who: string, path: string) => call(server, 'GET', `${API}${path}`, { token: tokens[who] });
const attemptsOf = async (who: string, correlationId: string) =>
  (await get(who, `/callbacks/${correlationId}/attempts`)).body.data as CallbackAttemptRow[];
const deliveriesOf = async (who: string, query: string) =>
  (await get(who, `/callbacks?${query}`)).body.data as CallbackDeliveryRow[];
const resend = (who: string, correlationId: string) =>
  call(server, 'POST', `${API}/transaction/resend-callback`, {
    token: tokens[who],
    body: { correlation_id: [correlationId] },
  });

const until = async <T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> => {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > end) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** What the user's socket hears of callbacks. */
async function listen(who: string) {
  const heard: CallbackChanged[] = [];
  const socket = io(server.url, { auth: { token: tokens[who] }, transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  socket.on(CALLBACK_CHANGED_EVENT, (changed: CallbackChanged) => heard.push(changed));
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', reject);
  });
  return heard;
}

const ms = (iso: string | null) => new Date(iso!).getTime();

describe('a merchant whose endpoint fails', () => {
  it('is retried on schedule, each attempt logged, then given up; a Resend to it answering 200 delivers', async () => {
    const staffHears = await listen('admin');
    const clientHears = await listen('client');
    answer.status = 500;
    const id = await payin();
    const paid = await call(server, 'PATCH', `${API}/transaction/finalized-transaction`, {
      token: tokens.superadmin,
      body: { correlation_id: id, rrn: '123412341234', paid_time: '2025-06-01 10:15:00' },
    });
    expect(paid.status).toBe(200);

    const failed = await until(
      () => deliveriesOf('admin', `correlation_id=${id}`),
      (rows) => rows[0]?.outcome === 'gave_up',
    );
    expect(failed).toEqual([
      expect.objectContaining({
        correlation_id: id,
        client_id: CLIENT,
        client_name: 'PT Maju Bersama Logistik',
        amount: 125_000,
        payin_status: 'FINALIZED',
        outcome: 'gave_up',
        attempts: 3,
        url: receiverUrl,
        last_status_code: 500,
        last_error: null,
        next_retry_at: null,
      }),
    ]);

    const attempts = await attemptsOf('admin', id);
    expect(attempts.map((a) => [a.trigger, a.ok, a.status_code, a.triggered_by])).toEqual([
      ['retry', false, 500, null],
      ['retry', false, 500, null],
      ['system', false, 500, null],
    ]);
    for (const a of attempts) {
      expect(a.url).toBe(receiverUrl);
      expect(a.error).toBeNull();
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
      // The first 1 KB of a 5 KB answer, exactly.
      expect(Buffer.byteLength(a.response_excerpt!)).toBe(RESPONSE_EXCERPT_BYTES);
    }
    // Newest first; a failed attempt with a retry to come says when (1 s, then 2 s: pg-boss's backoff, at the
    // earliest), and the retry came no earlier than that; the last one has none due.
    const [third, second, first] = attempts;
    expect(third.next_retry_at).toBeNull();
    expect(ms(first.next_retry_at) - ms(first.attempted_at)).toBeGreaterThanOrEqual(990);
    expect(ms(first.next_retry_at) - ms(first.attempted_at)).toBeLessThan(1_500);
    expect(ms(second.next_retry_at) - ms(second.attempted_at)).toBeGreaterThanOrEqual(1_990);
    expect(ms(second.next_retry_at) - ms(second.attempted_at)).toBeLessThan(2_500);
    expect(ms(second.attempted_at)).toBeGreaterThanOrEqual(ms(first.next_retry_at) - 50);
    expect(ms(third.attempted_at)).toBeGreaterThanOrEqual(ms(second.next_retry_at) - 50);
    expect(received.filter((body) => body.includes(id))).toHaveLength(3);

    answer.status = 200;
    answer.body = 'thanks';
    const sent = await resend('admin', id);
    expect(sent.status).toBe(200);
    const [resent] = await attemptsOf('admin', id);
    expect(resent).toMatchObject({
      trigger: 'person',
      triggered_by: 'admin@demo.local',
      ok: true,
      status_code: 200,
      response_excerpt: 'thanks',
      next_retry_at: null,
    });
    const [delivered] = await deliveriesOf('admin', `correlation_id=${id}`);
    expect(delivered).toMatchObject({ outcome: 'delivered', attempts: 4, last_status_code: 200 });

    // The Payments List row shows the last outcome beside its Resend.
    const list = await get('admin', `/transaction/list?client_id=${CLIENT}&search_by=correlation_id&search=${id}`);
    expect(list.body.data).toEqual([
      expect.objectContaining({
        correlation_id: id,
        last_callback: { outcome: 'delivered', at: delivered.last_attempt_at },
      }),
    ]);

    // Each attempt was announced to whoever sees the client, after it committed; the client user does not.
    const mine = await until(
      async () => staffHears.filter((c) => c.correlation_id === id),
      (heard) => heard.length === 4,
      2_000,
    );
    expect(mine.map((c) => c.outcome)).toEqual(['failing', 'failing', 'gave_up', 'delivered']);
    expect(mine[0].client_id).toBe(CLIENT);
    expect(clientHears.filter((c) => c.correlation_id === id)).toEqual([]);
  }, 40_000);
});

describe("a person's Resend beside the system's retries", () => {
  const job = (correlationId: string, retryCount: number): QueuedJob<CallbackJobData> => ({
    id: `job-${correlationId}`,
    data: { correlationId },
    finalAttempt: retryCount >= 2,
    retryCount,
  });
  const deps = () => ({
    db: db(),
    jobs: server.app.jobs,
    selfUrl: () => server.url,
    retryDelaySeconds: 60,
    production: false,
    onWorkOrder: () => {},
    onCallbackChanged: () => {},
  });
  const delivery = async (correlationId: string) =>
    (await db().select().from(callbackDeliveries).where(eq(callbackDeliveries.correlationId, correlationId)))[0];

  it('keeps failing with the retry still due when it fails; a retry after a delivered Resend sends nothing', async () => {
    answer.status = 503;
    answer.body = 'down';
    const id = await payin({ status: 'FINALIZED', paidTime: new Date() });
    // The first send fails: pg-boss is told to retry (the job throws), due 60 s later at the earliest.
    await expect(runCallback(deps(), job(id, 0))).rejects.toThrow(/failed/);
    const failing = await delivery(id);
    expect(failing).toMatchObject({ outcome: 'failing', attempts: 1, lastStatusCode: 503 });
    expect(failing.nextRetryAt!.getTime() - failing.lastAttemptAt.getTime()).toBeGreaterThanOrEqual(59_900);

    expect((await resend('client', id)).status).toBe(404); // another client's pay-in, as if none
    expect((await resend('superadmin', id)).status).toBe(502);
    const [byPerson] = await attemptsOf('superadmin', id);
    expect(byPerson).toMatchObject({ trigger: 'person', triggered_by: 'superadmin@demo.local', ok: false });
    expect(byPerson.next_retry_at).toBe(failing.nextRetryAt!.toISOString());
    expect(await delivery(id)).toMatchObject({ outcome: 'failing', attempts: 2, nextRetryAt: failing.nextRetryAt });

    answer.status = 200;
    expect((await resend('superadmin', id)).status).toBe(200);
    expect(await delivery(id)).toMatchObject({ outcome: 'delivered', attempts: 3, nextRetryAt: null });
    const sentBefore = received.length;
    await expect(runCallback(deps(), job(id, 1))).resolves.toEqual({ delivered: true });
    expect(received.length).toBe(sentBefore);
    expect(await attemptsOf('superadmin', id)).toHaveLength(3);
  });

  it('gives up at once when a Resend fails and no retry is due, and keeps an answer with a NUL byte', async () => {
    answer.status = 500;
    answer.body = 'bad\u0000answer';
    const id = await payin({ status: 'FINALIZED', paidTime: new Date() });
    expect((await resend('admin', id)).status).toBe(502);
    expect(await delivery(id)).toMatchObject({ outcome: 'gave_up', attempts: 1, nextRetryAt: null });
    const [attempt] = await attemptsOf('admin', id);
    expect(attempt).toMatchObject({ trigger: 'person', status_code: 500, response_excerpt: 'badanswer' });
  });
});

describe('the delivery list', () => {
  it('filters by outcome, client and exact correlation id, newest first, paged like the other lists', async () => {
    const all = await get('superadmin', '/callbacks?limit=50');
    expect(all.status).toBe(200);
    const rows = all.body.data as CallbackDeliveryRow[];
    expect(all.body.meta).toMatchObject({ current_page: 1, per_page: 50 });
    expect(all.body.meta.total).toBeGreaterThanOrEqual(rows.length);
    const times = rows.map((r) => ms(r.last_attempt_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The seed's failed deliveries (one of client 1, two of client 6) and this file's.
    const gaveUp = await deliveriesOf('superadmin', 'outcome=gave_up&limit=50');
    expect(gaveUp.length).toBeGreaterThanOrEqual(3);
    expect(gaveUp.every((r) => r.outcome === 'gave_up')).toBe(true);
    expect(new Set(gaveUp.map((r) => r.client_id))).toEqual(new Set([1, 6, CLIENT]));
    const delivered = await deliveriesOf('superadmin', `outcome=delivered&client_id=${CLIENT}`);
    expect(delivered.length).toBeGreaterThan(0);
    expect(delivered.every((r) => r.outcome === 'delivered' && r.client_id === CLIENT)).toBe(true);
    const one = gaveUp[0];
    expect(await deliveriesOf('superadmin', `correlation_id=${one.correlation_id}`)).toEqual([one]);
    // Exact, not a prefix.
    expect(await deliveriesOf('superadmin', `correlation_id=${one.correlation_id.slice(0, -1)}`)).toEqual([]);
    const paged = await get('superadmin', '/callbacks?limit=15&page=2');
    expect(paged.body.meta).toMatchObject({ current_page: 2, per_page: 15, total: all.body.meta.total });
  });

  it('reads the last 14 days on the business clock unless a window is given', async () => {
    const [row] = await deliveriesOf('superadmin', 'outcome=delivered&client_id=2');
    const old = new Date('2026-01-15T03:00:00Z');
    await db()
      .update(callbackDeliveries)
      .set({ lastAttemptAt: old })
      .where(eq(callbackDeliveries.correlationId, row.correlation_id));
    expect(await deliveriesOf('superadmin', `correlation_id=${row.correlation_id}`)).toEqual([]);
    // 10:00 in Jakarta (UTC+7), the window's minutes typed on the business clock.
    const window = await deliveriesOf(
      'superadmin',
      `correlation_id=${row.correlation_id}&start=2026-01-15 10:00&end=2026-01-15 10:00`,
    );
    expect(window.map((r) => r.last_attempt_at)).toEqual([old.toISOString()]);
    expect(
      await deliveriesOf(
        'superadmin',
        `correlation_id=${row.correlation_id}&start=2026-01-15 10:01&end=2026-01-16 00:00`,
      ),
    ).toEqual([]);
  });

  it("shows a client user only their clients', and another's as if it did not exist", async () => {
    const theirs = await deliveriesOf('client', 'limit=50');
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.every((r) => r.client_id === 1 || r.client_id === 2)).toBe(true);
    const other = await get('client', `/callbacks?client_id=${CLIENT}`);
    expect(other.status).toBe(404);
    const [foreign] = await deliveriesOf('admin', `client_id=${CLIENT}`);
    const refused = await get('client', `/callbacks/${foreign.correlation_id}/attempts`);
    const unknown = await get('client', '/callbacks/NO-SUCH-PAYIN/attempts');
    expect([refused.status, unknown.status]).toEqual([404, 404]);
    expect(refused.body.message).toBe(unknown.body.message);
    // A pay-in of theirs that was never called back has no log either.
    const quiet = await payin({ clientId: 1 });
    expect((await get('client', `/callbacks/${quiet}/attempts`)).status).toBe(404);
    const own = theirs[0];
    expect((await attemptsOf('client', own.correlation_id)).length).toBe(own.attempts);
  });

  it('refuses a filter it does not know with a 400 that says why', async () => {
    for (const query of [
      'outcome=lost',
      `correlation_id=${'x'.repeat(101)}`,
      'limit=7',
      'colour=red',
      'client_id=abc',
    ]) {
      const res = await get('superadmin', `/callbacks?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toBeTruthy();
    }
  });
});

describe('/metrics', () => {
  it('counts deliveries by outcome and the callback retry queue', async () => {
    const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${tokens.superadmin}` } });
    const text = await res.text();
    const counts = (
      await db().execute<{ outcome: string; n: number }>(
        sql`select outcome, count(*)::int as n from callback_deliveries group by outcome`,
      )
    ).rows;
    for (const outcome of ['delivered', 'failing', 'gave_up']) {
      const n = Number(counts.find((c) => c.outcome === outcome)?.n ?? 0);
      expect(text).toContain(`callback_deliveries{outcome="${outcome}"} ${n}\n`);
    }
    expect(text).toMatch(/^callback_retry_queue_depth \d+$/m);
  });
});
