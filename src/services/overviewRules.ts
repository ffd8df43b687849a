import * as v from 'valibot';
import { idList } from './listQuery';

/**
 * Issue 29: the overview, "what needs me today", in the caller's client scope. Built from the
 * rollups (transaction_daily_totals, disbursement totals, balances), never by scanning pay-ins.
 * Today's finalized count and amount equal `transaction/summary` for today's window, status FINALIZED.
 */

/** One channel's finalized pay-ins of a day (payment_method ids of payinQuery). */
export const ChannelFigure = v.strictObject({ channel: v.string(), count: v.number(), amount: v.number() });
export type ChannelFigure = v.InferOutput<typeof ChannelFigure>;

/** A business day's finalized figures. `success_rate` is finalized ÷ every pay-in of the day (0 when none), 0..1. */
export const DayFigures = v.strictObject({
  /** The business day, YYYY-MM-DD. */
  day: v.string(),
  finalized_count: v.number(),
  finalized_amount: v.number(),
  fee: v.number(),
  by_channel: v.array(ChannelFigure),
  success_rate: v.number(),
});
export type DayFigures = v.InferOutput<typeof DayFigures>;

/** One business day of the 14-day chart: count and amount per pay-in status. */
export const DailyVolume = v.strictObject({
  day: v.string(),
  by_status: v.array(v.strictObject({ status: v.string(), count: v.number(), amount: v.number() })),
});
export type DailyVolume = v.InferOutput<typeof DailyVolume>;

/** What waits for a decision in the caller's scope; `approvals` is null for whoever cannot decide them. */
export const PendingFigures = v.strictObject({
  /** PENDING withdrawals of every client of the scope, as Withdrawal History's All clients counts them. */
  withdrawals: v.number(),
  /**
   * The first business day (YYYY-MM-DD) of the history window the tile opens: the oldest PENDING
   * withdrawal's, or the page's default window's first day (14 days ago) if that is earlier.
   */
  withdrawals_since: v.string(),
  /**
   * Waiting disbursements (PENDING_REQUEST and PENDING: workOrders.ts's WAITING_STATUSES) as the
   * Disbursement List counts `status=WAITING` from `disbursements_since` to today: every one, however old.
   */
  disbursements: v.number(),
  /**
   * The first business day (YYYY-MM-DD) of that window: the oldest waiting disbursement's, or the
   * list's default window's first day if that is earlier. The tile's link names it.
   */
  disbursements_since: v.string(),
  approvals: v.nullable(v.number()),
});
export type PendingFigures = v.InferOutput<typeof PendingFigures>;

export const ClientBalance = v.strictObject({
  client_id: v.number(),
  client_name: v.string(),
  /** As Payments Balance shows them. */
  nonwithdrawable: v.number(),
  withdrawable: v.number(),
  disbursement: v.number(),
});
export type ClientBalance = v.InferOutput<typeof ClientBalance>;

/** Whether yesterday's settlement window is settled for a settlement type (SETTLEMENT_TYPES). */
export const SettlementFigure = v.strictObject({
  type: v.string(),
  /** Yesterday's window, as the settlement screen names it. */
  window: v.strictObject({ start: v.string(), end: v.string() }),
  settled: v.boolean(),
  /** FINALIZED pay-ins of the window still waiting to settle. */
  unsettled_count: v.number(),
});
export type SettlementFigure = v.InferOutput<typeof SettlementFigure>;

export const Overview = v.strictObject({
  /** When the figures were read, ISO 8601. */
  as_of: v.string(),
  today: DayFigures,
  yesterday: DayFigures,
  /** The last 14 business days, oldest first, today last. */
  daily: v.array(DailyVolume),
  pending: PendingFigures,
  balances: v.array(ClientBalance),
  /** Null where the caller cannot read settlement (not SUPER ADMIN or AUDITOR). */
  settlement: v.nullable(v.array(SettlementFigure)),
  /** Open callback work orders; null where the caller cannot see work orders. */
  callbacks_failed: v.nullable(v.number()),
});
export type Overview = v.InferOutput<typeof Overview>;

/** `GET /api/backoffice/overview` takes only a client filter, as the lists do (comma-joined ids, within scope). */
export const OverviewQuery = v.strictObject({
  client_id: v.optional(idList),
});
