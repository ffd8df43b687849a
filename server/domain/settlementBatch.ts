import { sql } from 'drizzle-orm';
import type { SettlementRunStatus, SettlementType } from '../../src/services/settlementRules.ts';
import type { Db } from '../db/connect.ts';
import type { UserType } from '../db/schema.ts';
import { inTransaction } from '../db/transaction.ts';
import { audit } from './audit.ts';
import { auditWithItems } from './auditItems.ts';
import { settlementFailed } from './workOrderEvents.ts';
import { bulkSettle } from './payinLedgerBulk.ts';
import { literal, settleableWhere, settleStep, type WindowKey } from './settlement.ts';
import { msg } from '../../src/i18n/msg.ts';

/** A run as its worker needs it: the window as stored and who pressed (the lifecycle's role). */
export interface RunToSettle extends WindowKey {
  id: number;
  status: SettlementRunStatus;
  requestedBy: number;
  requestedByEmail: string;
  role: UserType;
}

/**
 * A batch picked a pay-in that is not in a state the run settles from (one already SETTLED, say).
 * Settling it again would count it twice and never empty the window, so the job would loop for
 * ever: the run fails at once instead, with this message (issue 30).
 */
export class SettlementStalled extends Error {
  constructor(
    readonly runId: number,
    readonly picked: number,
  ) {
    super(`Settlement run ${runId} made no progress: a batch picked ${picked} pay-in(s) it had no right to settle.`);
  }
}
export const SETTLEMENT_STALLED = msg({
  defaultMessage: 'The settlement made no progress and was stopped. Ask support to look at it.',
  id: 'JQgbeE',
});

/** A stored instant back into SQL, exactly (both drivers take the ISO text). */
const instant = (value: Date | string) => sql`${new Date(value).toISOString()}::timestamptz`;

export async function loadRunToSettle(db: Db, id: number): Promise<RunToSettle | null> {
  const { rows } = await db.execute<{
    id: number;
    type: SettlementType;
    from_time: Date | string;
    until_time: Date | string;
    status: SettlementRunStatus;
    requested_by: number;
    email: string;
    type_of_user: UserType;
  }>(sql`
    select r.id, r.type, r.from_time, r.until_time, r.status, r.requested_by, u.email, u.type as type_of_user
    from settlement_runs r join users u on u.id = r.requested_by where r.id = ${id}`);
  const r = rows[0];
  if (!r) return null;
  return {
    id: Number(r.id),
    type: r.type,
    from: instant(r.from_time),
    until: instant(r.until_time),
    status: r.status,
    requestedBy: Number(r.requested_by),
    requestedByEmail: r.email,
    role: r.type_of_user,
  };
}

/**
 * Settles up to `size` of the run's pay-ins in one database transaction: each becomes SETTLED
 * (stamped with the time and this run), its net moves nonwithdrawable > withdrawable once (a
 * pay-in already added by hand moves nothing: the ledger's unique (kind, reference) says so),
 * and the run's counters move by exactly what this batch did. Rows another run holds are skipped,
 * not waited for, so overlapping windows settle disjoint pay-ins. Returns how many it settled.
 */
export async function settleBatch(db: Db, run: RunToSettle, size: number): Promise<number> {
  const step = settleStep(run.type, run.role);
  // The lifecycle refuses the role now (the user is no longer a SUPER ADMIN): nothing more is settled.
  if (!step) return 0;
  return inTransaction(db, async (tx) => {
    // Lock this batch first (skipping what another run holds), then move the money, then the rows.
    await tx.execute(
      sql`create temp table settling (id bigint primary key, correlation_id text not null, amount bigint not null,
        fee bigint not null, credited boolean not null) on commit drop`,
    );
    // Whether each was credited is looked up per picked row (5,000 index probes), never as a join
    // over every credited pay-in.
    await tx.execute(sql`
      insert into settling (id, correlation_id, amount, fee, credited)
      select p.id, p.correlation_id, p.amount, p.fee_amount,
        exists (select 1 from journal_entries c where c.kind = 'payin.finalized' and c.reference = p.correlation_id)
      from (
        select t.id, t.correlation_id, t.amount, t.fee_amount from transactions t
          where ${settleableWhere(run, step.from)}
        order by t.type, t.transaction_time, t.id limit ${size}
        for no key update skip locked
      ) p`);
    // A temp table has no statistics until analyzed: without them the planner may scan every pay-in.
    await tx.execute(sql`analyze settling`);
    const [batch] = (
      await tx.execute<{ n: number; amount: string; fee: string }>(sql`
      select count(*)::int as n, coalesce(sum(amount), 0) as amount, coalesce(sum(fee), 0) as fee from settling`)
    ).rows;
    const n = Number(batch.n);
    if (n === 0) return 0;
    // The job's invariant, checked apart from the query that picked them: every picked pay-in is in a state
    // the run settles from, so each batch shrinks the window. Otherwise stop.
    const [stray] = (
      await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from settling s join transactions t on t.id = s.id
      where t.status not in (${literal(step.from)})`)
    ).rows;
    if (Number(stray.n) > 0) throw new SettlementStalled(run.id, Number(stray.n));
    const moved = await bulkSettle(
      tx,
      sql`status = ${step.to}, settlement_time = now(), settlement_run_id = ${run.id}`,
      run.requestedBy,
    );
    await tx.execute(sql`
      update settlement_runs set settled_count = settled_count + ${n},
        settled_amount = settled_amount + ${Number(batch.amount)},
        settled_fee = settled_fee + ${Number(batch.fee)}, moved_amount = moved_amount + ${moved.amount}
      where id = ${run.id}`);
    // The batch's own line (issue 43): each pay-in it settled is an item, so a search by one finds
    // the run and who pressed it; the line claims the batch's journal entries.
    await auditWithItems(
      tx,
      {
        actorUserId: run.requestedBy,
        actorEmail: run.requestedByEmail,
        action: 'settlement.batch',
        objectType: 'settlement_run',
        objectId: run.id,
        outcome: 'success',
        detail: {
          settled: n,
          amount: Number(batch.amount),
          fee: Number(batch.fee),
          moved: moved.amount,
          after: { status: step.to },
        },
      },
      sql`select 'transaction' as object_type, correlation_id as object_id from settling`,
    );
    return n;
  });
}

/** Whether pay-ins of the window are still to settle (including rows another run holds right now). */
export async function windowHasWork(db: Db, run: RunToSettle): Promise<boolean> {
  const step = settleStep(run.type, run.role);
  if (!step) return false;
  const { rows } = await db.execute(sql`select 1 from transactions t where ${settleableWhere(run, step.from)} limit 1`);
  return rows.length > 0;
}

/**
 * Ends a running run once (a duplicate worker finding it ended does nothing) and audits the
 * outcome; true when this call ended it.
 */
export async function finishRun(
  db: Db,
  run: RunToSettle,
  outcome: 'succeeded' | 'failed',
  error: string | null = null,
): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.execute<{
      settled_count: number;
      settled_amount: string;
      settled_fee: string;
      moved_amount: string;
      window_start: string;
      window_end: string;
    }>(sql`
      update settlement_runs set status = ${outcome}, error = ${error}, finished_at = now()
      where id = ${run.id} and status = 'running'
      returning settled_count, settled_amount, settled_fee, moved_amount, window_start, window_end`);
    if (!rows[0]) return false;
    const r = rows[0];
    if (outcome === 'failed')
      await settlementFailed(tx, {
        id: run.id,
        type: run.type,
        start: r.window_start,
        end: r.window_end,
        error: error ?? 'failed',
      });
    await audit(tx, {
      actorUserId: run.requestedBy,
      actorEmail: run.requestedByEmail,
      action: 'settlement.finish',
      objectType: 'settlement_run',
      objectId: run.id,
      outcome: outcome === 'succeeded' ? 'success' : 'failure',
      detail: {
        settled: Number(r.settled_count),
        amount: Number(r.settled_amount),
        fee: Number(r.settled_fee),
        moved: Number(r.moved_amount),
        ...(error ? { error } : {}),
      },
    });
    return true;
  });
}
