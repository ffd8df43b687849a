import { sql, type SQL } from 'drizzle-orm';
import { allows, nextPayinStatus, type PayinEvent } from '../../src/machines/lifecycle/payinLifecycle.ts';
import { TRANSACTION_STATUSES } from '../../src/services/payinQuery.ts';
import {
  NOTHING_TO_SETTLE,
  settlementChanged,
  type SettlementRow,
  type SettlementRun,
  type SettlementType,
  type SettlementWindow,
} from '../../src/services/settlementRules.ts';
import type { Db } from '../db/connect.ts';
import type { TransactionStatus, UserType } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { conflict, notAllowed, notFound, ruleBroken } from './errors.ts';
import { audit } from './audit.ts';
import type { RequestOrigin } from './authentication.ts';
import type { Principal } from './principal.ts';
import { windowBounds } from './businessWindow.ts';
import { isoTime } from '../db/pgTime.ts';
import { msg } from '../../src/i18n/msg.ts';

/**
 * What SETTLE does by the pay-in lifecycle for this channel and role: the statuses it settles
 * from and the one it leads to, or null when the lifecycle refuses the role. The SQL below reads
 * its status words from here, so the machine stays the definition the server applies.
 */
export function settleStep(
  type: SettlementType,
  role: UserType,
): { from: TransactionStatus[]; to: TransactionStatus } | null {
  const event: PayinEvent = { type: 'SETTLE', role };
  const facts = [false, true].map((addedToWithdrawable) => ({ channel: type, addedToWithdrawable }));
  const from = TRANSACTION_STATUSES.filter((status) => facts.some((f) => allows(status, f, event)));
  if (from.length === 0) return null;
  const to = nextPayinStatus(from[0], facts[0], event)!;
  return { from: [...from], to };
}

/** A settlement window: the type and its [from, until) instants as SQL expressions. */
export interface WindowKey {
  type: SettlementType;
  from: SQL;
  until: SQL;
}

export const literal = (words: readonly string[]) => sql.raw(words.map((w) => `'${w.replace(/'/g, "''")}'`).join(', '));

/**
 * The pay-ins a window settles, over `transactions t`. Status words are written as literals (from
 * our own list) so the planner can use the partial index on FINALIZED pay-ins.
 */
export function settleableWhere(key: WindowKey, from: readonly TransactionStatus[]): SQL {
  return sql`t.type = ${key.type} and t.status in (${literal(from)})
    and t.transaction_time >= ${key.from} and t.transaction_time < ${key.until}`;
}

/** The window typed on the business clock as instants (the Payments List's very bounds, end minute included). */
export const windowKey = (w: SettlementWindow, timeZone: string): WindowKey => ({
  type: w.type,
  ...windowBounds(w.start, w.end, timeZone),
});

function stepFor(principal: Principal, type: SettlementType) {
  const step = settleStep(type, principal.type);
  if (!step) throw notAllowed();
  return step;
}

/** Pay-ins counted and summed per client and service, as the database answers them (the sums as text). */
export type ServiceTotals = {
  client_name: string;
  service_name: string;
  n: string;
  amount: string;
  fee: string;
};

/** GET get-settlement-status: the window's settleable pay-ins per client and service. */
export async function settlementRows(
  db: Db,
  principal: Principal,
  w: SettlementWindow,
  timeZone: string,
): Promise<SettlementRow[]> {
  const step = stepFor(principal, w.type);
  const { rows } = await db.execute<ServiceTotals & { client_id: number }>(sql`
    select t.client_id, c.client_name, t.service_type as service_name, count(*) as n, sum(t.amount) as amount,
      sum(t.fee_amount) as fee
    from transactions t join clients c on c.id = t.client_id
    where ${settleableWhere(windowKey(w, timeZone), step.from)}
    group by t.client_id, c.client_name, t.service_type
    order by c.client_name, t.service_type`);
  return rows.map((r) => ({
    client_id: Number(r.client_id),
    client_name: r.client_name,
    service_name: r.service_name,
    total_transaction: Number(r.n),
    total_transaction_amount: Number(r.amount),
    total_fee_amount: Number(r.fee),
    total_amount: Number(r.amount) - Number(r.fee),
  }));
}

type RunRecord = {
  id: number;
  type: SettlementType;
  window_start: string;
  window_end: string;
  requested_by_name: string;
  status: SettlementRun['status'];
  total_count: number;
  total_amount: string;
  settled_count: number;
  settled_amount: string;
  settled_fee: string;
  moved_amount: string;
  error: string | null;
  started_at: Date | string;
  finished_at: Date | string | null;
};

const toRun = (r: RunRecord): SettlementRun => ({
  id: Number(r.id),
  type: r.type,
  start: r.window_start,
  end: r.window_end,
  requested_by: r.requested_by_name,
  status: r.status,
  total_transaction: Number(r.total_count),
  total_amount: Number(r.total_amount),
  settled_transaction: Number(r.settled_count),
  settled_transaction_amount: Number(r.settled_amount),
  settled_fee_amount: Number(r.settled_fee),
  settled_amount: Number(r.settled_amount) - Number(r.settled_fee),
  moved_amount: Number(r.moved_amount),
  error: r.error,
  started_at: isoTime(r.started_at)!,
  finished_at: isoTime(r.finished_at),
});

const runColumns = sql`r.id, r.type, r.window_start, r.window_end, u.name as requested_by_name, r.status,
  r.total_count, r.total_amount,
  r.settled_count, r.settled_amount, r.settled_fee, r.moved_amount, r.error, r.started_at, r.finished_at`;

/** One run as the API shows it, or null. */
export async function findRun(db: Db, id: number): Promise<SettlementRun | null> {
  const { rows } = await db.execute<RunRecord>(
    sql`select ${runColumns} from settlement_runs r join users u on u.id = r.requested_by where r.id = ${id}`,
  );
  return rows[0] ? toRun(rows[0]) : null;
}

export async function settlementRun(db: Db, id: number): Promise<SettlementRun> {
  const run = await findRun(db, id);
  if (!run) throw notFound(msg({ defaultMessage: 'Settlement not found', id: 'YvO69i' }));
  return run;
}

/** The latest runs, newest first: the screen's 'Recent settlements'. */
export async function recentRuns(db: Db, limit = 10): Promise<SettlementRun[]> {
  const { rows } = await db.execute<RunRecord>(
    sql`select ${runColumns} from settlement_runs r join users u on u.id = r.requested_by
      order by r.started_at desc, r.id desc limit ${limit}`,
  );
  return rows.map(toRun);
}

async function runningRunId(db: Db, key: WindowKey): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(sql`
    select id from settlement_runs where status = 'running'
      and type = ${key.type} and from_time = ${key.from} and until_time = ${key.until}`);
  return rows[0] ? Number(rows[0].id) : null;
}

/**
 * The press of 'Settle All Transactions': records a run of the window and answers it, or the run
 * already settling exactly this window (a second press joins it; the partial unique index keeps
 * one running per window however many presses race). Nothing left to settle is ruleBroken. The caller
 * queues the job for a new run (see settlementJob.ts); no money moves here.
 */
export async function recordSettlementRun(
  db: Db,
  principal: Principal,
  w: SettlementWindow,
  timeZone: string,
  origin: RequestOrigin,
  expected: { count: number; amount: number } | null = null,
): Promise<{ runId: number; joined: boolean }> {
  const step = stepFor(principal, w.type);
  const key = windowKey(w, timeZone);
  return inTransaction(db, async (tx) => {
    const [totals] = (
      await tx.execute<{ n: number; net: string }>(sql`
      select count(*)::int as n, coalesce(sum(t.amount - t.fee_amount), 0) as net from transactions t
        where ${settleableWhere(key, step.from)}`)
    ).rows;
    if (Number(totals.n) === 0) {
      const running = await runningRunId(tx, key);
      if (running != null) return { runId: running, joined: true };
      throw ruleBroken(NOTHING_TO_SETTLE);
    }
    // The rows the person confirmed (issue 44): a window that would now settle other figures starts no run.
    const changed = expected && settlementChanged({ count: Number(totals.n), amount: Number(totals.net) }, expected);
    if (changed) throw conflict(changed);
    const { rows } = await tx.execute<{ id: number }>(sql`
      insert into settlement_runs (type, window_start, window_end, from_time, until_time, requested_by, total_count,
        total_amount)
      values (${w.type}, ${w.start}, ${w.end}, ${key.from}, ${key.until}, ${principal.id}, ${Number(totals.n)},
        ${Number(totals.net)})
      on conflict (type, from_time, until_time) where status = 'running' do nothing
      returning id`);
    if (!rows[0]) {
      const running = await runningRunId(tx, key);
      if (running == null) throw new Error('settlement run conflict without a running run');
      return { runId: running, joined: true };
    }
    const runId = Number(rows[0].id);
    await audit(tx, {
      actorUserId: principal.id,
      actorEmail: principal.email,
      action: 'settlement.start',
      objectType: 'settlement_run',
      objectId: runId,
      outcome: 'success',
      ip: origin.ip,
      detail: { type: w.type, start: w.start, end: w.end, count: Number(totals.n), net: Number(totals.net) },
    });
    return { runId, joined: false };
  });
}
