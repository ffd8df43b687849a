import { msg } from '../i18n/msg';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What the server tells the app before it starts: /app-config.js, a classic script index.html loads first. */
export interface ServedConfig {
  businessTimeZone?: string;
}

declare global {
  interface Window {
    __APP_CONFIG__?: ServedConfig;
  }
}

/** The zone when the server told none (view tests, a page opened without the server's script). */
export const DEFAULT_BUSINESS_TIME_ZONE = 'Asia/Jakarta';

/** A zone this browser knows; anything else is no zone. */
function knownZone(zone: unknown): zone is string {
  if (typeof zone !== 'string' || !zone) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The server's TZ_BUSINESS as served, else the default. */
export function servedTimeZone(config: ServedConfig | undefined): string {
  const zone = config?.businessTimeZone;
  return knownZone(zone) ? zone : DEFAULT_BUSINESS_TIME_ZONE;
}

/**
 * The business time zone: every time shown, typed or windowed in the app is on this clock, whatever
 * the browser's zone is. It is the server's (TZ_BUSINESS), so both read a window the same way.
 */
export const BUSINESS_TIME_ZONE = servedTimeZone(globalThis.window?.__APP_CONFIG__);

/** How a typed date-time reads, naming the business zone. */
export const DATE_TIME_HINT = msg(
  { defaultMessage: 'YYYY-MM-DD HH:mm, 24-hour, {zone}', id: '2NsIYF' },
  { zone: BUSINESS_TIME_ZONE },
);
