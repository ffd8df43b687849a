import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { currentLanguage } from '../i18n/language';
import { BUSINESS_TIME_ZONE } from './businessClock';
import type { DailyVolume } from './overviewRules';
import { SETTLEMENT_TYPE_LABELS, type SettlementType } from './settlementRules';
import { TRANSACTION_STATUSES, TRANSACTION_TYPES, type TransactionTypeName } from './payinQuery';

/** How the Overview words its figures: one place, so the tiles, the tables and the tests agree. */

/** A rate of 0..1 as a percentage with at most one decimal: 0.975 is '97.5%', 1 is '100%'. */
export const percentText = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

/**
 * Today against yesterday, as a signed percentage ('+25%', '-10.5%', '0%'), or null where yesterday
 * had nothing to compare with.
 */
export function changeText(today: number, yesterday: number): string | null {
  if (yesterday === 0) return null;
  const change = Math.round(((today - yesterday) / yesterday) * 1000) / 10;
  return `${change > 0 ? '+' : ''}${change}%`;
}

/** When the figures were read, on the business clock, to the second (the screen is live). */
export const asOfText = (iso: string) => dayjs(iso).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD HH:mm:ss');

/** A business day (YYYY-MM-DD) as a chart's axis names it: '26 Nov' ('26 Des' in Bahasa Indonesia, issue 48). */
export const shortDay = (day: string) => dayjs(day).locale(currentLanguage()).format('D MMM');

export const settlementTypeLabel = (type: string) => SETTLEMENT_TYPE_LABELS[type as SettlementType] ?? type;

/** The pay-in channels (payment_method ids) by name, as the settlement screen names those it settles. */
const CHANNEL_LABELS: Record<TransactionTypeName, string> = {
  ...SETTLEMENT_TYPE_LABELS,
  va_bca: 'VA BCA',
  va_cimb: 'VA CIMB',
  va_permata: 'VA PERMATA',
};
export const channelLabel = (channel: string) => CHANNEL_LABELS[channel as TransactionTypeName] ?? channel;
/** A channel's place among them (for a colour that stays the channel's from day to day), or past the end. */
export const channelIndex = (channel: string) => {
  const index = (TRANSACTION_TYPES as readonly string[]).indexOf(channel);
  return index < 0 ? TRANSACTION_TYPES.length : index;
};

/** The pay-in statuses the 14 days hold, in the lists' own order (a status no day has is left out). */
export function statusesOf(daily: readonly DailyVolume[]): string[] {
  const present = new Set(daily.flatMap((d) => d.by_status.filter((s) => s.count > 0).map((s) => s.status)));
  const known: readonly string[] = TRANSACTION_STATUSES;
  return [...known.filter((s) => present.has(s)), ...[...present].filter((s) => !known.includes(s)).sort()];
}

/** One day's count of a status (0 where the day has none). */
export const countOf = (day: DailyVolume, status: string) => day.by_status.find((s) => s.status === status)?.count ?? 0;
