import dayjs from 'dayjs';
import { BUSINESS_TIME_ZONE } from './businessClock';

/** Times are shown in the business time zone, whatever the browser's is. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD HH:mm') : '-';

/** Spec section 9: a role's creation time, DD MMM YYYY HH:mm:ss, on the same business clock as every other time. */
export const formatRoleCreatedAt = (iso: string) => dayjs(iso).tz(BUSINESS_TIME_ZONE).format('DD MMM YYYY HH:mm:ss');

/** A time of today as 'HH:mm', an earlier one with its date: 'Delivered 14:02' beside a row's Resend. */
export const formatWhen = (iso: string, now = dayjs()) => {
  const at = dayjs(iso).tz(BUSINESS_TIME_ZONE);
  return at.isSame(now.tz(BUSINESS_TIME_ZONE), 'day') ? at.format('HH:mm') : at.format('YYYY-MM-DD HH:mm');
};
