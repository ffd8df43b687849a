import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's hashed output: a changed file gets a new name, so a copy never needs checking again. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html (and the few unhashed files): kept, but revalidated each time so a deploy shows at once. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app. Each file goes out as the brotli or gzip copy the build wrote beside it
 * (vite.config.ts's precompress plugin) when the browser accepts one, else as is. The SPA fallback
 * in errorHandler.ts sends index.html through the same sendFile, so it gets the same headers.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // One route per built file, listed at start; the compressed copies are found by preCompressed, not routed.
    wildcard: false,
    globIgnore: ['**/*.br', '**/*.gz'],
    preCompressed: true,
    setHeaders: (reply, path) => {
      const hashed = relative(root, path).split(sep)[0] === 'assets';
      reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
    },
  });
}
