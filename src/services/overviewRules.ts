import * as v from 'valibot';
import { idList } from './listQuery';

/**
 * Issue 29: the overview, "what needs me today", in the caller's client scope. Built from the
 * rollups (transaction_daily_totals, disbursement totals, balances), never by scanning pay-ins.
 * Today's finalized count and amount equal `transaction/summary` for today's window, status FINALIZED.
 */

/** One channel's finalized pay-ins of a day (payment_method ids of transactionQuery). */
export interface ChannelFigure {
  channel: string;
  count: number;
  amount: number;
}

/** A business day's finalized figures. `success_rate` is finalized ÷ every pay-in of the day (0 when none), 0..1. */
export interface DayFigures {
  /** The business day, YYYY-MM-DD. */
  day: string;
  finalized_count: number;
  finalized_amount: number;
  fee: number;
  by_channel: ChannelFigure[];
  success_rate: number;
}

/** One business day of the 14-day chart: count and amount per pay-in status. */
export interface DailyVolume {
  day: string;
  by_status: { status: string; count: number; amount: number }[];
}

/** What waits for a decision in the caller's scope; `approvals` is null for whoever cannot decide them. */
export interface PendingFigures {
  withdrawals: number;
  /** PENDING disbursements as the Disbursement List counts them in its default window (the last 7 days). */
  disbursements: number;
  /** The first business day (YYYY-MM-DD) of that window: the tile's link may name it. */
  disbursements_since: string;
  approvals: number | null;
}

export interface ClientBalance {
  client_id: number;
  client_name: string;
  /** As Payments Balance shows them. */
  nonwithdrawable: number;
  withdrawable: number;
  disbursement: number;
}

/** Whether yesterday's settlement window is settled for a settlement type (SETTLEMENT_TYPES). */
export interface SettlementFigure {
  type: string;
  /** Yesterday's window, as the settlement screen names it. */
  window: { start: string; end: string };
  settled: boolean;
  /** FINALIZED pay-ins of the window still waiting to settle. */
  unsettled_count: number;
}

export interface Overview {
  /** When the figures were read, ISO 8601. */
  as_of: string;
  today: DayFigures;
  yesterday: DayFigures;
  /** The last 14 business days, oldest first, today last. */
  daily: DailyVolume[];
  pending: PendingFigures;
  balances: ClientBalance[];
  /** Null where the caller cannot read settlement (not SUPER ADMIN or AUDITOR). */
  settlement: SettlementFigure[] | null;
  /** Open callback work orders; null where the caller cannot see work orders. */
  callbacks_failed: number | null;
}

/** `GET /api/backoffice/overview` takes only a client filter, as the lists do (comma-joined ids, within scope). */
export const OverviewQuery = v.strictObject({
  client_id: v.optional(idList),
});
