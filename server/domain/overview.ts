import { sql } from 'drizzle-orm';
import type * as v from 'valibot';
import type {
  ClientBalance,
  DailyVolume,
  DayFigures,
  Overview,
  OverviewQuery,
  PendingFigures,
  SettlementFigure,
} from '../../src/services/overviewRules.ts';
import { routes } from '../../src/services/routes.ts';
import { SETTLEMENT_TYPES } from '../../src/services/settlementRules.ts';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../src/services/payinQuery.ts';
import { WAITING, WAITING_STATUSES } from '../../src/services/workOrders.ts';
import type { Db } from '../db/connect.ts';
import { dayTotals, lastBusinessDays, type DayStatusTotals } from './dayTotals.ts';
import { defaultDisbursementWindow, scopedDisbursementFilter, disbursementTotalsQuery } from './disbursementList.ts';
import { decidesApprovals, grants, mayCall, SUPER_ADMIN } from './grants.ts';
import type { Totals } from './paymentsList.ts';
import type { Principal } from './principal.ts';
import { settleStep } from './settlement.ts';
import { businessDay, filterClientIds } from './payinFilter.ts';

/** Withdrawal History's default window, the last 14 days (paymentsBalanceMachine's DEFAULT_DAYS). */
const WITHDRAWAL_HISTORY_DAYS = 14;

/** The chart's length: two weeks of business days, today the last. */
export const OVERVIEW_DAYS = 14;

/** Pay-ins that reached FINALIZED: settling moves them on to SETTLED (payinLifecycle), still a success. */
const SUCCEEDED = new Set(['FINALIZED', 'SETTLED']);

/** A shared status list as SQL: the constants of WAITING_STATUSES, written into the statement. */
const statusList = (statuses: readonly string[]) => sql.raw(`(${statuses.map((st) => `'${st}'`).join(', ')})`);

const inScope = (column: string, clientIds: number[] | null) =>
  clientIds === null ? sql`true` : clientIds.length ? sql.raw(`${column} in (${clientIds.join(',')})`) : sql`false`;

/** Today's or yesterday's tile: its FINALIZED pay-ins, per channel in the lists' channel order, and the day's success rate. */
export function dayFigures(day: string, totals: DayStatusTotals[]): DayFigures {
  const ofDay = totals.filter((t) => t.day === day);
  const finalized = ofDay.filter((t) => t.status === 'FINALIZED');
  const sum = (rows: DayStatusTotals[], key: 'count' | 'amount' | 'fee') => rows.reduce((s, r) => s + r[key], 0);
  const all = sum(ofDay, 'count');
  const channels = [...new Set(finalized.map((t) => t.type))];
  const order = (type: string) => {
    const i = (TRANSACTION_TYPES as readonly string[]).indexOf(type);
    return i < 0 ? TRANSACTION_TYPES.length : i;
  };
  return {
    day,
    finalized_count: sum(finalized, 'count'),
    finalized_amount: sum(finalized, 'amount'),
    fee: sum(finalized, 'fee'),
    by_channel: channels
      .sort((a, b) => order(a) - order(b) || a.localeCompare(b))
      .map((channel) => {
        const rows = finalized.filter((t) => t.type === channel);
        return { channel, count: sum(rows, 'count'), amount: sum(rows, 'amount') };
      })
      .filter((c) => c.count !== 0),
    success_rate:
      all === 0
        ? 0
        : sum(
            ofDay.filter((t) => SUCCEEDED.has(t.status)),
            'count',
          ) / all,
  };
}

/** Each day's count and amount per status: every known status, in the lists' order (0 where none). */
export function dailyVolumes(days: string[], totals: DayStatusTotals[]): DailyVolume[] {
  return days.map((day) => ({
    day,
    by_status: TRANSACTION_STATUSES.map((status) => {
      const rows = totals.filter((t) => t.day === day && t.status === status);
      return {
        status,
        count: rows.reduce((s, r) => s + r.count, 0),
        amount: rows.reduce((s, r) => s + r.amount, 0),
      };
    }),
  }));
}

/**
 * Per settlement type, yesterday's window as the settlement screen opens it: how many pay-ins of
 * it a settlement would still take (the statuses the lifecycle settles from), settled when none.
 */
export function settlementFigures(yesterday: string, totals: DayStatusTotals[]): SettlementFigure[] {
  return SETTLEMENT_TYPES.map((type) => {
    const from: readonly string[] = settleStep(type, SUPER_ADMIN)?.from ?? [];
    const unsettled = totals
      .filter((t) => t.day === yesterday && t.type === type && from.includes(t.status))
      .reduce((s, t) => s + t.count, 0);
    return {
      type,
      window: { start: `${yesterday} 00:00`, end: `${yesterday} 23:59` },
      settled: unsettled === 0,
      unsettled_count: unsettled,
    };
  });
}

/** The clients' balances as Payments Balance shows them, one row per client of the scope, by name. */
async function clientBalances(db: Db, clientIds: number[] | null): Promise<ClientBalance[]> {
  const { rows } = await db.execute<{
    id: number;
    client_name: string;
    nonwithdrawable: string;
    withdrawable: string;
    disbursement: string;
  }>(sql`select c.id, c.client_name,
      coalesce(sum(a.balance) filter (where a.kind = 'nonwithdrawable'), 0) as nonwithdrawable,
      coalesce(sum(a.balance) filter (where a.kind = 'withdrawable'), 0) as withdrawable,
      coalesce(sum(a.balance) filter (where a.kind = 'disbursement'), 0) as disbursement
    from clients c left join ledger_accounts a on a.client_id = c.id
    where ${inScope('c.id', clientIds)}
    group by c.id, c.client_name order by c.client_name, c.id`);
  return rows.map((r) => ({
    client_id: Number(r.id),
    client_name: r.client_name,
    nonwithdrawable: Number(r.nonwithdrawable),
    withdrawable: Number(r.withdrawable),
    disbursement: Number(r.disbursement),
  }));
}

/**
 * GET overview: what needs the caller today, within their client scope (and the clients they name,
 * each checked against it as the lists do). Every figure is one the lists answer too: the days
 * from the pay-in rollups (dayTotals.ts), balances as Payments Balance sums them. What waits for a
 * decision is counted as the bell counts it (issue 45: workOrders.ts's WAITING_STATUSES, every age):
 * disbursements as the Disbursement List counts `status=WAITING` from the day of the oldest one
 * waiting (or its default window's first day, if later), withdrawals as Withdrawal History of every
 * client counts `status=PENDING`, approvals the caller may decide (not their own, as the bell's work
 * orders go to every SUPER ADMIN but the maker). What the caller may not see is null.
 */
export async function overview(
  db: Db,
  principal: Principal,
  query: v.InferOutput<typeof OverviewQuery>,
  timeZone: string,
): Promise<Overview> {
  const asOf = new Date().toISOString();
  const clientIds = await filterClientIds(db, principal, query.client_id);
  const days = lastBusinessDays(timeZone, OVERVIEW_DAYS);
  const [today, yesterday] = [days[days.length - 1], days[days.length - 2]];
  const decides = decidesApprovals(principal);
  const readsSettlement = grants(principal, routes.settlementStatus.access);
  // Callback work orders go to whoever can resend the callback (workOrderEvents.callbackFailed).
  const seesCallbacks = mayCall(principal, routes.resendCallback);
  // One snapshot for every figure, so the tiles agree with each other whatever commits meanwhile.
  const read = async (tx: Db) => {
    // The 14 days' windows, when read from the hour buckets (a zone the business-day buckets do not
    // hold, a day the clocks change on: dayTotals.ts), are columns of a join, so the planner guesses
    // their ranges and costs the statement thousands of times over its work: PostgreSQL would
    // JIT-compile it, about 0.9 s at 1,000,000 pay-ins, to save nothing on a few thousand bucket rows.
    await tx.execute(sql`set local jit = off`);
    const totals = await dayTotals(tx, days, clientIds, timeZone);
    // The three plain counts in one statement: on a busy machine each round trip waits its turn.
    const [counts] = (
      await tx.execute<{
        withdrawals: string | number;
        approvals: string | number | null;
        callbacks: string | number | null;
        oldest: string | null;
        oldest_withdrawal: string | null;
      }>(
        sql`select
          (select count(*) from withdrawals w where w.status in ${statusList(WAITING_STATUSES.withdrawal)}
            and ${inScope('w.client_id', clientIds)}) as withdrawals,
          ${
            decides
              ? sql`(select count(*) from approval_requests where status in ${statusList(WAITING_STATUSES.approval)}
                  and maker_id <> ${principal.id})`
              : sql`null`
          } as approvals,
          ${
            seesCallbacks
              ? sql`(select count(distinct n.item_ref) from notifications n where n.item_kind = 'callback'
                  and n.status = 'OPEN' and ${inScope("(n.item->>'client_id')::int", clientIds)})`
              : sql`null`
          } as callbacks,
          (select to_char(min(d.transaction_time) at time zone ${timeZone}, 'YYYY-MM-DD') from disbursements d
            where d.status in ${statusList(WAITING_STATUSES.disbursement)} and ${inScope('d.client_id', clientIds)}
          ) as oldest,
          (select to_char(min(w.withdrawal_time) at time zone ${timeZone}, 'YYYY-MM-DD') from withdrawals w
            where w.status in ${statusList(WAITING_STATUSES.withdrawal)} and ${inScope('w.client_id', clientIds)}
          ) as oldest_withdrawal`,
      )
    ).rows;
    const countOrNull = (n: string | number | null) => (n === null ? null : Number(n));
    const withdrawals = Number(counts.withdrawals);
    const approvals = countOrNull(counts.approvals);
    const callbacks = countOrNull(counts.callbacks);
    // The Disbursement List's own count, by its own filter from the oldest waiting one's day: the
    // tile opens exactly these rows, however old (a waiting disbursement may predate any preset).
    const defaultStart = defaultDisbursementWindow(timeZone).start.slice(0, 10);
    const since = counts.oldest && counts.oldest < defaultStart ? counts.oldest : defaultStart;
    const { where } = await scopedDisbursementFilter(
      tx,
      principal,
      { client_id: query.client_id, status: WAITING, search_by: 'correlation_id', start: `${since} 00:00` },
      timeZone,
    );
    const disbursements = Number((await tx.execute<Totals>(disbursementTotalsQuery(where))).rows[0].n);
    const balances = await clientBalances(tx, clientIds);
    // Withdrawal History's window as the tile opens it: from the oldest PENDING one's day, or the page's
    // default (the last 14 days) if that reaches further back; to today. The count has no window: every one.
    const defaultWithdrawalStart = businessDay(timeZone, WITHDRAWAL_HISTORY_DAYS);
    const withdrawalsSince =
      counts.oldest_withdrawal && counts.oldest_withdrawal < defaultWithdrawalStart
        ? counts.oldest_withdrawal
        : defaultWithdrawalStart;
    return { totals, withdrawals, withdrawalsSince, disbursements, since, approvals, balances, callbacks };
  };
  const { totals, withdrawals, withdrawalsSince, disbursements, since, approvals, balances, callbacks } =
    await db.transaction((tx) => read(tx as unknown as Db), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
  const pending: PendingFigures = {
    withdrawals,
    withdrawals_since: withdrawalsSince,
    disbursements,
    disbursements_since: since,
    approvals,
  };
  return {
    as_of: asOf,
    today: dayFigures(today, totals),
    yesterday: dayFigures(yesterday, totals),
    daily: dailyVolumes(days, totals),
    pending,
    balances,
    settlement: readsSettlement ? settlementFigures(yesterday, totals) : null,
    callbacks_failed: callbacks,
  };
}
