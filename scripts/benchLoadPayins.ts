import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../server/db/connect.ts';
import { bulkCreditPayins, bulkReleaseToWithdrawable } from '../server/domain/payinLedgerBulk.ts';
import { channels, hourWeights, vaPrefix } from '../server/seed/payinGenerator.ts';
import { SETTLEMENT_TYPES } from '../src/services/settlementRules.ts';
import { DEFAULT_TZ_BUSINESS } from '../server/config.ts';

/**
 * Issue 17: ten million pay-ins for `npm run bench -- --rows 10000000`. seedPayins builds each row
 * in JavaScript and sends 2,000 at a time (1,000,000 took 270 s, so ten million would take most of
 * an hour); this writes the same distribution (channel shares, log-uniform amounts, fees, statuses,
 * Jakarta business-hour peaks, client weights, in random time order) with INSERT ... SELECT over
 * generate_series, CHUNK rows per statement, and credits each chunk through the ledger's own
 * set-based path (payinLedgerBulk), so balances, entries and the hour/day totals are what the real
 * flows would leave and `npm run ledger:check` holds.
 */
const CHUNK = 250_000;
const LOADERS = Math.max(1, Math.min(4, os.availableParallelism()));
const JAKARTA = DEFAULT_TZ_BUSINESS;

/** Cumulative [lo, hi) bounds of weights that sum to anything, as fractions of 1. */
function bands<T>(items: T[], weight: (t: T) => number): Array<T & { lo: number; hi: number }> {
  const total = items.reduce((s, t) => s + weight(t), 0);
  let acc = 0;
  return items.map((t, i) => {
    const lo = acc / total;
    acc += weight(t);
    // The last band ends above 1, so random()'s [0, 1) always lands in one.
    return { ...t, lo, hi: i === items.length - 1 ? 2 : acc / total };
  });
}

/** Wall-clock seconds in all; insert and ledger seconds are summed over the loaders' chunks. */
export interface PayinLoad {
  seconds: number;
  insertSeconds: number;
  ledgerSeconds: number;
  vacuumSeconds: number;
  loaders: number;
}

export async function loadPayins(
  database: Database,
  clientIds: number[],
  rows: number,
  log: (m: string) => void,
): Promise<PayinLoad> {
  const db = database.db as Db;
  const raw = database.db.$client;
  const channelBands = JSON.stringify(
    bands(channels, (c) => c.share).map((c) => ({
      type: c.type,
      service: c.service,
      prefix: c.prefix,
      lo: c.lo,
      hi: c.hi,
      min: c.amount[0],
      max: c.amount[1],
      step: c.amount[2],
      rate: 'rate' in c.fee ? c.fee.rate : null,
      fixed: 'fixed' in c.fee ? c.fee.fixed : null,
      va: vaPrefix[c.type] ?? null,
      settles: (SETTLEMENT_TYPES as readonly string[]).includes(c.type),
    })),
  );
  const hourBands = JSON.stringify(
    bands(
      hourWeights.map((w, h) => ({ h, w })),
      (x) => x.w,
    ).map(({ h, lo, hi }) => ({ h, lo, hi })),
  );
  const clientBands = JSON.stringify(
    bands(
      clientIds.map((id, i) => ({ id, w: 1 / (i + 1.5) })),
      (c) => c.w,
    ).map(({ id, lo, hi }) => ({ id, lo, hi })),
  );
  const [{ n: existing }] = (await raw.query<{ n: string }>('select count(*) as n from transactions')).rows;
  const started = performance.now();
  let insertMs = 0;
  let ledgerMs = 0;
  let next = 1;
  let done = 0;
  const loadChunk = async (from: number) => {
    const to = Math.min(rows, from + CHUNK - 1);
    const t0 = performance.now();
    const {
      rows: [span],
    } = await raw.query<{ first: string; last: string }>(
      `
      with ch as (select * from jsonb_to_recordset($1::jsonb) as x(type text, service text, prefix text, lo float8,
        hi float8, min float8, max float8, step int, rate float8, fixed int, va text, settles boolean)),
      hr as (select * from jsonb_to_recordset($2::jsonb) as x(h int, lo float8, hi float8)),
      cl as (select * from jsonb_to_recordset($3::jsonb) as x(id int, lo float8, hi float8)),
      -- Today's Jakarta midnight and the instant the load began.
      clock as (select date_trunc('day', now() at time zone '${JAKARTA}') at time zone '${JAKARTA}' as midnight,
        now() as at),
      draw as (
        select g, random() as r_ch, random() as r_hour, random() as r_client, random() as r_status,
          random() as r_mostly,
          random() as r_amount, random() as r_release, random() as r_min, random() as r_today,
          case when random() < 0.06 then floor(random() * 2)::int else floor(random() * 30)::int end as age
        from generate_series($4::bigint, $5::bigint) g),
      shaped as (
        select d.*, ch.*, cl.id as client_id,
          -- A time of today that has not come yet falls between midnight and now, as in payinGenerator.
          case when t.at > clock.at then clock.midnight + d.r_today * (clock.at - clock.midnight) else t.at end as tt,
          case
            when ch.service = 'QRIS' and d.r_status < 0.05 then 'PENDING'
            when ch.service = 'QRIS' and d.r_status < 0.09 then 'REQUEST_TIMEOUT'
            when ch.service = 'VIRTUAL_ACCOUNT' and d.r_status < 0.04 then 'PENDING'
            when ch.service = 'VIRTUAL_ACCOUNT' and d.r_status < 0.13 then 'VA_EXPIRED'
            when ch.service = 'DIRECT_DEBIT' and d.r_status < 0.06 then 'PENDING'
            when d.age < 2 then 'FINALIZED'
            when ch.settles or d.r_mostly < 0.6 then 'SETTLED'
            else 'FINALIZED' end as status,
          greatest(ch.min, round(exp(ln(ch.min) + d.r_amount * (ln(ch.max) - ln(ch.min))) / ch.step) *
            ch.step)::bigint as amount
        from draw d
        cross join clock
        join ch on d.r_ch >= ch.lo and d.r_ch < ch.hi
        join hr on d.r_hour >= hr.lo and d.r_hour < hr.hi
        join cl on d.r_client >= cl.lo and d.r_client < cl.hi
        cross join lateral (select clock.midnight - d.age * interval '1 day' + hr.h * interval '1 hour' + d.r_min *
          interval '1 hour' as at) t),
      inserted as (
        insert into transactions (uuid, client_id, type, service_type, rrn, correlation_id, account_no, amount,
          fee_amount, status,
          transaction_time, paid_time, settlement_time, withdrawable_at)
        select gen_random_uuid()::text, s.client_id, s.type, s.service,
          case when s.status in ('FINALIZED', 'SETTLED') then lpad(floor(random() * 1e12)::bigint::text, 12, '0') end,
          s.prefix || to_char(s.tt at time zone '${JAKARTA}', 'YYMMDD')
            || lpad((s.g + $6::bigint)::text, 8, '0') || lpad(floor(random() * 100)::int::text, 2, '0'),
          case s.service when 'VIRTUAL_ACCOUNT' then s.va || '08' || lpad(floor(random() * 1e9)::bigint::text, 9, '0')
            when 'DIRECT_DEBIT' then '08' || lpad(floor(random() * 1e10)::bigint::text, 10, '0')
            else 'ID10' || lpad(floor(random() * 1e11)::bigint::text, 11, '0') end,
          s.amount, coalesce(round(s.amount * s.rate)::bigint, s.fixed), s.status, s.tt,
          case when s.status in ('FINALIZED', 'SETTLED')
            then s.tt + interval '2 seconds' + random() * interval '240 seconds' end,
          st.settled_at,
          case when s.status = 'SETTLED' or (s.status = 'FINALIZED' and s.age >= 3 and s.r_release < 0.5)
            then coalesce(st.settled_at, s.tt + interval '3 days') end
        from shaped s
        -- SETTLED at 02:00 Jakarta the day after, as the demo's settlement would have.
        cross join lateral (select case when s.status = 'SETTLED'
          then date_trunc('day', s.tt at time zone '${JAKARTA}') at time zone '${JAKARTA}' + interval '26 hours'
            end as settled_at) st
        returning id)
      select min(id) as first, max(id) as last from inserted`,
      [channelBands, hourBands, clientBands, from, to, Number(existing)],
    );
    const t1 = performance.now();
    // Each chunk is credited (and its released pay-ins moved to withdrawable) in one transaction,
    // as seedPayins does for its whole load, so a chunk's entries and balances land together.
    const range = sql`t.id between ${Number(span.first)} and ${Number(span.last)}`;
    await db.transaction(async (tx) => {
      // Per row, the postings' foreign keys and the deferred 'entry sums to zero' trigger cost
      // 0.3 ms each: 70 % of the load. They are skipped here (replica mode, this transaction only)
      // and the same guarantees are proved over the whole ledger, set-based, once the load is done.
      await tx.execute(sql`set local session_replication_role = replica`);
      await bulkCreditPayins(tx as unknown as Db, range);
      await bulkReleaseToWithdrawable(tx as unknown as Db, sql`${range} and t.withdrawable_at is not null`);
    });
    const t2 = performance.now();
    insertMs += t1 - t0;
    ledgerMs += t2 - t1;
    done += to - from + 1;
    log(
      `pay-ins: ${done.toLocaleString('en-US')} of ${rows.toLocaleString('en-US')} loaded (this chunk: insert ` +
        `${((t1 - t0) / 1000).toFixed(1)} s, ledger ${((t2 - t1) / 1000).toFixed(1)} s)`,
    );
  };
  // One PostgreSQL backend uses one core: a loader per core, each taking the next chunk.
  const worker = async () => {
    while (next <= rows) {
      const from = next;
      next += CHUNK;
      await loadChunk(from);
    }
  };
  await Promise.all(Array.from({ length: LOADERS }, worker));
  const v0 = performance.now();
  // VACUUM as well as ANALYZE: it sets the visibility map as autovacuum soon would in production,
  // and keeps autovacuum from kicking in halfway through the measurements.
  for (const table of [
    'transactions',
    'journal_entries',
    'postings',
    'transaction_hourly_totals',
    'transaction_daily_totals',
  ]) {
    await raw.query(`vacuum (analyze) ${table}`);
  }
  const end = performance.now();
  return {
    seconds: (end - started) / 1000,
    insertSeconds: insertMs / 1000,
    ledgerSeconds: ledgerMs / 1000,
    vacuumSeconds: (end - v0) / 1000,
    loaders: LOADERS,
  };
}
