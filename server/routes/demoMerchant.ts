import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { clients, demoMerchantInbox } from '../db/schema.ts';
import { DEMO_CALLBACK_PATH, signatureMatches } from '../domain/callbacks.ts';
import { notFound, parseInput, unauthorized } from '../http/errors.ts';
import type { RouteDeps } from './context.ts';

const Params = v.object({ clientId: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'clientId must be a number'), v.transform(Number)) });

/**
 * The demo merchants' callback endpoint: checks the HMAC signature with the client's secret and
 * records what arrived, so a resent callback can be seen landing.
 */
export function demoMerchantRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    // The signature covers the exact bytes sent, so the body is kept as text.
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 65_536 }, (request, body, done) => {
      if (!request.url.startsWith(DEMO_CALLBACK_PATH)) {
        try { done(null, body === '' ? undefined : JSON.parse(body as string)); } catch (e) { (e as { statusCode?: number }).statusCode = 400; done(e as Error); }
        return;
      }
      done(null, body);
    });
    app.post(`${DEMO_CALLBACK_PATH}/:clientId`, async (request) => {
      const { clientId } = parseInput(Params, request.params);
      const [client] = await db.select().from(clients).where(eq(clients.id, clientId));
      if (!client?.callbackSecret) throw notFound('Unknown merchant');
      const raw = typeof request.body === 'string' ? request.body : '';
      const valid = signatureMatches(client.callbackSecret, raw, request.headers['x-signature'] as string | undefined);
      let body: unknown = null;
      try { body = JSON.parse(raw); } catch { body = { unparsable: raw.slice(0, 200) }; }
      await db.insert(demoMerchantInbox).values({ clientId, body: body as object, signatureValid: valid });
      if (!valid) throw unauthorized('Invalid signature');
      return { status: 'success', message: 'Callback received' };
    });
  };
}
