import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * The browser's session lives in an HttpOnly cookie (issue 44): no script on the page can read it.
 * In production it is `__Host-session`: Secure, Path=/ and no Domain, so neither plain http nor a
 * sibling subdomain can set or overwrite it. A `__Host-` cookie must be Secure. Chromium keeps one
 * from plain http on 127.0.0.1 and localhost (checked: it treats loopback as secure), but Safari does
 * not, and no browser does for the dev server opened by a LAN address (a phone on http://192.168…):
 * so in development, which is plain http, the cookie is `session`, without Secure and so without the
 * prefix. One rule decides both: `config.production`.
 */
export type CookieConfig = Pick<Config, 'production' | 'sessionMaxMs'>;

export const sessionCookieName = (config: Pick<Config, 'production'>) =>
  config.production ? '__Host-session' : 'session';

/** The header a browser (src/services/http.ts) sends on every call: keep the token out of the answers' bodies. */
export const SESSION_MODE_HEADER = 'x-session';
export const COOKIE_MODE = 'cookie';

const attributes = (config: CookieConfig, maxAgeSeconds: number) =>
  ['Path=/', 'HttpOnly', 'SameSite=Strict', ...(config.production ? ['Secure'] : []), `Max-Age=${maxAgeSeconds}`].join(
    '; ',
  );

/**
 * Sets the browser's session cookie after a sign-in (login, validate-otp's rotation, and any other
 * way in). It lives as long as the session's absolute limit: the server still ends it earlier when
 * idle or revoked, and then answers 401 and clears it.
 */
export function issueSessionCookie(reply: FastifyReply, token: string, config: CookieConfig): void {
  const maxAge = Math.floor(config.sessionMaxMs / 1000);
  reply.header('set-cookie', `${sessionCookieName(config)}=${token}; ${attributes(config, maxAge)}`);
}

/** Tells the browser to forget the cookie (sign-out, a refused or ended session). */
export function clearSessionCookie(reply: FastifyReply, config: CookieConfig): void {
  reply.header('set-cookie', `${sessionCookieName(config)}=; ${attributes(config, 0)}`);
}

/** What a Cookie header holds under one name: nothing, one well-formed value, or something to refuse. */
export type CookieRead = { kind: 'none' } | { kind: 'value'; value: string } | { kind: 'malformed' };

/** A session token as sessions.ts makes it (base64url), with room to spare; nothing else is looked up. */
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;

/**
 * Reads one cookie out of a Cookie header (`a=1; b="2"`, RFC 6265 section 4.2). Two cookies of the
 * same name (a second one planted by another path or a subdomain) are refused, not guessed between;
 * so is a value that is not a token. Cookies under other names are not looked at.
 */
export function readCookie(header: string | string[] | undefined, name: string): CookieRead {
  if (header === undefined) return { kind: 'none' };
  const text = Array.isArray(header) ? header.join('; ') : header;
  const found: string[] = [];
  for (const pair of text.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0) continue;
    if (pair.slice(0, eq).trim() !== name) continue;
    let value = pair.slice(eq + 1).trim();
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    found.push(value);
  }
  if (found.length === 0) return { kind: 'none' };
  if (found.length > 1 || !TOKEN.test(found[0])) return { kind: 'malformed' };
  return { kind: 'value', value: found[0] };
}

export const readSessionCookie = (request: FastifyRequest, config: Pick<Config, 'production'>) =>
  readCookie(request.headers.cookie, sessionCookieName(config));

/** Whether the caller is a browser of this app: it asked for cookie mode (every call of src/services/http.ts). */
export const asksForCookie = (request: FastifyRequest) => request.headers[SESSION_MODE_HEADER] === COOKIE_MODE;

/** A browser's call (it asked for cookie mode, or came with the cookie): its session goes in the cookie, not the body. */
export const inCookieMode = (request: FastifyRequest) => asksForCookie(request) || request.auth?.via === 'cookie';

/**
 * Hands a new session (any sign-in, any rotation) to its caller: a browser gets the cookie and no
 * token in the body (null is returned for toCurrentUser); an API client gets the token back for the
 * body, and no cookie.
 */
export function handOverSession(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  config: CookieConfig,
): string | null {
  if (!inCookieMode(request)) return token;
  issueSessionCookie(reply, token, config);
  return null;
}
