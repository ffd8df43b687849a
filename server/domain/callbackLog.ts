import { sql, type SQL } from 'drizzle-orm';
import type {
  CallbackAttemptRow,
  CallbackDeliveryRow,
  CallbackFilter,
  CallbackOutcome,
  CallbackTrigger,
} from '../../src/services/callbackRules.ts';
import type { Paged } from '../../src/services/paging.ts';
import type { Db } from '../db/connect.ts';
import { isoTime } from '../db/pgTime.ts';
import { windowBounds } from './businessWindow.ts';
import { seesClient } from './clientScope.ts';
import { notFound } from './errors.ts';
import { businessDay, filterClientIds } from './payinFilter.ts';
import { pageMeta, pageOffset } from './paging.ts';
import type { Principal } from './principal.ts';
import { msg } from '../../src/i18n/msg.ts';

/** The Callbacks page's own default (spec section 9, 'other screens last 14 days back to now'), for a caller naming none. */
export const defaultCallbackWindow = (timeZone: string) => ({
  start: `${businessDay(timeZone, 14)} 00:00`,
  end: `${businessDay(timeZone)} 23:59`,
});

/**
 * The deliveries `f` selects within the caller's scope: a client outside it is notFound (as on the
 * other lists), the window is on the latest attempt's time on the business clock, and the correlation
 * id matches exactly (callback_deliveries_correlation_idx).
 */
async function deliveriesWhere(db: Db, principal: Principal, f: CallbackFilter, timeZone: string): Promise<SQL> {
  const clientIds = await filterClientIds(db, principal, f.client_id);
  const fallback = defaultCallbackWindow(timeZone);
  const { from, until } = windowBounds(f.start || fallback.start, f.end || fallback.end, timeZone);
  const parts = [sql`d.last_attempt_at >= ${from}`, sql`d.last_attempt_at < ${until}`];
  if (clientIds) parts.push(clientIds.length ? sql`d.client_id in ${sql.raw(`(${clientIds.join(',')})`)}` : sql`false`);
  if (f.outcome) parts.push(sql`d.outcome = ${f.outcome}`);
  if (f.correlation_id) parts.push(sql`d.correlation_id = ${f.correlation_id}`);
  return sql.join(parts, sql` and `);
}

type DeliveryRaw = {
  correlation_id: string;
  client_id: number | string;
  client_name: string;
  amount: number | string;
  payin_status: string;
  outcome: CallbackOutcome;
  attempts: number | string;
  url: string;
  last_attempt_at: Date | string;
  last_status_code: number | string | null;
  last_error: string | null;
  next_retry_at: Date | string | null;
};

const nullableNumber = (value: number | string | null) => (value == null ? null : Number(value));

const toDeliveryRow = (r: DeliveryRaw): CallbackDeliveryRow => ({
  correlation_id: r.correlation_id,
  client_id: Number(r.client_id),
  client_name: r.client_name,
  amount: Number(r.amount),
  payin_status: r.payin_status,
  outcome: r.outcome,
  attempts: Number(r.attempts),
  url: r.url,
  last_attempt_at: isoTime(r.last_attempt_at),
  last_status_code: nullableNumber(r.last_status_code),
  last_error: r.last_error,
  next_retry_at: isoTime(r.next_retry_at),
});

/** One page of deliveries, newest attempt first, and how many the filter holds. */
export async function listCallbacks(
  db: Db,
  principal: Principal,
  q: CallbackFilter & { page: number; limit: number },
  timeZone: string,
): Promise<Paged<CallbackDeliveryRow>> {
  const where = await deliveriesWhere(db, principal, q, timeZone);
  const [count, page] = await Promise.all([
    db.execute<{ n: number | string }>(sql`select count(*) as n from callback_deliveries d where ${where}`),
    db.execute<DeliveryRaw>(sql`
      select d.correlation_id, d.client_id, c.client_name, t.amount, t.status as payin_status, d.outcome,
        d.attempts, d.url, d.last_attempt_at, d.last_status_code, d.last_error, d.next_retry_at
      from callback_deliveries d
        join clients c on c.id = d.client_id
        join transactions t on t.id = d.transaction_id
      where ${where}
      order by d.last_attempt_at desc, d.transaction_id desc
      limit ${q.limit} offset ${pageOffset(q.page, q.limit)}`),
  ]);
  return { rows: page.rows.map(toDeliveryRow), meta: pageMeta(q.page, q.limit, Number(count.rows[0].n)) };
}

type AttemptRaw = {
  id: number | string;
  attempted_at: Date | string;
  url: string;
  trigger: CallbackTrigger;
  triggered_by: string | null;
  ok: boolean;
  status_code: number | string | null;
  error: string | null;
  duration_ms: number | string | null;
  response_excerpt: string | null;
  next_retry_at: Date | string | null;
};

/**
 * Every attempt at one pay-in's callback, newest first, with the email of whoever pressed Resend. A
 * pay-in outside the caller's scope is answered like one without attempts: notFound, nothing about it.
 */
export async function callbackAttemptsOf(
  db: Db,
  principal: Principal,
  correlationId: string,
): Promise<CallbackAttemptRow[]> {
  const [payin] = (
    await db.execute<{ id: number | string; client_id: number | string }>(
      sql`select id, client_id from transactions where correlation_id = ${correlationId}`,
    )
  ).rows;
  if (!payin || !seesClient(principal, Number(payin.client_id)))
    throw notFound(msg({ defaultMessage: 'No callback attempts found', id: 'jwkkUW' }));
  const { rows } = await db.execute<AttemptRaw>(sql`
    select a.id, a.attempted_at, a.url, a.trigger, u.email as triggered_by, a.ok, a.status_code, a.error,
      a.duration_ms, a.response_excerpt, a.next_retry_at
    from callback_attempts a left join users u on u.id = a.attempted_by
    where a.transaction_id = ${payin.id}
    order by a.attempted_at desc, a.id desc`);
  if (rows.length === 0) throw notFound(msg({ defaultMessage: 'No callback attempts found', id: 'jwkkUW' }));
  return rows.map((r) => ({
    id: Number(r.id),
    attempted_at: isoTime(r.attempted_at),
    url: r.url,
    trigger: r.trigger,
    triggered_by: r.triggered_by,
    ok: r.ok,
    status_code: nullableNumber(r.status_code),
    error: r.error,
    duration_ms: nullableNumber(r.duration_ms),
    response_excerpt: r.response_excerpt,
    next_retry_at: isoTime(r.next_retry_at),
  }));
}
