import type { FastifyInstance } from 'fastify';

/**
 * The server's settings the web app needs before it starts, as a classic script index.html loads
 * ahead of the app's module (src/services/businessClock.ts reads it): the business time zone
 * (TZ_BUSINESS), so the browser reads every window on the server's clock. A script of our own origin
 * passes the CSP's script-src 'self', where an inline one would not; Vite's dev server proxies it here.
 */
export const APP_CONFIG_PATH = '/app-config.js';

export function registerAppConfig(app: FastifyInstance, config: { businessTimeZone: string }): void {
  // TZ_BUSINESS is checked to be an IANA zone at start; JSON keeps it a string literal whatever it holds.
  const script = `window.__APP_CONFIG__ = ${JSON.stringify({ businessTimeZone: config.businessTimeZone })};\n`;
  app.get(APP_CONFIG_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'no-cache').send(script),
  );
}
