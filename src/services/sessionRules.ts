import { msg } from '../i18n/msg';
import * as v from 'valibot';

/**
 * Sessions one can see and end (issue 44): the rules shared by the User Settings card's machine, the
 * API client and the server's routes.
 */

/** One live session of the caller, as User Settings lists it. */
export const SessionRow = v.strictObject({
  id: v.number(),
  /** A short readable name from the user agent ("Chrome on Linux"); never the raw header. */
  browser: v.string(),
  ip: v.nullable(v.string()),
  created_at: v.string(),
  last_seen_at: v.string(),
  /** The session making this request. */
  current: v.boolean(),
  /** False while the sign-in waits for its authenticator code. */
  otp_verified: v.boolean(),
});
export type SessionRow = v.InferOutput<typeof SessionRow>;

/** `:id` of DELETE .../user/sessions/:id: a session id is a bigserial, kept to what a number holds exactly. */
export const SessionParams = v.strictObject({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,15}$/, msg({ defaultMessage: 'The session id must be a number', id: 'y1dpNN' })),
    v.transform(Number),
  ),
});

/** Sign out everywhere else takes no input: a body, if any, must be empty (a stray field is a caller's mistake). */
export const SignOutOthersBody = v.strictObject({});

/** The user whose sessions a SUPER ADMIN ends from User Management. */
export const EndUserSessionsBody = v.strictObject({
  user_id: v.pipe(
    v.number(msg({ defaultMessage: 'User is required', id: 'Kr/eX6' })),
    v.integer(msg({ defaultMessage: 'User is required', id: 'Kr/eX6' })),
    v.minValue(1, msg({ defaultMessage: 'User is required', id: 'Kr/eX6' })),
    v.maxValue(2_147_483_647, msg({ defaultMessage: 'User not found', id: 'INrbJL' })),
  ),
});

export const SESSION_ENDED = msg({ defaultMessage: 'The session has been signed out', id: 'Tlph8X' });
export const OTHER_SESSIONS_ENDED = (count: number) =>
  count === 1
    ? msg({ defaultMessage: '1 other session has been signed out', id: 'QuQcXe' })
    : msg({ defaultMessage: '{count} other sessions have been signed out', id: 'mx9AEm' }, { count });
export const USER_SESSIONS_ENDED = (name: string, count: number) =>
  count === 1
    ? msg({ defaultMessage: '{name}: 1 session ended', id: '2yc+Km' }, { name })
    : msg({ defaultMessage: '{name}: {count} sessions ended', id: 'H7H4L4' }, { name, count });
export const OWN_SESSIONS_REFUSED = msg({
  defaultMessage: 'To end your own sessions, use User Settings',
  id: 'LV4m4l',
});

const BROWSERS: Array<[RegExp, string]> = [
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari".
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/(Chrome|Chromium|CriOS)\//, 'Chrome'], // HeadlessChrome too
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/\bnode-fetch\b|\bundici\b|^node\b/i, 'Node.js'],
  [/^python-requests\//, 'Python'],
  [/^PostmanRuntime\//, 'Postman'],
];
type System = 'iOS' | 'Android' | 'ChromeOS' | 'Windows' | 'macOS' | 'Linux';
const SYSTEMS: Array<[RegExp, System]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * 'Chrome on Linux', one message per system: a catalog pattern '{browser} on {system}' would say any text with ' on '
 * in it (a typed description) in Indonesian too, while '{browser} on Linux' matches only what this writes.
 */
function onSystem(browser: string, system: System): string {
  switch (system) {
    case 'iOS':
      return msg({ defaultMessage: '{browser} on iOS', id: '5yYRSc' }, { browser });
    case 'Android':
      return msg({ defaultMessage: '{browser} on Android', id: 'MagxZV' }, { browser });
    case 'ChromeOS':
      return msg({ defaultMessage: '{browser} on ChromeOS', id: 'LVvBUk' }, { browser });
    case 'Windows':
      return msg({ defaultMessage: '{browser} on Windows', id: 'BuvYJd' }, { browser });
    case 'macOS':
      return msg({ defaultMessage: '{browser} on macOS', id: '1CafJz' }, { browser });
    case 'Linux':
      return msg({ defaultMessage: '{browser} on Linux', id: 'WD+uLc' }, { browser });
  }
}

/**
 * A short readable name for a user agent ("Chrome on Linux", "Safari on iOS"): a few patterns rather
 * than a parser library, as only the browser family and system are shown. Unknown parts are said so.
 */
export function browserName(userAgent: string | null | undefined): string {
  const ua = userAgent?.trim() ?? '';
  if (!ua) return msg({ defaultMessage: 'Unknown browser', id: 'fepi00' });
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  if (browser && system) return onSystem(browser, system);
  if (browser) return browser;
  if (system) return msg({ defaultMessage: 'A browser on {system}', id: '/B30ow' }, { system });
  return msg({ defaultMessage: 'Unknown browser', id: 'fepi00' });
}
