import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect.ts';
import { audit } from '../domain/audit.ts';
import { loadSessionPrincipal, type Principal } from '../domain/principal.ts';
import type { SessionLimits } from '../domain/sessions.ts';
import { notAllowed, notAuthenticated } from '../domain/errors.ts';
import { grants } from '../domain/grants.ts';
import { routeKey, routeTable, type AccessRule } from './routeTable.ts';

export type { AccessRule };

export interface AuthContext {
  sessionId: number;
  otpVerified: boolean;
  token: string;
  principal: Principal;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: AccessRule;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw notAuthenticated();
  return request.auth;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export async function authenticateToken(
  database: Database,
  limits: SessionLimits,
  token: string,
): Promise<AuthContext | null> {
  // One statement: the session check (and, at most once a step, its last_seen_at) and the principal.
  const found = await loadSessionPrincipal(database.db, token, limits);
  if (!found) return null;
  return {
    sessionId: found.session.sessionId,
    otpVerified: found.session.otpVerified,
    token,
    principal: found.principal,
  };
}

export function registerAccessControl(app: FastifyInstance, database: Database, limits: SessionLimits): void {
  app.decorateRequest('auth', null);

  // Rules live in routeTable alone: a route declaring its own, or an /api route missing from the
  // table, stops the server from starting.
  app.addHook('onRoute', (route) => {
    if (route.config?.access)
      throw new Error(`Route ${route.method} ${route.url} declares its access rule itself; put it in routeTable`);
    const method = Array.isArray(route.method) ? route.method[0] : route.method;
    const rule = routeTable[routeKey(method, route.url)];
    if (!rule) {
      if (route.url.startsWith('/api/')) throw new Error(`Route ${method} ${route.url} has no entry in routeTable`);
      return;
    }
    route.config = { ...route.config, access: rule };
  });

  app.addHook('preHandler', async (request) => {
    const rule = request.routeOptions.config?.access;
    if (!rule || rule.kind === 'public') return;
    const token = bearerToken(request);
    const auth = token ? await authenticateToken(database, limits, token) : null;
    if (!auth) throw notAuthenticated();
    request.auth = auth;
    if (rule.kind === 'session') return;
    const refusal = !auth.otpVerified
      ? 'Two-factor verification is required.'
      : !grants(auth.principal, rule, request.method)
        ? 'You are not allowed to do this.'
        : null;
    if (refusal) {
      await audit(database.db, {
        actorUserId: auth.principal.id,
        actorEmail: auth.principal.email,
        action: 'access.denied',
        outcome: 'denied',
        ip: request.ip,
        detail: { method: request.method, route: request.routeOptions.url },
      });
      throw notAllowed(refusal);
    }
  });
}
