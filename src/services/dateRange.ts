import { msg } from '../i18n/msg';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { currentLanguage, type Language } from '../i18n/language';
import { BUSINESS_TIME_ZONE } from './businessClock';

dayjs.extend(customParseFormat);

/** Spec section 5, 'Date range (all screens)'. */
export const INVALID_DATE_RANGE = msg({
  defaultMessage: 'Invalid Date Range - Please input a valid date range',
  id: 'oCu9jR',
});
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';
/**
 * Between a range's ends, as each language writes it: 'to', and 'sampai' in Bahasa Indonesia (issue 48). Either is
 * read in both languages, so a range written before the language changed, or pasted from a colleague, still reads.
 */
const SEPARATORS: Record<Language, string> = { en: ' to ', id: ' sampai ' };
const ANY_SEPARATOR = / (?:to|sampai) /;

export interface DateRange {
  start: string;
  end: string;
}

export const formatDateRange = (range: DateRange, language: Language = currentLanguage()) =>
  `${range.start}${SEPARATORS[language]}${range.end}`;

/**
 * Reads 'YYYY-MM-DD HH:mm to YYYY-MM-DD HH:mm' (or 'sampai' for 'to'). Reversed ends are swapped; when both ends are
 * equal or the end is at 00:00, the end becomes 23:59 of that day. Anything else is null.
 */
export function parseDateRange(text: string): DateRange | null {
  const parts = text.trim().split(ANY_SEPARATOR);
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((p) => dayjs(p.trim(), DATE_TIME_FORMAT, true));
  if (!a.isValid() || !b.isValid()) return null;
  const [start, given] = a.isAfter(b) ? [b, a] : [a, b];
  const end = start.isSame(given) || (given.hour() === 0 && given.minute() === 0) ? given.hour(23).minute(59) : given;
  return { start: start.format(DATE_TIME_FORMAT), end: end.format(DATE_TIME_FORMAT) };
}

/** Now on the business clock: filters are read in the business zone whatever the browser's zone is. */
export const businessNow = () => dayjs().tz(BUSINESS_TIME_ZONE);

/**
 * `now`'s business date as a zone-free calendar day (UTC has no daylight saving). Calendar sums on a
 * zoned dayjs run on the machine's local clock, so where the machine's zone shifts its clocks they
 * can land an hour off and on the wrong day (a month's end read as the 1st of the next in New York).
 */
const calendarDay = (now: Dayjs) => dayjs.utc(now.format('YYYY-MM-DD'));

/** From the first day's 00:00 to the last day's 23:59. */
const wholeDays = (first: Dayjs, last: Dayjs): DateRange => ({
  start: first.format('YYYY-MM-DD 00:00'),
  end: last.format('YYYY-MM-DD 23:59'),
});

/** Spec section 9: most screens default to the last 14 days back to now. */
export function lastDays(days: number, now = businessNow()): DateRange {
  return {
    start: calendarDay(now).subtract(days, 'day').format('YYYY-MM-DD 00:00'),
    end: now.format(DATE_TIME_FORMAT),
  };
}

/** Whole days on the business clock, today the last of them: `days` days ago + 1 at 00:00 to today 23:59. */
export function daysThroughToday(days: number, now = businessNow()): DateRange {
  const today = calendarDay(now);
  return wholeDays(today.subtract(days - 1, 'day'), today);
}

/** Spec section 9: the payin page defaults to yesterday 00:00 to today 23:59. */
export const yesterdayThroughToday = (now = businessNow()): DateRange => daysThroughToday(2, now);

/** The settlement screen's default: the whole of yesterday on the business clock, 00:00 to 23:59. */
export function yesterday(now = businessNow()): DateRange {
  const day = calendarDay(now).subtract(1, 'day');
  return wholeDays(day, day);
}

/** Issue 29: the named windows every date range offers, on the business clock; their ids travel in links (`range=`). */
export const RANGE_PRESETS = [
  { id: 'today', label: msg({ defaultMessage: 'Today', id: 'zWgbGg' }) },
  { id: 'yesterday', label: msg({ defaultMessage: 'Yesterday', id: '6dIxDP' }) },
  { id: 'last-7-days', label: msg({ defaultMessage: 'Last 7 days', id: 'irFBKn' }) },
  { id: 'this-month', label: msg({ defaultMessage: 'This month', id: 'J3fNDZ' }) },
  { id: 'last-month', label: msg({ defaultMessage: 'Last month', id: 'y9ZbeM' }) },
] as const;
export type RangePresetId = (typeof RANGE_PRESETS)[number]['id'];
export const RANGE_PRESET_IDS = RANGE_PRESETS.map((p) => p.id) as unknown as readonly [
  RangePresetId,
  ...RangePresetId[],
];

/** A preset's window on a business calendar day (`calendarDay`), whole days: one sum per preset, no clock read. */
function presetOn(id: RangePresetId, today: Dayjs): DateRange {
  switch (id) {
    case 'today':
      return wholeDays(today, today);
    case 'yesterday': {
      const day = today.subtract(1, 'day');
      return wholeDays(day, day);
    }
    case 'last-7-days':
      return wholeDays(today.subtract(6, 'day'), today);
    case 'this-month':
      return wholeDays(today.startOf('month'), today.endOf('month'));
    case 'last-month': {
      const month = today.startOf('month').subtract(1, 'month');
      return wholeDays(month, month.endOf('month'));
    }
  }
}

/** A preset's window in whole days: Last 7 days ends today (today and the six before it); a month runs 1st 00:00 to its last day 23:59. */
export const presetRange = (id: RangePresetId, now = businessNow()): DateRange => presetOn(id, calendarDay(now));

/**
 * The preset a range is exactly, now (a link then keeps 'yesterday' rather than a date that ages), or null.
 * Asked on every search, page and Back of every list (and by model tests tens of thousands of times), so it
 * is cheap: a window that is not whole days is no preset, told before the clock is read; otherwise the
 * business day is read once (`now` only when given none) and each preset is one date sum from it.
 */
export function presetOf(range: DateRange, now?: Dayjs): RangePresetId | null {
  if (!range.start.endsWith(' 00:00') || !range.end.endsWith(' 23:59')) return null;
  const today = calendarDay(now ?? businessNow());
  const found = RANGE_PRESETS.find(({ id }) => {
    const preset = presetOn(id, today);
    return preset.start === range.start && preset.end === range.end;
  });
  return found?.id ?? null;
}
