import dayjs from 'dayjs';
import { BUSINESS_TIME_ZONE } from './businessClock';

/** Times are shown in the business time zone, whatever the browser's is. */
export const formatDateTime = (iso: string | null | undefined) =>
  iso ? dayjs(iso).tz(BUSINESS_TIME_ZONE).format('YYYY-MM-DD HH:mm') : '-';

/** Spec section 9: a role's creation time, DD MMM YYYY HH:mm:ss, on the same business clock as every other time. */
export const formatRoleCreatedAt = (iso: string) => dayjs(iso).tz(BUSINESS_TIME_ZONE).format('DD MMM YYYY HH:mm:ss');
