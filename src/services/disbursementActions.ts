import { msg } from '../i18n/msg';
import { figuresChanged, type ChangedSentences, type Figures } from './figuresChanged';
import * as v from 'valibot';
import { WholeNumber } from './answerParts';
import { DISBURSEMENT_STATUSES, DisbursementRow, VoidOutcome, type DisbursementStatusName } from './disbursementQuery';

/**
 * What the Disbursement List's row actions and void upload answer, beside the contract in
 * disbursementQuery.ts and the lifecycle's DISBURSEMENT_INVALID_STATUS / DISBURSEMENT_INVALID_VOID.
 */
export const DISBURSEMENT_NO_INVOICE = msg({
  defaultMessage: 'Invalid Status: Only FINALIZED disbursements have an invoice',
  id: 'MD943h',
});
export const DISBURSEMENT_NOT_RELEASED = msg({
  defaultMessage: 'Invalid Status: Only REJECTED, FAILED or VOIDED disbursements can be added to withdrawable balance',
  id: 'B2fgOb',
});
export const DISBURSEMENT_ALREADY_WITHDRAWABLE = msg({
  defaultMessage: 'Disbursement has already been added to withdrawable balance',
  id: '90PPyz',
});
export const DISBURSEMENT_ADDED_TO_WITHDRAWABLE = msg({
  defaultMessage: 'Disbursement has been added to withdrawable balance',
  id: 'WxzDwr',
});
export const DISBURSEMENT_NOT_FOUND = msg({ defaultMessage: 'Disbursement not found', id: 's4kUMn' });
export const INVOICE_GENERATED = msg({ defaultMessage: 'Invoice Have Been Generated', id: '9GRWdS' });

/** The auto-update's message: 'Status updated to FINALIZED' or 'Status unchanged: PENDING'. */
export const statusAnswerMessage = (a: { changed: boolean; status: DisbursementStatusName }) =>
  a.changed
    ? msg({ defaultMessage: 'Status updated to {status}', id: '7mS+Is' }, { status: a.status })
    : msg({ defaultMessage: 'Status unchanged: {status}', id: 'lzJtJN' }, { status: a.status });

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
export const VOID_DRY_RUN_INVALID = msg({ defaultMessage: "dry_run must be 'true' or 'false'", id: 'GK9V+I' });
/** The apply's fields naming what the preview said would void (issue 44): the screen always sends both. */
export const VOID_EXPECTED_COUNT_FIELD = 'expected_count';
export const VOID_EXPECTED_AMOUNT_FIELD = 'expected_amount';
export const VOID_EXPECTED_BOTH = msg({
  defaultMessage: 'expected_count and expected_amount go together: send both from the preview',
  id: 'JzjjS2',
});

// Multipart fields are text: digits only, read as a whole number.
const WholeField = (field: string) =>
  v.optional(
    v.pipe(
      v.string(msg({ defaultMessage: '{field} must be a whole number', id: 'G9ehJB' }, { field })),
      v.regex(/^\d{1,15}$/, msg({ defaultMessage: '{field} must be a whole number', id: 'G9ehJB' }, { field })),
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

const VOID_FILE_CHANGED: ChangedSentences = {
  oneWasOne: msg({
    defaultMessage:
      'The file now voids {count} row for {amount}, not the {expectedCount} row for {expectedAmount} you previewed. Preview it again.',
    id: 'iJi1gL',
  }),
  oneWasMany: msg({
    defaultMessage:
      'The file now voids {count} row for {amount}, not the {expectedCount} rows for {expectedAmount} you previewed. Preview it again.',
    id: 'ee093k',
  }),
  manyWasOne: msg({
    defaultMessage:
      'The file now voids {count} rows for {amount}, not the {expectedCount} row for {expectedAmount} you previewed. Preview it again.',
    id: 'G/jnFY',
  }),
  manyWasMany: msg({
    defaultMessage:
      'The file now voids {count} rows for {amount}, not the {expectedCount} rows for {expectedAmount} you previewed. Preview it again.',
    id: '/g92UD',
  }),
};

/** The 409 when the file would now void other figures than the preview the person confirmed; null when the same. */
export function voidFileChanged(now: Figures, expected: Figures): string | null {
  return figuresChanged(now, expected, VOID_FILE_CHANGED);
}

/** The answer's message: what each row did, or would do. */
export function voidUploadMessage(r: Pick<VoidUploadResult, 'dry_run' | 'summary'>): string {
  const s = r.summary;
  const values = {
    rows: s.rows,
    voided: r.dry_run ? s.would_void : s.voided,
    notFound: s.not_found,
    notFinalized: s.not_finalized,
    alreadyVoided: s.already_voided,
    duplicate: s.duplicate,
  };
  // Repeats are named only when there are any, so the words for a file without them stay as they were.
  if (r.dry_run)
    return s.duplicate
      ? msg(
          {
            defaultMessage:
              '{rows} rows checked: {voided} would be voided, {notFound} not found, {notFinalized} not FINALIZED, {alreadyVoided} already voided, {duplicate} named twice in the file; nothing changed',
            id: 'U1emzI',
          },
          values,
        )
      : msg(
          {
            defaultMessage:
              '{rows} rows checked: {voided} would be voided, {notFound} not found, {notFinalized} not FINALIZED, {alreadyVoided} already voided; nothing changed',
            id: 'o+M73Y',
          },
          values,
        );
  return s.duplicate
    ? msg(
        {
          defaultMessage:
            '{rows} rows checked: {voided} voided, {notFound} not found, {notFinalized} not FINALIZED, {alreadyVoided} already voided, {duplicate} named twice in the file',
          id: '4Mq5TC',
        },
        values,
      )
    : msg(
        {
          defaultMessage:
            '{rows} rows checked: {voided} voided, {notFound} not found, {notFinalized} not FINALIZED, {alreadyVoided} already voided',
          id: '7gp4Ti',
        },
        values,
      );
}
