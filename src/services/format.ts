import dayjs from 'dayjs';
import 'dayjs/locale/id';
import { currentLanguage } from '../i18n/language';
import { BUSINESS_TIME_ZONE } from './businessClock';

/** Times are shown in the business time zone, whatever the browser's is. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD HH:mm') : '-';

/** Spec section 9: a role's creation time, DD MMM YYYY HH:mm:ss, on the same business clock as every other time. */
// The month is named: in Indonesian months ('07 Des 2026') when Bahasa Indonesia is shown (issue 48).
export const formatRoleCreatedAt = (iso: string) =>
  dayjs(iso).tz(BUSINESS_TIME_ZONE).locale(currentLanguage()).format('DD MMM YYYY HH:mm:ss');

/** A time of today as 'HH:mm', an earlier one with its date: 'Delivered 14:02' beside a row's Resend. */
export const formatWhen = (iso: string, now = dayjs()) => {
  const at = dayjs(iso).tz(BUSINESS_TIME_ZONE);
  return at.isSame(now.tz(BUSINESS_TIME_ZONE), 'day') ? at.format('HH:mm') : at.format('YYYY-MM-DD HH:mm');
};
