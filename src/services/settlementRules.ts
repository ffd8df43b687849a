import { msg } from '../i18n/msg';
import { figuresChanged, type ChangedSentences, type Figures } from './figuresChanged';
import * as v from 'valibot';
import { IsoTime, WholeNumber } from './answerParts';
import { DateTimeParam, IdParam } from './listQuery';
import { SETTLEMENT_TYPES, SETTLEMENT_TYPE_LABELS } from './reconciliationRules';

/**
 * Settlement (spec sections 2 and 7, issue 13): the FINALIZED pay-ins of one settlement type in a
 * window, summed per client and service, and the run that settles them. One schema per rule: the
 * settlement machine's guards, the API client and the routes all read these.
 */
export { SETTLEMENT_TYPES, SETTLEMENT_TYPE_LABELS };
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];

export const INVALID_SETTLEMENT_RANGE = msg({ defaultMessage: 'Invalid Date Range', id: 'hIqIBr' });
/** The spec's empty text; also the answer to settling a window with nothing left to settle. */
export const NOTHING_TO_SETTLE = msg({
  defaultMessage: 'No Transaction Can Be Settled. Please Select Other Type Or Date',
  id: '0uU/H1',
});
export const SETTLEMENT_STARTED = msg({ defaultMessage: 'Settlement started', id: 'Alh4mv' });
/** A second press on a window whose run is still under way joins that run instead of starting one. */
export const SETTLEMENT_ALREADY_RUNNING = msg({ defaultMessage: 'This settlement is already running', id: '6udr+X' });
/** The socket event carrying a SettlementRun each time a batch commits and when the run ends. */
export const SETTLEMENT_PROGRESS_EVENT = 'settlement-progress';

const SettlementTypeParam = v.picklist(
  SETTLEMENT_TYPES,
  msg({ defaultMessage: 'type must be one of {types}', id: '0O3V5F' }, { types: SETTLEMENT_TYPES.join(', ') }),
);

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

const ExpectedFigure = (field: string) =>
  v.optional(
    v.pipe(
      v.number(msg({ defaultMessage: '{field} must be a whole number', id: 'G9ehJB' }, { field })),
      v.safeInteger(msg({ defaultMessage: '{field} must be a whole number', id: 'G9ehJB' }, { field })),
      v.minValue(0, msg({ defaultMessage: '{field} cannot be negative', id: 'jet0zf' }, { field })),
    ),
  );
export const SETTLE_EXPECTED_BOTH = msg({
  defaultMessage: 'expected_count and expected_amount go together: send both from the rows shown',
  id: 'ftXljh',
});

/**
 * POST transaction/update-settlement-v2: the window, and (issue 44) the count and net amount (amount minus fee) of the
 * rows the person confirmed. The spec's call is the window alone, so an API client may leave them out; the screen
 * sends them, and the press is refused (409, no run) when the window would now settle other figures.
 */
export const SettleBody = v.pipe(
  v.strictObject({
    ...SettlementWindowSchema.pipe[0].entries,
    expected_count: ExpectedFigure('expected_count'),
    expected_amount: ExpectedFigure('expected_amount'),
  }),
  v.forward(
    v.check((w) => w.start <= w.end, INVALID_SETTLEMENT_RANGE),
    ['end'],
  ),
  v.check((b) => (b.expected_count === undefined) === (b.expected_amount === undefined), SETTLE_EXPECTED_BOTH),
);
export type SettleBody = v.InferOutput<typeof SettleBody>;

/** The figures a press confirms, as the rows on screen add them up (the net amount is what settling moves). */
export const figuresOfRows = (rows: readonly { total_transaction: number; total_amount: number }[]) => ({
  count: rows.reduce((sum, r) => sum + r.total_transaction, 0),
  amount: rows.reduce((sum, r) => sum + r.total_amount, 0),
});

const SETTLEMENT_CHANGED: ChangedSentences = {
  oneWasOne: msg({
    defaultMessage:
      'The window now settles {count} pay-in for {amount}, not the {expectedCount} pay-in for {expectedAmount} you confirmed. Search it again.',
    id: 'mNIlFn',
  }),
  oneWasMany: msg({
    defaultMessage:
      'The window now settles {count} pay-in for {amount}, not the {expectedCount} pay-ins for {expectedAmount} you confirmed. Search it again.',
    id: 'Z2in0r',
  }),
  manyWasOne: msg({
    defaultMessage:
      'The window now settles {count} pay-ins for {amount}, not the {expectedCount} pay-in for {expectedAmount} you confirmed. Search it again.',
    id: 'PlXM4z',
  }),
  manyWasMany: msg({
    defaultMessage:
      'The window now settles {count} pay-ins for {amount}, not the {expectedCount} pay-ins for {expectedAmount} you confirmed. Search it again.',
    id: '0HUczc',
  }),
};

/** The 409 when the window would now settle other figures than the rows the person confirmed; null when the same. */
export function settlementChanged(now: Figures, expected: Figures): string | null {
  return figuresChanged(now, expected, SETTLEMENT_CHANGED);
}

/** GET transaction/settlement-run?id= and GET transaction/settlement-report?run_id= */
export const SettlementRunQuery = v.strictObject({ id: IdParam });
export const SettlementReportQuery = v.strictObject({ run_id: IdParam });

/** One client and service of a window's FINALIZED pay-ins (spec section 6, Settlement row). */
export const SettlementRow = v.strictObject({
  client_id: WholeNumber,
  client_name: v.string(),
  service_name: v.string(),
  total_transaction: WholeNumber,
  total_transaction_amount: WholeNumber,
  total_fee_amount: WholeNumber,
  /** amount minus fee: what settling moves to the withdrawable balance. */
  total_amount: WholeNumber,
});
export type SettlementRow = v.InferOutput<typeof SettlementRow>;

export const SETTLEMENT_RUN_STATUSES = ['running', 'succeeded', 'failed'] as const;
export type SettlementRunStatus = (typeof SETTLEMENT_RUN_STATUSES)[number];

/**
 * A recorded settlement: who pressed, which type and window, what was there to settle when they
 * pressed (total_*), what this run settled so far (settled_*), and how it ended.
 */
export const SettlementRun = v.strictObject({
  id: WholeNumber,
  type: v.picklist(SETTLEMENT_TYPES),
  /** The window as typed on the business clock ('YYYY-MM-DD HH:mm'). */
  start: v.string(),
  end: v.string(),
  requested_by: v.string(),
  status: v.picklist(SETTLEMENT_RUN_STATUSES),
  total_transaction: WholeNumber,
  total_amount: WholeNumber,
  settled_transaction: WholeNumber,
  settled_transaction_amount: WholeNumber,
  settled_fee_amount: WholeNumber,
  /** Net of the pay-ins this run settled (amount minus fee). */
  settled_amount: WholeNumber,
  /** What actually moved to withdrawable: less than settled_amount when some had been added by hand before. */
  moved_amount: WholeNumber,
  error: v.nullable(v.string()),
  started_at: IsoTime,
  finished_at: v.nullable(IsoTime),
});
export type SettlementRun = v.InferOutput<typeof SettlementRun>;

/** What update-settlement-v2 answers: the run that now settles the window, and whether it was already running. */
export const SettlementStarted = v.strictObject({ run: SettlementRun, joined: v.boolean() });
export type SettlementStarted = v.InferOutput<typeof SettlementStarted>;

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
