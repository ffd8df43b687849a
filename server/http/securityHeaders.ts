import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * The response headers of every answer (helmet). The app's scripts are the hashed files
 * Vite builds, loaded from our own origin, with no inline script, so script-src is 'self' alone.
 * style-src also allows 'unsafe-inline': Fluent UI's CSS-in-JS (Griffel) writes its rules into
 * <style> elements at run time and the QR code and dialogs set inline styles; a nonce would need
 * index.html rendered per request and the nonce threaded into Griffel's renderer, for a directive
 * whose worst case (injected CSS) cannot run code. Every other source is our own origin only.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Built once. @fastify/helmet built helmet's middleware again for every request (parsing the CSP
  // directives each time: about 5% of a list request's CPU, issue 30); the headers are the same.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // HSTS only means something over TLS; it is sent below when the request came over it.
    hsts: false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header(
      'Permissions-Policy',
      'camera=(), microphone=(), geolocation=(), payment=(), usb=(), clipboard-read=(self), clipboard-write=(self)',
    );
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}
