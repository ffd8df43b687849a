import { formatDateRange, INVALID_DATE_RANGE, parseDateRange, type DateRange } from '../services/dateRange';

/**
 * A screen's date range (spec section 5): the text as typed, and the range the rows on screen
 * were searched with. Search applies the text; until then a client change or a refresh keeps
 * using the range last searched.
 */
export interface DateFilter extends DateRange {
  text: string;
  error: string | null;
  /**
   * A default range keeps following the clock until the user types one, so a refresh after a
   * deposit made a moment ago (after the window's end when the page opened) still shows it.
   */
  followsNow: boolean;
}

export function startingFilter(given: DateRange | undefined, byDefault: () => DateRange): DateFilter {
  const range = given ?? byDefault();
  return { ...range, text: formatDateRange(range), error: null, followsNow: given === undefined };
}

export const typedFilter = (filter: DateFilter, text: string): DateFilter => ({ ...filter, text, error: null, followsNow: false });

export const filterTextIsValid = (filter: DateFilter) => parseDateRange(filter.text) != null;

/** Search: ends swapped or stretched to 23:59 as the spec says, and written back as read. */
export function searchedFilter(filter: DateFilter): DateFilter {
  const range = parseDateRange(filter.text);
  if (!range) return { ...filter, error: INVALID_DATE_RANGE };
  return { ...filter, ...range, text: formatDateRange(range), error: null };
}

export const rolledFilter = (filter: DateFilter, byDefault: () => DateRange): DateFilter =>
  (filter.followsNow ? startingFilter(undefined, byDefault) : filter);
