import { routes, type AccessRule } from '../../src/services/routes.ts';

export type { AccessRule };

/**
 * The authorization table, keyed "METHOD url" as registered, derived from the one route table
 * (src/services/routes.ts). The server refuses to start with an /api route missing here, and the
 * authorization matrix test walks it, so nothing is reachable by omission.
 */
export const routeTable: Record<string, AccessRule> = {};
for (const [name, { method, path, access }] of Object.entries(routes)) {
  const key = `${method} ${path}`;
  if (routeTable[key]) throw new Error(`routes.${name} repeats ${key}`);
  routeTable[key] = access;
}

export const routeKey = (method: string, url: string) => `${method === 'HEAD' ? 'GET' : method} ${url}`;
