import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { AuditLogQuery } from './auditLogRules';
import { CallbackListQuery } from './callbackRules';
import { RANGE_PRESET_IDS } from './dateRange';
import { DisbursementListQuery } from './disbursementQuery';
import { WithdrawalHistoryQuery } from './listQuery';
import { TransactionListQuery } from './payinQuery';

/**
 * Issue 29: lists that remember how each person works. A list's filters travel in its page's query
 * string (`?status=PENDING&range=yesterday`), which is also what a saved view keeps; a person's
 * column choice is kept on the server per list. One rule here for the browser and the server.
 */

/** The lists that remember, by their ids (the `list` of every call below). */
export const LIST_IDS = ['transactions', 'disbursements', 'withdrawals', 'audit-log', 'callbacks'] as const;
export type ListId = (typeof LIST_IDS)[number];
export const ListIdParam = v.picklist(
  LIST_IDS,
  msg({ defaultMessage: 'list must be one of {lists}', id: 'MQc10A' }, { lists: LIST_IDS.join(', ') }),
);

/**
 * The columns a person may show, hide and order, by the header each table shows. The first two of a
 * table are the row's identity, pinned in view, and are not offered. Withdrawal History has none.
 */
export const LIST_COLUMNS: Record<ListId, readonly string[]> = {
  transactions: ['Amount', 'Fee', 'Status', 'Client', 'Type', 'Account No', 'RRN', 'Paid Time', 'Settlement Time'],
  disbursements: [
    'Status',
    'Amount',
    'Fee',
    'Withdrawal Method',
    'Client',
    'Bank Name',
    'Bank Account Name',
    'Account No',
    'Original Transaction No',
    'Completed Time',
  ],
  withdrawals: [],
  'audit-log': ['IP', 'Action', 'Object', 'Outcome', 'Detail'],
  // The Callbacks page shows every column at 1366 px: nothing to choose.
  callbacks: [],
};

/**
 * A list page's query string, as the API's own list query reads it, plus `range`: a named window
 * (dateRange.ts presets) that stands for start and end and keeps meaning 'yesterday' tomorrow.
 */
const withRange = <E extends v.ObjectEntries>(entries: E) =>
  v.strictObject({
    ...entries,
    range: v.optional(
      v.picklist(
        RANGE_PRESET_IDS,
        msg({ defaultMessage: 'range must be one of {ranges}', id: 'yKTpE3' }, { ranges: RANGE_PRESET_IDS.join(', ') }),
      ),
    ),
  });
export const LIST_PAGE_QUERIES = {
  transactions: withRange(TransactionListQuery.entries),
  disbursements: withRange(DisbursementListQuery.entries),
  withdrawals: withRange(WithdrawalHistoryQuery.entries),
  'audit-log': withRange(AuditLogQuery.entries),
  callbacks: withRange(CallbackListQuery.entries),
} as const;

/** The most a page's query string may hold: far more than any filter needs, far less than a row should. */
export const MAX_QUERY_LENGTH = 2000;

/** The query string (no leading '?') as an object of its last values, as a server reads it. */
export const queryObject = (query: string): Record<string, string> =>
  Object.fromEntries(new URLSearchParams(query.startsWith('?') ? query.slice(1) : query));

/** Why `query` is no query of `list`'s page, or null when it is one. */
export function listQueryIssue(list: ListId, query: string): string | null {
  if (query.length > MAX_QUERY_LENGTH)
    return msg({ defaultMessage: 'query is longer than {max} characters', id: 'rf2Lvm' }, { max: MAX_QUERY_LENGTH });
  const parsed = v.safeParse(LIST_PAGE_QUERIES[list], queryObject(query));
  if (parsed.success) return null;
  const [issue] = parsed.issues;
  // A key the page does not read: valibot's own words ('Expected never') mean nothing to a person.
  if (issue.type === 'strict_object' && issue.expected === 'never')
    return msg(
      { defaultMessage: '{list} has no filter {filter}', id: 'ee4Szp' },
      { list, filter: `'${v.getDotPath(issue)}'` },
    );
  return issue.message;
}

/** Why `columns` are not columns `list` offers (unknown or repeated), or null. */
export function listColumnsIssue(list: ListId, columns: readonly string[]): string | null {
  const offered = LIST_COLUMNS[list];
  const unknown = columns.find((c) => !offered.includes(c));
  if (unknown !== undefined)
    return msg({ defaultMessage: '{list} has no column {column}', id: 'JPCeyr' }, { list, column: `'${unknown}'` });
  if (new Set(columns).size !== columns.length) return msg({ defaultMessage: 'columns must not repeat', id: 'Op66LX' });
  return null;
}

const Columns = v.pipe(
  v.array(
    v.pipe(v.string(), v.maxLength(60, msg({ defaultMessage: 'a column name is too long', id: 'SvBq+o' }))),
    msg({ defaultMessage: 'columns must be a list of names', id: 'W1x0e3' }),
  ),
  v.maxLength(40, msg({ defaultMessage: 'too many columns', id: 'r5LtE1' })),
);

const ViewName = v.pipe(
  v.string(msg({ defaultMessage: 'name is required', id: 'gVOEaK' })),
  v.trim(),
  v.minLength(1, msg({ defaultMessage: 'name is required', id: 'gVOEaK' })),
  v.maxLength(60, msg({ defaultMessage: 'name must be at most 60 characters', id: 'FI4TVW' })),
);

/** `POST saved-views`: a name for the current filters (and columns, where the list has a chooser). */
export const SavedViewBody = v.pipe(
  v.strictObject({
    list: ListIdParam,
    name: ViewName,
    query: v.string(msg({ defaultMessage: 'query is required', id: 'maLZ+O' })),
    columns: v.optional(v.nullable(Columns), null),
    is_default: v.optional(v.boolean(msg({ defaultMessage: 'is_default must be true or false', id: '8CwVFI' })), false),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const { list, query, columns } = dataset.value;
    const issue = listQueryIssue(list, query) ?? (columns ? listColumnsIssue(list, columns) : null);
    if (issue) addIssue({ message: issue });
  }),
);
export type SavedViewBody = v.InferOutput<typeof SavedViewBody>;

export const SavedViewsQuery = v.strictObject({ list: ListIdParam });
export const SavedViewParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, msg({ defaultMessage: 'The view id must be a number', id: 'a35TTh' })),
    v.transform(Number),
  ),
});

/** A saved view as the calls answer it: the caller's own only. */
export const SavedView = v.strictObject({
  id: v.number(),
  list: ListIdParam,
  name: v.string(),
  query: v.string(),
  /** Shown columns in order; null keeps the person's current choice. */
  columns: v.nullable(v.array(v.string())),
  is_default: v.boolean(),
  created_at: v.string(),
});
export type SavedView = v.InferOutput<typeof SavedView>;

/** `GET`/`PUT list-columns`: the shown columns of a list, in order, for the caller (null: the table's own). */
export const ListColumnsQuery = v.strictObject({ list: ListIdParam });
export const ListColumnsBody = v.pipe(
  v.strictObject({ list: ListIdParam, columns: Columns }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const issue = listColumnsIssue(dataset.value.list, dataset.value.columns);
    if (issue) addIssue({ message: issue });
  }),
);
export const ListColumns = v.strictObject({ list: ListIdParam, columns: v.nullable(v.array(v.string())) });
export type ListColumns = v.InferOutput<typeof ListColumns>;

/** The most views one person keeps per list. */
export const MAX_VIEWS_PER_LIST = 50;
