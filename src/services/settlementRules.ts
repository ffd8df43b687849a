import * as v from 'valibot';
import { DateTimeParam, IdParam } from './listQuery';
import { SETTLEMENT_TYPES, SETTLEMENT_TYPE_LABELS } from './reconciliationRules';

/**
 * Settlement (spec sections 2 and 7, issue 13): the FINALIZED pay-ins of one settlement type in a
 * window, summed per client and service, and the run that settles them. One schema per rule: the
 * settlement machine's guards, the API client and the routes all read these.
 */
export { SETTLEMENT_TYPES, SETTLEMENT_TYPE_LABELS };
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const INVALID_SETTLEMENT_RANGE = 'Invalid Date Range';
/** The spec's empty text; also the answer to settling a window with nothing left to settle. */
export const NOTHING_TO_SETTLE = 'No Transaction Can Be Settled. Please Select Other Type Or Date';
export const SETTLEMENT_STARTED = 'Settlement started';
/** A second press on a window whose run is still under way joins that run instead of starting one. */
export const SETTLEMENT_ALREADY_RUNNING = 'This settlement is already running';
/** The socket event carrying a SettlementRun each time a batch commits and when the run ends. */
export const SETTLEMENT_PROGRESS_EVENT = 'settlement-progress';

const SettlementTypeParam = v.picklist(SETTLEMENT_TYPES, `type must be one of ${SETTLEMENT_TYPES.join(', ')}`);

/**
 * type, start and end as typed on the business clock ('YYYY-MM-DD HH:mm', end minute included); an
 * end before the start is refused. The query of GET transaction/get-settlement-status and the body
 * of POST transaction/update-settlement-v2.
 */
export const SettlementWindowSchema = v.pipe(
  v.strictObject({ type: SettlementTypeParam, start: DateTimeParam, end: DateTimeParam }),
  v.forward(
    v.check((w) => w.start <= w.end, INVALID_SETTLEMENT_RANGE),
    ['end'],
  ),
);
export type SettlementWindow = v.InferOutput<typeof SettlementWindowSchema>;

/** GET transaction/settlement-run?id= and GET transaction/settlement-report?run_id= */
export const SettlementRunQuery = v.strictObject({ id: IdParam });
export const SettlementReportQuery = v.strictObject({ run_id: IdParam });

/** One client and service of a window's FINALIZED pay-ins (spec section 6, Settlement row). */
export interface SettlementRow {
  client_id: number;
  client_name: string;
  service_name: string;
  total_transaction: number;
  total_transaction_amount: number;
  total_fee_amount: number;
  /** amount minus fee: what settling moves to the withdrawable balance. */
  total_amount: number;
}

export const SETTLEMENT_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type SettlementRunStatus = (typeof SETTLEMENT_RUN_STATUSES)[number];

/**
 * A recorded settlement: who pressed, which type and window, what was there to settle when they
 * pressed (total_*), what this run settled so far (settled_*), and how it ended.
 */
export interface SettlementRun {
  id: number;
  type: SettlementType;
  start: string;
  end: string;
  requested_by: string;
  status: SettlementRunStatus;
  total_transaction: number;
  total_amount: number;
  settled_transaction: number;
  settled_transaction_amount: number;
  settled_fee_amount: number;
  /** Net of the pay-ins this run settled (amount minus fee). */
  settled_amount: number;
  /** What actually moved to withdrawable: less than settled_amount when some had been added by hand before. */
  moved_amount: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

/** What update-settlement-v2 answers: the run that now settles the window, and whether it was already running. */
export interface SettlementStarted {
  run: SettlementRun;
  joined: boolean;
}

/** The rows' totals, for the confirmation ('Settle All Transactions' with the count and the total). */
export function settlementTotals(rows: SettlementRow[]) {
  return rows.reduce(
    (t, r) => ({
      count: t.count + r.total_transaction,
      amount: t.amount + r.total_transaction_amount,
      fee: t.fee + r.total_fee_amount,
      net: t.net + r.total_amount,
    }),
    { count: 0, amount: 0, fee: 0, net: 0 },
  );
}
