import { msg } from '../i18n/msg';
import * as v from 'valibot';
import { WITHDRAWAL_STATUSES } from './withdrawalRules';
import { GENERIC_PAGE_SIZES, PageParam, limitParam } from './paging';

/** Query-string pieces shared by the paged list endpoints (strings on the wire). */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^\d{1,9}$/, msg({ defaultMessage: 'must be a number', id: 'Z2xPBI' })),
  v.transform(Number),
);

// The calendar date and time a list filter names: YYYY-MM-DD HH:mm, with :ss where asked for.
const DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/;
const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/**
 * A real calendar date and time in the given format, not only the right shape: 2026-02-30,
 * 2026-13-01 or 25:61 are refused, and so is any year before 1900, which PostgreSQL would refuse or
 * no payment can have. Read by hand rather than by dayjs's strict parsing (which it agrees with on
 * every input: src/test/services/listQuery.test.ts): every list request checks two of these, and
 * dayjs's format plugin was about 2% of a Payments List request's CPU (issue 30).
 */
export function isRealDateTime(
  text: string,
  format: 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss' = 'YYYY-MM-DD HH:mm',
): boolean {
  if (text.length !== format.length) return false;
  const parts = DATE_TIME_PATTERN.exec(text);
  if (!parts) return false;
  const [year, month, day, hour, minute, second = 0] = parts.slice(1).map((part) => (part ? Number(part) : 0));
  if (year < 1900 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]);
}

export const DateTimeParam = v.pipe(
  v.string(),
  v.check(
    (text) => isRealDateTime(text),
    msg({ defaultMessage: 'start and end must be real dates as YYYY-MM-DD HH:mm', id: 'mSAd0B' }),
  ),
);
/** A comma-joined list of allowed words (arrays travel comma-joined in query strings). */
export const commaList = <T extends string>(allowed: readonly T[], label: string) =>
  v.pipe(
    v.string(),
    v.transform((s) =>
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
    v.array(
      v.picklist(
        allowed,
        msg(
          { defaultMessage: '{field} must be one of {allowed}', id: 'VrjDxe' },
          { field: label, allowed: allowed.join(', ') },
        ),
      ),
    ),
  );

/** A comma-joined list of client ids. */
export const idList = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
  v.array(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,9}$/, msg({ defaultMessage: 'client_id must be comma-joined numbers', id: 'I4AiI1' })),
      v.transform(Number),
    ),
  ),
);

export const ClientFilterQuery = v.strictObject({ client_filter: v.optional(IdParam) });

/**
 * Withdrawal History's query. An empty (or absent) client_filter is every client the caller may see
 * (issue 45: staff read all clients' withdrawals at once; a client user still only their own), which the
 * page's address writes as `client_filter=` to tell All clients from its default, the first client.
 */
export const WithdrawalHistoryQuery = v.strictObject({
  client_filter: v.optional(v.union([v.literal(''), IdParam])),
  status: v.optional(
    v.picklist(
      ['', ...WITHDRAWAL_STATUSES],
      msg(
        { defaultMessage: 'status must be {statuses} or {last}', id: 'OIdbVe' },
        { statuses: WITHDRAWAL_STATUSES.slice(0, -1).join(', '), last: WITHDRAWAL_STATUSES.at(-1)! },
      ),
    ),
  ),
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  page: PageParam,
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
  order: v.optional(v.picklist(['asc', 'desc', 'ASC', 'DESC']), 'desc'),
  by: v.optional(v.picklist(['withdrawal_time', 'amount', 'completed_time']), 'withdrawal_time'),
  pagination: v.optional(v.picklist(['true', 'false'])),
});
