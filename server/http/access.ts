import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Database } from '../db/connect.ts';
import { audit } from '../domain/audit.ts';
import { loadSessionPrincipal, type Principal } from '../domain/principal.ts';
import type { SessionLimits } from '../domain/sessions.ts';
import { notAllowed, notAuthenticated } from '../domain/errors.ts';
import { grants } from '../domain/grants.ts';
import { routeKey, routeTable, type AccessRule } from './routeTable.ts';
import { comesFromApp, isSafeMethod, type OriginConfig } from './sameOrigin.ts';
import { clearSessionCookie, readSessionCookie, type CookieConfig } from './sessionCookie.ts';
import { msg } from '../../src/i18n/msg.ts';

export type { AccessRule };

export interface AuthContext {
  sessionId: number;
  otpVerified: boolean;
  token: string;
  principal: Principal;
  /** How the request carried the session: the browser's cookie, or an API client's bearer header. */
  via: 'bearer' | 'cookie';
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
  via: AuthContext['via'] = 'bearer',
): Promise<AuthContext | null> {
  // One statement: the session check (and, at most once a step, its last_seen_at) and the principal.
  const found = await loadSessionPrincipal(database.db, token, limits);
  if (!found) return null;
  return {
    sessionId: found.session.sessionId,
    otpVerified: found.session.otpVerified,
    token,
    principal: found.principal,
    via,
  };
}

export const FOREIGN_ORIGIN = msg({
  defaultMessage: 'This request did not come from the app. Please reload the page and try again.',
  id: '/Yrqzx',
});

/** Where the request's session comes from: the bearer header wins over the cookie when both are sent. */
type Credential = { token: string; via: AuthContext['via'] } | { malformed: true } | null;

function credentialOf(request: FastifyRequest, config: CookieConfig): Credential {
  const bearer = bearerToken(request);
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = readSessionCookie(request, config);
  if (cookie.kind === 'none') return null;
  return cookie.kind === 'value' ? { token: cookie.value, via: 'cookie' } : { malformed: true };
}

export function registerAccessControl(
  app: FastifyInstance,
  database: Database,
  limits: SessionLimits,
  config: CookieConfig & OriginConfig,
): void {
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

  const deny = async (request: FastifyRequest, auth: AuthContext, message: string, why?: 'foreign-origin') => {
    await audit(database.db, {
      actorUserId: auth.principal.id,
      actorEmail: auth.principal.email,
      action: 'access.denied',
      outcome: 'denied',
      ip: request.ip,
      detail: { method: request.method, route: request.routeOptions.url, ...(why ? { reason: why } : {}) },
    });
    throw notAllowed(message);
  };

  app.addHook('preHandler', async (request, reply) => {
    const rule = request.routeOptions.config?.access;
    if (!rule || rule.kind === 'public') return;
    const credential = credentialOf(request, config);
    const auth =
      credential && 'token' in credential
        ? await authenticateToken(database, limits, credential.token, credential.via)
        : null;
    if (!auth) {
      // A cookie that no longer opens a session (ended, revoked, planted twice) is forgotten by the browser.
      if (credential && ('malformed' in credential || credential.via === 'cookie')) clearSessionCookie(reply, config);
      throw notAuthenticated();
    }
    request.auth = auth;
    // The browser sends the cookie by itself, so a change made with it must come from the app's own
    // page (CSRF). A bearer header is never sent by a browser on its own: API clients are exempt.
    if (
      auth.via === 'cookie' &&
      !isSafeMethod(request.method) &&
      !comesFromApp(request.headers, request.protocol === 'https', config)
    )
      await deny(request, auth, FOREIGN_ORIGIN, 'foreign-origin');
    if (rule.kind === 'session') return;
    const refusal = !auth.otpVerified
      ? msg({ defaultMessage: 'Two-factor verification is required.', id: '/fbkdP' })
      : !grants(auth.principal, rule, request.method)
        ? msg({ defaultMessage: 'You are not allowed to do this.', id: 'mmkdoV' })
        : null;
    if (refusal) await deny(request, auth, refusal);
  });
}
