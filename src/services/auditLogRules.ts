import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { DateTimeParam } from './listQuery';
import { JournalEntry } from './ledgerRules';
import { GENERIC_PAGE_SIZES, PageParam, limitParam } from './paging';

/** Issue 15: reading the append-only audit log (SUPER ADMIN only). */
export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** The entities whose path (status transitions) the audit log can tell. */
export const AUDIT_PATH_TYPES = ['withdrawal', 'disbursement', 'transaction', 'approval'] as const;
export type AuditPathType = (typeof AUDIT_PATH_TYPES)[number];

const text = (label: string, max = 200) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(max, msg({ defaultMessage: '{field} is too long', id: 'epQjdN' }, { field: label })),
    ),
  );

/**
 * The audit log's filter (every field optional, empty means "any"):
 * - actor: the actor's e-mail, case-insensitive contains (an exact address matches itself);
 * - action, object_type: exact;
 * - object_id: exact, where a disbursement's or pay-in's uuid and correlation_id stand for each other;
 * - outcome: success, failure or denied;
 * - start, end: business clock 'YYYY-MM-DD HH:mm', end minute included (either alone bounds one side);
 * - line: one line by its number (#41), as the Ledger's journal names the line that posted an entry;
 * - search: an identifier people know (a pay-in's or disbursement's correlation id or uuid, a
 *   withdrawal's uuid or WD- code, a disbursement's DSB- code, a user's e-mail, APR-n, STL-n) finds
 *   that object's lines (and, for an e-mail, the lines the user wrote), looked up by index; any
 *   other text is a case-insensitive contains over action, actor e-mail, object id and the
 *   detail's text, with % and _ taken literally.
 */
export const AuditLogFilterQuery = v.strictObject({
  actor: text('actor'),
  action: text('action', 100),
  object_type: text('object_type', 100),
  object_id: text('object_id', 100),
  outcome: v.optional(
    v.picklist(
      ['', ...AUDIT_OUTCOMES],
      msg({ defaultMessage: 'outcome must be success, failure or denied', id: 'x6l9er' }),
    ),
  ),
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  search: text('search', 100),
  line: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(\d{1,15})?$/, msg({ defaultMessage: 'line must be an audit line number, e.g. 41', id: '/dOrSK' })),
    ),
  ),
});
export type AuditLogFilter = v.InferOutput<typeof AuditLogFilterQuery>;

/** The list's query: the filter plus paging (15, 30 or 50 rows a page, newest first). */
export const AuditLogQuery = v.strictObject({
  ...AuditLogFilterQuery.entries,
  page: PageParam,
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
});
export type AuditLogQuery = v.InferOutput<typeof AuditLogQuery>;

/** One audit line as the list answers it. */
export const AuditLogRow = v.strictObject({
  id: v.number(),
  /** ISO 8601 instant. */
  created_at: v.string(),
  actor_email: v.nullable(v.string()),
  ip: v.nullable(v.string()),
  action: v.string(),
  object_type: v.nullable(v.string()),
  object_id: v.nullable(v.string()),
  /**
   * The object's human id, when it has one: a disbursement's or pay-in's correlation id, a
   * withdrawal's WD- code, a user's e-mail, APR-n, STL-n, a role's or client's name; else null.
   */
  object_label: v.nullable(v.string()),
  outcome: v.picklist(AUDIT_OUTCOMES),
  /** The detail as stored (before/after states, reasons, counts); null when none was written. */
  detail: v.nullable(v.record(v.string(), v.unknown())),
});
export type AuditLogRow = v.InferOutput<typeof AuditLogRow>;

export const AuditPathQuery = v.strictObject({
  object_type: v.picklist(
    AUDIT_PATH_TYPES,
    msg({ defaultMessage: 'object_type must be withdrawal, disbursement, transaction or approval', id: '0LwKWY' }),
  ),
  object_id: v.pipe(
    v.string(msg({ defaultMessage: 'object_id is required', id: 'CoEaiY' })),
    v.trim(),
    v.minLength(1, msg({ defaultMessage: 'object_id is required', id: 'CoEaiY' })),
    v.maxLength(100, msg({ defaultMessage: 'object_id is too long', id: 'fLSZFt' })),
  ),
});
export type AuditPathQuery = v.InferOutput<typeof AuditPathQuery>;

/** One status an entity reached: from what, when (ISO), by whom (an e-mail, or 'system') and through which action. */
export const AuditPathStep = v.strictObject({
  status: v.string(),
  /** The status before; null for the first step, the state the entity started in. */
  from: v.nullable(v.string()),
  at: v.string(),
  by: v.string(),
  action: v.string(),
  /** Who approved it, when a second person did (a held bulk action applied on approval, issue 43). */
  checker: v.optional(v.string()),
  /** The audit line of a bulk step (issue 43), whose items list every record it moved. */
  audit_id: v.optional(v.number()),
});
export type AuditPathStep = v.InferOutput<typeof AuditPathStep>;

export const AuditPath = v.strictObject({
  entity: v.strictObject({ type: v.picklist(AUDIT_PATH_TYPES), id: v.string(), status: v.string() }),
  steps: v.array(AuditPathStep),
});
export type AuditPath = v.InferOutput<typeof AuditPath>;

/**
 * The audit chain's check (issue 28): every row's hash recomputed and its link to the row before
 * checked, in id order. `head` is the last row's hash (null on an empty log); `first_broken_id` the
 * first row whose hash or link fails (null when valid).
 */
export const AuditChainVerdict = v.strictObject({
  valid: v.boolean(),
  rows: v.number(),
  head: v.nullable(v.string()),
  first_broken_id: v.nullable(v.number()),
});
export type AuditChainVerdict = v.InferOutput<typeof AuditChainVerdict>;

/** `:id` of one audit line (issue 43): its items and its journal entries. */
export const AuditLineParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/, msg({ defaultMessage: 'The audit line id must be a number', id: '9nGMvO' })),
    v.transform(Number),
  ),
});

/** A page of a line's items or journal entries (15, 30 or 50 a page). */
export const AuditLinePageQuery = v.strictObject({ page: PageParam, limit: limitParam(GENERIC_PAGE_SIZES, 15) });
export type AuditLinePageQuery = v.InferOutput<typeof AuditLinePageQuery>;

/** One record a bulk line moved, in the order its chained digest covers them. */
export const AuditItemRow = v.strictObject({
  position: v.number(),
  object_type: v.string(),
  object_id: v.string(),
  /** The record's human id (a correlation id, a WD- code), as the log's Object column shows it. */
  object_label: v.nullable(v.string()),
});
export type AuditItemRow = v.InferOutput<typeof AuditItemRow>;

/** A line's journal entries (the ones its action posted), oldest first, each with its postings. */
export const AuditLineJournalRows = v.array(JournalEntry);

export const AUDIT_ITEMS_FILENAME = 'Audit Line Items.xlsx';

/** How many records a bulk line moved (its chained `items.count`), or null for a line without items. */
export function itemCountOf(row: Pick<AuditLogRow, 'detail'>): number | null {
  const items = row.detail?.items as { count?: unknown } | undefined;
  return typeof items?.count === 'number' ? items.count : null;
}

/** Whether the line's action posted journal entries (its detail names their action key). */
export const movedMoney = (row: Pick<AuditLogRow, 'detail'>): boolean => typeof row.detail?.action_key === 'string';
