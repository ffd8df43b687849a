import * as v from 'valibot';
import { WholeNumber } from './answerParts';
import { formatRupiah } from './money';
import { DISBURSEMENT_STATUSES, DisbursementRow, VoidOutcome, type DisbursementStatusName } from './disbursementQuery';

/**
 * What the Disbursement List's row actions and void upload answer, beside the contract in
 * disbursementQuery.ts and the lifecycle's DISBURSEMENT_INVALID_STATUS / DISBURSEMENT_INVALID_VOID.
 */
export const DISBURSEMENT_NO_INVOICE = 'Invalid Status: Only FINALIZED disbursements have an invoice';
export const DISBURSEMENT_NOT_RELEASED =
  'Invalid Status: Only REJECTED, FAILED or VOIDED disbursements can be added to withdrawable balance';
export const DISBURSEMENT_ALREADY_WITHDRAWABLE = 'Disbursement has already been added to withdrawable balance';
export const DISBURSEMENT_ADDED_TO_WITHDRAWABLE = 'Disbursement has been added to withdrawable balance';
export const DISBURSEMENT_NOT_FOUND = 'Disbursement not found';
export const INVOICE_GENERATED = 'Invoice Have Been Generated';

/** The auto-update's message: 'Status updated to FINALIZED' or 'Status unchanged: PENDING'. */
export const statusAnswerMessage = (a: { changed: boolean; status: DisbursementStatusName }) =>
  a.changed ? `Status updated to ${a.status}` : `Status unchanged: ${a.status}`;

/** PATCH transaction/get-status-disbursement's data. */
export const DisbursementStatusAnswer = v.strictObject({
  status: v.picklist(DISBURSEMENT_STATUSES),
  previous_status: v.picklist(DISBURSEMENT_STATUSES),
  changed: v.boolean(),
  /** What the provider said: PENDING, FINALIZED or FAILED. */
  provider_status: v.picklist(['PENDING', 'FINALIZED', 'FAILED']),
  row: DisbursementRow,
});
export type DisbursementStatusAnswer = v.InferOutput<typeof DisbursementStatusAnswer>;

/**
 * POST transaction/disbursement-check-transaction's data: every row's outcome, the counts, and the
 * money: what came back to the disbursement balance (amount + fee of the rows voided), or, for a
 * dry run (`dry_run: true`, rows `would_void`), what would come back. A dry run changes nothing.
 */
export const VoidUploadResult = v.strictObject({
  dry_run: v.boolean(),
  summary: v.strictObject({
    rows: WholeNumber,
    voided: WholeNumber,
    would_void: WholeNumber,
    not_found: WholeNumber,
    not_finalized: WholeNumber,
    already_voided: WholeNumber,
    /** Rows naming a correlation_id an earlier row named: each disbursement is counted by its first row only. */
    duplicate: WholeNumber,
  }),
  total: v.strictObject({ count: WholeNumber, amount: WholeNumber }),
  results: v.array(VoidOutcome),
  /** A dry run's only: whether applying this file would wait for a second SUPER ADMIN (the approval policy). */
  needs_approval: v.optional(v.boolean()),
});
export type VoidUploadResult = v.InferOutput<typeof VoidUploadResult>;

/** The multipart field that asks for the preview; absent (or 'false') applies. */
export const VOID_DRY_RUN_FIELD = 'dry_run';
export const VOID_DRY_RUN_INVALID = "dry_run must be 'true' or 'false'";
/** The apply's fields naming what the preview said would void (issue 44): the screen always sends both. */
export const VOID_EXPECTED_COUNT_FIELD = 'expected_count';
export const VOID_EXPECTED_AMOUNT_FIELD = 'expected_amount';
export const VOID_EXPECTED_BOTH = 'expected_count and expected_amount go together: send both from the preview';

// Multipart fields are text: digits only, read as a whole number.
const WholeField = (field: string) =>
  v.optional(
    v.pipe(
      v.string(`${field} must be a whole number`),
      v.regex(/^\d{1,15}$/, `${field} must be a whole number`),
      v.transform(Number),
    ),
  );

/**
 * The void upload's text fields. The spec's call is the file alone, so an API client may apply without the
 * expectations (every row is still checked under its lock); the screen sends the preview's count and amount, and
 * the apply is refused (409, nothing moves) when the file would now void other figures.
 */
export const VoidUploadFields = v.pipe(
  v.object({
    [VOID_DRY_RUN_FIELD]: v.optional(v.picklist(['true', 'false'], VOID_DRY_RUN_INVALID)),
    [VOID_EXPECTED_COUNT_FIELD]: WholeField(VOID_EXPECTED_COUNT_FIELD),
    [VOID_EXPECTED_AMOUNT_FIELD]: WholeField(VOID_EXPECTED_AMOUNT_FIELD),
  }),
  v.check((f) => (f.expected_count === undefined) === (f.expected_amount === undefined), VOID_EXPECTED_BOTH),
);
export type VoidUploadFields = v.InferOutput<typeof VoidUploadFields>;

const rowsFor = (figures: { count: number; amount: number }) =>
  `${figures.count.toLocaleString('en-US')} ${figures.count === 1 ? 'row' : 'rows'} for ${formatRupiah(figures.amount)}`;

/** The 409 when the file would now void other figures than the preview the person confirmed; null when the same. */
export function voidFileChanged(
  now: { count: number; amount: number },
  expected: { count: number; amount: number },
): string | null {
  if (now.count === expected.count && now.amount === expected.amount) return null;
  return `The file now voids ${rowsFor(now)}, not the ${rowsFor(expected)} you previewed. Preview it again.`;
}

/** The answer's message: what each row did, or would do. */
export function voidUploadMessage(r: Pick<VoidUploadResult, 'dry_run' | 'summary'>): string {
  const s = r.summary;
  // Named only when there are any, so the words for a file without repeats stay as they were.
  const twice = s.duplicate ? `, ${s.duplicate} named twice in the file` : '';
  const rest = `${s.not_found} not found, ${s.not_finalized} not FINALIZED, ${s.already_voided} already voided${twice}`;
  return r.dry_run
    ? `${s.rows} rows checked: ${s.would_void} would be voided, ${rest}; nothing changed`
    : `${s.rows} rows checked: ${s.voided} voided, ${rest}`;
}
