import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { receiveDemoCallback } from '../domain/callbacks.ts';
import { invalidInput } from '../domain/errors.ts';
import { parseInput } from '../http/errors.ts';
import { guardedJsonParser } from '../http/requestGuards.ts';
import type { RouteDeps } from './context.ts';
import { routes } from '../../src/services/routes.ts';
import { LEGACY_SIGNATURE_HEADER, TIMESTAMPED_SIGNATURE_HEADER } from '../../src/services/callbackRules.ts';
import { msg } from '../../src/i18n/msg.ts';

const Params = v.object({
  clientId: v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'clientId must be a number'), v.transform(Number)),
});

interface SignedBody {
  raw: string;
  value: unknown;
}

/**
 * The demo merchants' callback endpoint: checks the signatures with the client's secrets and
 * records what arrived, so a resent callback can be seen landing.
 */
export function demoMerchantRoutes({ database }: RouteDeps) {
  const { db } = database;
  return async (app: FastifyInstance) => {
    // The signature covers the exact bytes sent, so this plugin keeps the text beside the parsed value
    // (the same guarded parser as every other route: depth and prototype checks included).
    const parse = guardedJsonParser(app);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 65_536 }, (request, body, done) => {
      parse(request, body as string).then(
        (value) => done(null, { raw: body as string, value } satisfies SignedBody),
        (error: Error) => done(error, undefined),
      );
    });
    app.post(routes.demoMerchantCallback.path, async (request) => {
      const { clientId } = parseInput(Params, request.params);
      const { raw, value } = (request.body ?? { raw: '', value: undefined }) as SignedBody;
      if (value === null || typeof value !== 'object' || Array.isArray(value))
        throw invalidInput(msg({ defaultMessage: 'The callback body must be a JSON object', id: 'ZCzk7W' }));
      // Node joins a repeated header into one value (set-cookie aside).
      const header = (name: string) => request.headers[name] as string | undefined;
      await receiveDemoCallback(
        db,
        clientId,
        { raw, value },
        { timestamped: header(TIMESTAMPED_SIGNATURE_HEADER), legacy: header(LEGACY_SIGNATURE_HEADER) },
      );
      return { status: 'success', message: 'Callback received' };
    });
  };
}
