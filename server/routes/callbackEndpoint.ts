import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { CallbackUrlBody, NoCallbackInput } from '../../src/services/callbackRules.ts';
import {
  callbackEndpointOf,
  rotateCallbackSecret,
  sendTestCallback,
  setCallbackUrl,
} from '../domain/callbackEndpoint.ts';
import { requireAuth } from '../http/access.ts';
import { parseInput } from '../http/errors.ts';
import { ok } from '../http/reply.ts';
import { originOf, type RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { msg } from '../../src/i18n/msg.ts';

const ClientParams = v.object({
  id: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}$/, msg({ defaultMessage: 'The client id must be a number', id: 'T5TVHV' })),
    v.transform(Number),
  ),
});

/** A client's callback endpoint (issue 47): its URL, its secret's rotation, a test callback. SUPER ADMIN's. */
export function callbackEndpointRoutes({ database, config, selfUrl }: RouteDeps) {
  const { db } = database;
  const clientOf = (request: FastifyRequest) => parseInput(ClientParams, request.params).id;
  return async (app: FastifyInstance) => {
    app.get(routes.callbackEndpoint.path, async (request) => ok(await callbackEndpointOf(db, clientOf(request))));

    app.put(routes.updateCallbackUrl.path, async (request) => {
      const { principal } = requireAuth(request);
      const id = clientOf(request);
      const { callback_url } = parseInput(CallbackUrlBody, request.body);
      const endpoint = await setCallbackUrl(db, principal, id, callback_url, originOf(request), config.production);
      return ok(endpoint, msg({ defaultMessage: 'Callback URL saved', id: 'U4VPey' }));
    });

    app.post(routes.rotateCallbackSecret.path, async (request) => {
      const { principal } = requireAuth(request);
      const id = clientOf(request);
      parseInput(NoCallbackInput, request.body ?? {});
      const rotated = await rotateCallbackSecret(db, principal, id, originOf(request));
      return ok(
        rotated,
        msg({ defaultMessage: 'Callback secret rotated: copy it now, it is not shown again', id: 'MmJdcO' }),
      );
    });

    app.post(routes.testCallback.path, async (request) => {
      const { principal } = requireAuth(request);
      const id = clientOf(request);
      parseInput(NoCallbackInput, request.body ?? {});
      const result = await sendTestCallback(db, principal, id, originOf(request), {
        production: config.production,
        selfUrl: selfUrl(),
      });
      return ok(
        result,
        result.delivered
          ? msg({ defaultMessage: 'Test callback delivered', id: 'ef3V+v' })
          : msg({ defaultMessage: 'Test callback not delivered', id: '4Kw+bi' }),
      );
    });
  };
}
