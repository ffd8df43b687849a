import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import * as v from 'valibot';
import { WITHDRAWAL_STATUSES } from './withdrawalRules';

dayjs.extend(customParseFormat);

/** Query-string pieces shared by the paged list endpoints (strings on the wire). */
export const IdParam = v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'must be a number'), v.transform(Number));

/**
 * A real calendar date and time in the given format, not only the right shape: 2026-02-30,
 * 2026-13-01 or 25:61 are refused (dayjs strict parsing), and so is any year before 1900, which
 * PostgreSQL would refuse or no payment can have.
 */
export function isRealDateTime(
  text: string,
  format: 'YYYY-MM-DD HH:mm' | 'YYYY-MM-DD HH:mm:ss' = 'YYYY-MM-DD HH:mm',
): boolean {
  if (text.length !== format.length) return false;
  const parsed = dayjs(text, format, true);
  return parsed.isValid() && parsed.year() >= 1900 && parsed.year() <= 9999;
}

export const DateTimeParam = v.pipe(
  v.string(),
  v.check((text) => isRealDateTime(text), 'start and end must be real dates as YYYY-MM-DD HH:mm'),
);
export const PageParam = v.optional(
  v.pipe(
    v.string(),
    v.regex(/^\d{1,6}$/, 'page must be a number'),
    v.transform(Number),
    v.minValue(1, 'page must be at least 1'),
  ),
  '1',
);
export const limitParam = (allowed: readonly number[], fallback: number) =>
  v.optional(
    // Checked as the words a caller sends ('15'), then read as a number: the JSON Schema /api/docs shows is
    // then a string enum that a value can satisfy (a string type with numbers as its enum had none, issue 30).
    v.pipe(
      v.string(),
      v.picklist(
        allowed.map((n) => String(n)),
        `limit must be one of ${allowed.join(', ')}`,
      ),
      v.transform(Number),
    ),
    String(fallback),
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
    v.array(v.picklist(allowed, `${label} must be one of ${allowed.join(', ')}`)),
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
  v.array(v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'client_id must be comma-joined numbers'), v.transform(Number))),
);

export const GENERIC_PAGE_SIZES = [15, 30, 50] as const;
export const TRANSACTION_PAGE_SIZES = [15, 100, 250, 500, 1000] as const;

export const ClientFilterQuery = v.strictObject({ client_filter: v.optional(IdParam) });

export const WithdrawalHistoryQuery = v.strictObject({
  client_filter: v.optional(IdParam),
  status: v.optional(
    v.picklist(
      ['', ...WITHDRAWAL_STATUSES],
      `status must be ${WITHDRAWAL_STATUSES.slice(0, -1).join(', ')} or ${WITHDRAWAL_STATUSES.at(-1)}`,
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
