import * as v from 'valibot';

/** Query-string pieces shared by the paged list endpoints (strings on the wire). */
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/;

export const IdParam = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a number'), v.transform(Number));
/** A real calendar date and time, not only the right shape: 2024-02-30 or 25:61 are refused. */
export function isRealDateTime(text: string): boolean {
  if (!DATE_TIME.test(text)) return false;
  const [y, mo, d, h, mi] = text.split(/[- :]/).map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && date.getUTCHours() === h && date.getUTCMinutes() === mi;
}

export const DateTimeParam = v.pipe(v.string(), v.check(isRealDateTime, 'start and end must be real dates as YYYY-MM-DD HH:mm'));
export const PageParam = v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'page must be a number'), v.transform(Number), v.minValue(1, 'page must be at least 1')), '1');
export const limitParam = (allowed: readonly number[], fallback: number) => v.optional(
  v.pipe(v.string(), v.transform(Number), v.picklist(allowed, `limit must be one of ${allowed.join(', ')}`)),
  String(fallback),
);

export const GENERIC_PAGE_SIZES = [15, 30, 50] as const;
export const TRANSACTION_PAGE_SIZES = [15, 100, 250, 500, 1000] as const;

export const ClientFilterQuery = v.strictObject({ client_filter: v.optional(IdParam) });

export const WithdrawalHistoryQuery = v.strictObject({
  client_filter: v.optional(IdParam),
  status: v.optional(v.picklist(['', 'PENDING', 'COMPLETED', 'REJECTED'], 'status must be PENDING, COMPLETED or REJECTED')),
  start: v.optional(DateTimeParam),
  end: v.optional(DateTimeParam),
  page: PageParam,
  limit: limitParam(GENERIC_PAGE_SIZES, 15),
  order: v.optional(v.picklist(['asc', 'desc', 'ASC', 'DESC']), 'desc'),
  by: v.optional(v.picklist(['withdrawal_time', 'amount', 'completed_time']), 'withdrawal_time'),
  pagination: v.optional(v.picklist(['true', 'false'])),
});
