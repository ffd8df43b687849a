import { sql } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { DEMO_CALLBACK_PATH } from '../domain/callbacks.ts';
import { callbackFailed } from '../domain/workOrderEvents.ts';

/** Where the demo merchants' callbacks went, as a server on the default port would have sent them. */
const DEMO_RECEIVER = `http://127.0.0.1:3000${DEMO_CALLBACK_PATH}/`;
/** The demo's retry delay (CALLBACK_RETRY_SECONDS' default): 30 s, then 60 s. */
const RETRY_SECONDS = 30;
const DELIVERED_PER_CLIENT = 8;

/**
 * The delivery log of a demo: each client's newest paid pay-ins were delivered at the first attempt;
 * the newest FINALIZED pay-in of `failingClients` failed all three attempts (an endpoint answering 503)
 * and left its work order, as the callback job would have. Attempts are set a moment after the payment
 * (never later than an hour ago), so the Callbacks page's default window of 7 days shows them.
 */
export async function seedDemoCallbacks(db: Db, failing: Array<{ clientId: number; count: number }>): Promise<void> {
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const failed: Array<{ id: number; correlation_id: string; client_id: number; amount: number | string }> = [];
    for (const { clientId, count } of failing) {
      const { rows } = await tx.execute<(typeof failed)[number]>(sql`
        select id, correlation_id, client_id, amount from transactions
        where client_id = ${clientId} and status = 'FINALIZED'
        order by transaction_time desc, id desc limit ${count}`);
      failed.push(...rows);
    }
    // Ids the database gave, written as a list (no pay-in has id 0).
    const failedIds = sql.raw(`(${[0, ...failed.map((p) => Number(p.id))].join(',')})`);
    const at = sql`least(coalesce(t.paid_time, t.transaction_time), now() - interval '1 hour')`;
    // Three attempts: the first send and two retries, RETRY_SECONDS then twice that apart.
    for (const [n, trigger, offset, next] of [
      [1, 'system', 0, RETRY_SECONDS],
      [2, 'retry', RETRY_SECONDS, 3 * RETRY_SECONDS],
      [3, 'retry', 3 * RETRY_SECONDS, null],
    ] as const)
      await tx.execute(sql`
        insert into callback_attempts (transaction_id, url, status_code, ok, attempted_at, trigger, duration_ms,
          response_excerpt, next_retry_at)
        select t.id, 'https://merchant.example/callback', 503, false, ${at} + ${offset} * interval '1 second',
          ${trigger}, ${40 + n * 7}, 'Service Unavailable',
          ${next === null ? sql`null` : sql`${at} + ${next} * interval '1 second'`}
        from transactions t where t.id in ${failedIds}`);
    await tx.execute(sql`
      insert into callback_attempts (transaction_id, url, status_code, ok, attempted_at, trigger, duration_ms,
        response_excerpt)
      select t.id, ${DEMO_RECEIVER} || t.client_id, 200, true, ${at} + interval '2 seconds', 'system',
        20 + t.id % 60, '{"status":"ok"}'
      from (select t.*, row_number() over (partition by t.client_id order by t.transaction_time desc, t.id desc) as n
        from transactions t where t.status in ('FINALIZED', 'SETTLED') and t.id not in ${failedIds}) t
      where t.n <= ${DELIVERED_PER_CLIENT}`);
    // Each pay-in's delivery is its latest attempt, as the callback job keeps it.
    await tx.execute(sql`
      insert into callback_deliveries (transaction_id, client_id, correlation_id, outcome, attempts, url,
        last_attempt_at, last_status_code, last_error, next_retry_at)
      select t.id, t.client_id, t.correlation_id, case when last.ok then 'delivered' else 'gave_up' end, counts.n,
        last.url, last.attempted_at, last.status_code, last.error, null
      from (select transaction_id, count(*)::int as n from callback_attempts group by transaction_id) counts
      join transactions t on t.id = counts.transaction_id
      join lateral (select a.* from callback_attempts a where a.transaction_id = t.id
        order by a.attempted_at desc, a.id desc limit 1) last on true
      on conflict (transaction_id) do nothing`);
    for (const p of failed)
      await callbackFailed(
        tx,
        { correlationId: p.correlation_id, clientId: Number(p.client_id), amount: Number(p.amount) },
        3,
      );
  });
}
