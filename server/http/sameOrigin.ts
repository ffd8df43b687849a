import type { IncomingHttpHeaders } from 'node:http';
import type { Config } from '../config.ts';

export type OriginConfig = Pick<Config, 'production' | 'publicOrigin'>;

/**
 * The app's own origin for a request: PUBLIC_ORIGIN when a proxy in front changes it, else the
 * request's Host with its scheme. In production the session cookie is Secure, so a browser sends
 * it only over https: behind a proxy that ends TLS the scheme is https although this hop is http.
 * The vite dev server's proxy is told to keep the browser's Host (vite.config.ts, changeOrigin: false),
 * so in development the page's origin (http://localhost:5173) and the Host the API sees agree
 * without any allowance.
 */
export function appOrigin(headers: IncomingHttpHeaders, encrypted: boolean, config: OriginConfig): string | null {
  if (config.publicOrigin) return config.publicOrigin;
  const host = headers.host;
  if (!host) return null;
  return `${config.production || encrypted ? 'https' : 'http'}://${host.toLowerCase()}`;
}

/** The origin a browser says a request came from: Origin, or absent that, the Referer's origin. */
function claimedOrigin(headers: IncomingHttpHeaders): string | null {
  const origin = headers.origin;
  if (origin !== undefined) return origin === 'null' ? null : origin.toLowerCase();
  const referer = headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Whether a request carrying the session cookie was made by the app itself (CSRF, and cross-site
 * WebSocket hijacking for socket.io). SameSite=Strict already keeps the cookie off other sites'
 * requests in current browsers; this is the second lock, which also covers a sibling origin on the
 * same site. Without an Origin or Referer the request is refused: every browser sends Origin on a
 * POST, PUT, PATCH or DELETE fetch and on a WebSocket handshake.
 */
export function comesFromApp(headers: IncomingHttpHeaders, encrypted: boolean, config: OriginConfig): boolean {
  const own = appOrigin(headers, encrypted, config);
  const claimed = claimedOrigin(headers);
  return own !== null && claimed !== null && claimed === own.toLowerCase();
}

/** Methods that change nothing; every other method from the browser must pass the Origin check. */
export const isSafeMethod = (method: string) => method === 'GET' || method === 'HEAD' || method === 'OPTIONS';
