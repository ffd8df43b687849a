import { formatDateRange, INVALID_DATE_RANGE, parseDateRange, type DateRange } from '../services/dateRange';

/**
 * A screen's date range (spec section 5): the text as typed, and the range the rows on screen
 * were searched with. Search applies the text; until then a client change or a refresh keeps
 * using the range last searched.
 *
 * Every machine's date range goes through these helpers, so the rule is written once. A machine
 * whose context names the pieces otherwise (a filter bar's `form.rangeText`, a `rangeError`)
 * maps its fields to a DateFilter and back rather than reading the text itself.
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

export const typedFilter = (filter: DateFilter, text: string): DateFilter => ({
  ...filter,
  text,
  error: null,
  followsNow: false,
});

/** The range the typed text names (ends swapped or stretched to 23:59 as the spec says), or null when it names none. */
export const typedRange = (filter: Pick<DateFilter, 'text'>): DateRange | null => parseDateRange(filter.text);

export const filterTextIsValid = (filter: Pick<DateFilter, 'text'>) => typedRange(filter) != null;

/** The spec's one refusal of a range, in place: the text stays as typed and the rows as searched. */
export const refusedFilter = (filter: DateFilter): DateFilter => ({ ...filter, error: INVALID_DATE_RANGE });

/** Search: ends swapped or stretched to 23:59 as the spec says, and written back as read. */
export function searchedFilter(filter: DateFilter): DateFilter {
  const range = typedRange(filter);
  if (!range) return refusedFilter(filter);
  return { ...filter, ...range, text: formatDateRange(range), error: null };
}

export const rolledFilter = (filter: DateFilter, byDefault: () => DateRange): DateFilter =>
  filter.followsNow ? startingFilter(undefined, byDefault) : filter;

/**
 * A list's filter bar (Payments List, Disbursement List) keeps the typed text in its form and the
 * range last searched in what it applied; its default is whole days, so it never follows the clock.
 */
export interface FilterBarRange {
  form: { rangeText: string };
  applied: DateRange;
  rangeError: string | null;
}

export const filterOfBar = (bar: FilterBarRange): DateFilter => ({
  start: bar.applied.start,
  end: bar.applied.end,
  text: bar.form.rangeText,
  error: bar.rangeError,
  followsNow: false,
});

/**
 * The filter written back to the bar: the form's text and the error beside it (the range goes to what the list
 * applies).
 */
export const barFieldsOf = <F extends { rangeText: string }>(form: F, filter: DateFilter) => ({
  form: { ...form, rangeText: filter.text },
  rangeError: filter.error,
});
