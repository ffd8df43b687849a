import type { FastifyInstance } from 'fastify';
import { routes } from '../../src/services/routes.ts';
import { LANGUAGE_SAVED, saveLanguage } from '../domain/userLanguage.ts';
import { requireAuth } from '../http/access.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';

/** User Settings' language (issue 48): saved for the caller alone, and answered in the language just saved. */
export function userLanguageRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    app.put(routes.saveLanguage.path, async (request) => {
      const { principal } = requireAuth(request);
      const saved = await saveLanguage(db, principal, request.body, originOf(request));
      request.answerLanguage = saved.language;
      return ok(saved, LANGUAGE_SAVED);
    });
  };
}
